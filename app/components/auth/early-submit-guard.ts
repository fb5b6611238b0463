/**
 * The log-in and register forms need their script to send: it adds the invisible captcha's token.
 * With JavaScript on, their `<noscript>` question is not there either, so a tap on the button before
 * the page hydrated posted natively and came back as "captcha verification failed", the password
 * emptied. This inline guard (root.tsx, before any module) holds such a submit instead; the form
 * sends it once it has hydrated (`useEarlySubmit` in early-submit.ts). Without JavaScript it never runs; a browser without
 * modules never hydrates, so it is left alone, and a page that has not hydrated 30 s later posts as before.
 */
export const EARLY_SUBMIT_GUARD =
  '"noModule"in HTMLScriptElement.prototype&&document.addEventListener("submit",function(e){' +
  'var f=e.target,h="data-submit-held",r="[data-ready]";if(!f.matches("[data-needs-script]:not("+r+")"))return;' +
  'e.preventDefault();if(f.hasAttribute(h))return;f.setAttribute(h,"");' +
  "setTimeout(function(){if(f.hasAttribute(h)&&!f.matches(r)){f.removeAttribute(h);f.submit()}},3e4)},!0);";

/**
 * The guard goes only into a page that opens with a log-in or register form (`?auth=…`, `/auth/…`) for a
 * visitor: a form opened after hydration needs none, and every other page keeps its bytes.
 */
export function earlySubmitGuardFor(location: { pathname: string; search: string }, loggedIn: boolean) {
  if (loggedIn) return "";
  const auth = new URLSearchParams(location.search).get("auth");
  const opensForm =
    auth === "login" || auth === "register" || /^\/auth\/(login|register)(\/|$)/.test(location.pathname);
  return opensForm ? EARLY_SUBMIT_GUARD : "";
}
