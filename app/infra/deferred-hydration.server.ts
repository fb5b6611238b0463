/**
 * The anonymous home page hydrates when the visitor first does something, not on arrival.
 *
 * On a slow phone the page's first seconds went to the framework: 150 KB of modules fetched before the
 * first paint was done, then hydration's long tasks (React renders the whole page once more) while the
 * visitor only reads. Everything on the page works without JavaScript (links, the GET calculator, the
 * assistant's and the dialogs' forms), so the scripts can wait: the copy every anonymous visitor gets
 * carries no module preloads, and React Router's module script is kept inert (`type="text/plain"`)
 * until the first pointer, key, touch or wheel; then a small inline script runs it (not on scroll or
 * focus alone, which a browser can cause itself, e.g. when the viewport changes, nor on a pointer move
 * that moved nothing: Chromium reports the resting cursor once the page is laid out). The
 * modules are fetched, at low priority, when the phone is idle a few seconds after the page has loaded
 * (compiling them is main-thread work the first seconds of reading do not need), so that hydration on
 * the first touch seldom waits for the network; unless hydration has begun by then, the page view is
 * counted at load (`SiteTracking` does not count it again), so a visitor who only reads is counted.
 * The full stylesheet stays `media="print"` until hydration switches it on (entry.client.tsx): the
 * inline critical CSS holds every rule the server's HTML uses, and applying the rest is a full style
 * pass the page does not need before its scripts run.
 *
 * React tolerates the changes: `<link>` elements are hoistables it adds when missing, the module
 * script's attributes are not compared in production, and the added script is a child of `<body>`
 * that hydration skips over.
 */

const PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;
const MODULE_SCRIPT = /<script\b([^>]*)\btype="module"([^>]*)>(?=[^<]*__reactRouterRouteModules)/;
const NONCE = /\bnonce="([^"]+)"/;

/** What runs the deferred module script on the first interaction (kept small: it ships in every copy). */
function starter(preloads: string[]) {
  return `(function(){var d=document,w=window,started=false;
var events=["pointerdown","pointermove","keydown","touchstart","wheel"];
function start(e){if(started||e.type==="pointermove"&&e.movementX===0&&e.movementY===0)return;started=true;events.forEach(function(e){w.removeEventListener(e,start,true)});
var inert=d.querySelector("script[data-hydrate-later]");if(!inert)return;
var s=d.createElement("script");s.type="module";s.nonce=inert.nonce;s.textContent=inert.textContent;d.body.appendChild(s)}
events.forEach(function(e){w.addEventListener(e,start,{capture:true,passive:true})});
function preload(){${JSON.stringify(preloads)}.forEach(function(h){
var l=d.createElement("link");l.rel="modulepreload";l.href=h;l.fetchPriority="low";d.head.appendChild(l)})}
w.addEventListener("load",function(){setTimeout(function(){if(w.requestIdleCallback)requestIdleCallback(preload,{timeout:2000});else preload()},3000);
if(started)return;var path=location.pathname+location.search;w.__pageViewSent=path;
fetch("/api/track/page-view",{method:"POST",credentials:"include",keepalive:true,headers:{"Content-Type":"application/json"},
body:JSON.stringify({path:path,referrer:d.referrer||null})}).catch(function(){})});
})();`;
}

/**
 * What runs the deferred module script once the page has loaded and painted: the second mode, for pages
 * rendered per request (a courier's dashboard, the application form). Their modules then neither compete
 * with the stylesheet and the page's own images nor delay the first paint; the forms work without them,
 * and each carries over what was typed before it hydrated. `load` can come before the frame that paints
 * the page's main content (on a slow phone its layout is still under way): the scripts wait for that
 * frame too (a timeout set in `requestAnimationFrame` runs once the frame is painted). A page opened in a
 * background tab paints no frame, so it hydrates once it is first shown.
 */
function loadStarter(preloads: string[]) {
  return `(function(){var d=document,w=window;
function start(){var inert=d.querySelector("script[data-hydrate-later]");if(!inert)return;
${JSON.stringify(preloads)}.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});
var s=d.createElement("script");s.type="module";s.nonce=inert.nonce;s.textContent=inert.textContent;d.body.appendChild(s)}
function painted(){requestAnimationFrame(function(){setTimeout(start,0)})}
if(d.readyState==="complete")painted();else w.addEventListener("load",painted);
})();`;
}

export type HydrationStart = "interaction" | "load";

/** The HTML with hydration deferred; unchanged when it is not shaped as expected. */
export function deferHydration(html: string, until: HydrationStart = "interaction"): string {
  const script = MODULE_SCRIPT.exec(html);
  const nonce = script && NONCE.exec(script[0])?.[1];
  if (!script || !nonce || !html.includes("</body>")) return html;
  const preloads: string[] = [];
  const withInertScript =
    html.slice(0, script.index) +
    `<script${script[1]}type="text/plain" data-hydrate-later${script[2]}>` +
    html.slice(script.index + script[0].length);
  const withoutPreloads = withInertScript.replace(PRELOAD, (tag) => {
    const href = HREF.exec(tag)?.[1];
    if (href) preloads.push(href);
    return "";
  });
  const code = starterFor(until, preloads);
  return withoutPreloads.replace("</body>", () => `<script nonce="${nonce}">${code}</script></body>`);
}

// A route's preloads are the same on every answer of a build: its starter is written once.
const starters = new Map<string, string>();
function starterFor(until: HydrationStart, preloads: string[]) {
  const key = `${until} ${preloads.join(" ")}`;
  let code = starters.get(key);
  if (code === undefined) {
    code = until === "load" ? loadStarter(preloads) : starter(preloads);
    if (starters.size >= 256) starters.clear();
    starters.set(key, code);
  }
  return code;
}

const PRELOAD_AT_DEFAULT_PRIORITY = /<link rel="modulepreload"(?![^>]*\bfetchPriority=)/g;

/**
 * A page that hydrates as rendered still fetches its modules below the stylesheet and the first paint:
 * React Router's `<Scripts>` puts its module preloads in the head at high priority, and a slow phone
 * should spend its first round trips on what it shows. Only the head is searched (the preloads are all
 * there); a preload that names its own priority keeps it.
 */
export function lowPriorityPreloads(html: string): string {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd);
  const lowered = head.replace(PRELOAD_AT_DEFAULT_PRIORITY, '<link rel="modulepreload" fetchPriority="low"');
  return lowered === head ? html : lowered + html.slice(headEnd);
}
