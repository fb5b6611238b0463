import { useEffect, useState } from "react";

/**
 * The log-in and register forms need their script to send: it adds the invisible captcha's token.
 * With JavaScript on, their `<noscript>` question is not there either, so a tap on the button before
 * the page hydrated posted natively and came back as "captcha verification failed", the password
 * emptied. This inline guard (root.tsx, before any module) holds such a submit instead; the form
 * sends it once it has hydrated (`useEarlySubmit`). Without JavaScript it never runs; a browser without
 * modules never hydrates, so it is left alone, and a page that has not hydrated 30 s later posts as before.
 */
export const EARLY_SUBMIT_GUARD =
  '"noModule"in HTMLScriptElement.prototype&&document.addEventListener("submit",function(e){var f=e.target;' +
  'if(!f.hasAttribute||!f.hasAttribute("data-needs-script")||f.hasAttribute("data-ready"))return;' +
  'e.preventDefault();if(f.hasAttribute("data-submit-held"))return;f.setAttribute("data-submit-held","");' +
  'setTimeout(function(){if(f.hasAttribute("data-submit-held")&&!f.hasAttribute("data-ready")){' +
  'f.removeAttribute("data-submit-held");f.submit()}},30000)},true);';

/** Props for a form that needs its script to send, and the sending of a submit held before it hydrated. */
export function useEarlySubmit(formId: string) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  useEffect(() => {
    if (!ready) return;
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement) || !element.hasAttribute("data-submit-held")) return;
    element.removeAttribute("data-submit-held");
    element.requestSubmit();
  }, [ready, formId]);
  return { "data-needs-script": "", "data-ready": ready ? "" : undefined };
}
