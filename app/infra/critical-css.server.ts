import Beasties from "beasties";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { config } from "./config.server";
import { readCookie } from "./cookies.server";
import { log } from "./log.server";

/**
 * The anonymous home page's first paint without waiting for the stylesheet. On a slow mobile network
 * the render-blocking stylesheet (86 KB, 13 KB compressed) cost the home page its LCP target; inlining
 * all of it pushed the HTML past the first TCP round trip. So the rules the page's own elements use are
 * inlined (beasties reads the built stylesheet and keeps what matches the HTML, media queries included),
 * and the full stylesheet still loads, without blocking: `media="print"` until the client entry switches
 * it to `all` before hydrating (an inline `onload` would break the CSP), and a `<noscript>` copy for
 * browsers without JavaScript. The element stays where React expects it, so hydration is unaffected.
 */
export function criticalCss(clientDir: string) {
  const beasties = new Beasties({
    path: clientDir,
    publicPath: "/",
    // No preload strategy: each of beasties' own needs an inline script or handler, which the CSP
    // refuses; the link is rewritten below instead. (`false` works, its type does not list it.)
    preload: false as never,
    pruneSource: false,
    compress: true,
    reduceInlineStyles: false,
    logLevel: "silent",
    // A selector that is only a pseudo-element matches no element of the page; placeholders show at once.
    allowRules: [/^::placeholder$/],
  });
  async function inline(html: string): Promise<string> {
    const links = stylesheetLinks(html);
    if (links.length === 0) return html;
    try {
      return deferStylesheets(
        await beasties.process(html),
        links.map((link) => link[1]!),
      );
    } catch (error) {
      // The page is right without this, only slower to paint.
      log("warn", "critical CSS failed", { error: String(error) });
      return html;
    }
  }

  // Per key (a set of selector tokens, see bySelectors), the rules beasties chose the first time.
  const remembered = new Map<string, string>();
  /**
   * For pages that need the same rules (the caller's key says which): beasties runs once per key, later
   * answers get the same rules spliced in — a string replacement, not a CSS pass per request.
   */
  inline.remembered = async function rememberedInline(key: string, html: string): Promise<string> {
    const links = stylesheetLinks(html);
    if (links.length === 0 || /<style[\s>]/.test(html)) return html;
    let css = remembered.get(key);
    if (css === undefined) {
      // Beasties merges the rules of every stylesheet, in their order, into one element.
      const out = await inline(html);
      css = /<style>([\s\S]*?)<\/style>/.exec(out)?.[1];
      if (css === undefined) return out;
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      remembered.set(key, css);
    }
    // Cut and joined at known places: a regex pass over the joined page cost more than the rest together.
    const end = html.lastIndexOf("</body>");
    const last = links.at(-1)!;
    if (end < last.index) return html;
    let joined = `${html.slice(0, links[0]!.index)}<style>${css}</style>`;
    links.forEach((link, i) => {
      const next = links[i + 1]?.index ?? end;
      joined += deferredLink(link[0]) + html.slice(link.index + link[0].length, next);
    });
    return joined + links.map((link) => noscriptCopy(link[1]!)).join("") + html.slice(end);
  };

  const selectorAttributes = new Map<string, SelectorAttributes>();
  /**
   * For a personal page (the courier's): the rules are chosen by what the stylesheet's selectors can see
   * of the page — its tags, its classes, and the attributes the stylesheet selects by — and remembered
   * per such set. Two couriers in the same state share one entry; names, e-mails and other values never
   * reach the key, and the page itself is not kept.
   */
  inline.bySelectors = async function inlineBySelectors(html: string): Promise<string> {
    const links = stylesheetLinks(html);
    if (links.length === 0) return html;
    // The admin screens load a second stylesheet of their own: the key and the attributes cover both.
    const hrefs = links.map((link) => link[1]!).join("|");
    let attributes = selectorAttributes.get(hrefs);
    if (!attributes) {
      attributes = attributesSelectedBy(links.map((link) => path.join(clientDir, link[1]!)));
      selectorAttributes.set(hrefs, attributes);
    }
    // The head holds no element a rule styles; its preload links are a third of a courier's page.
    const body = html.indexOf("<body");
    return inline.remembered(`${hrefs}|${selectorKey(body < 0 ? html : html.slice(body), attributes)}`, html);
  };
  return inline;
}

/**
 * Whether a browser already holds this build's stylesheets, for pages whose visitors come back on the
 * same browser (the admin screens). Their rules inline cost a rewrite and more to compress on every full
 * load (about 0.18 ms of `/admin/users`), and only spare a round trip while the stylesheets are not
 * cached. The answer that inlines them also loads them (without blocking) and sets a cookie naming this
 * build's stylesheets; a later full load that sends it back is answered with the plain links, which the
 * browser has. A new build names other files, so its first load is inlined again. A browser that dropped
 * its cache since pays the one round trip the page cost before the rules were inlined.
 */
export function cachedStylesheets(clientDir: string, cookiePath: string) {
  let names: string[] = [];
  try {
    names = readdirSync(path.join(clientDir, "assets")).filter((file) => file.endsWith(".css"));
  } catch {
    // No built assets (a test's empty folder): the key names nothing, which is still one key.
  }
  const key = Bun.hash(names.sort().join(" ")).toString(36);
  const secure = config().production ? "; Secure" : "";
  return {
    areCached: (request: Request) => readCookie(request, STYLESHEETS_COOKIE) === key,
    cookie: `${STYLESHEETS_COOKIE}=${key}; Path=${cookiePath}; Max-Age=31536000; HttpOnly; SameSite=Lax${secure}`,
  };
}
const STYLESHEETS_COOKIE = "cf_css";

// Each remembered selection is the page's rules (10–25 KB): a few couriers' states in three languages.
const MAX_REMEMBERED = 64;

/** The attributes a stylesheet selects by: `[open]` by presence, `[type=file]` by value; `pattern` finds them. */
type SelectorAttributes = { byValue: Set<string>; pattern: RegExp };

function attributesSelectedBy(files: string[]): SelectorAttributes {
  const names = new Set<string>(["class"]);
  const byValue = new Set<string>();
  let css = "";
  for (const file of files)
    try {
      css += readFileSync(file, "utf8");
    } catch {
      // beasties reports the missing stylesheet; the key then only counts tags and classes.
    }
  for (const [, name, op] of css.matchAll(/\[([a-zA-Z][\w-]*)\s*([~|^$*]?=)?/g)) {
    names.add(name!);
    if (op) byValue.add(name!);
  }
  // React writes every attribute with a quoted value (`open=""`); text and script data never hold `name="`
  // unescaped, so this finds attributes only.
  return { byValue, pattern: new RegExp(`\\s(${[...names].join("|")})="([^"]*)"`, "g") };
}

/** What decides which rules match: the tag names, the class names and the selected attributes. */
export function selectorKey(html: string, attributes: SelectorAttributes): string {
  const tokens = new Set<string>();
  const tags = /<([a-zA-Z][\w-]*)/g;
  for (let m = tags.exec(html); m; m = tags.exec(html)) tokens.add(m[1]!);
  const pattern = new RegExp(attributes.pattern);
  for (let m = pattern.exec(html); m; m = pattern.exec(html)) {
    const [, name, value] = m as unknown as [string, string, string];
    if (name === "class") for (const c of value.split(" ")) tokens.add(`.${c}`);
    else tokens.add(attributes.byValue.has(name) ? `[${name}=${value}]` : `[${name}]`);
  }
  return Bun.hash([...tokens].sort().join(" ")).toString(36);
}

const STYLESHEETS = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"[^>]*>/g;

/** The built stylesheets the page links to, in their order (in the head, where React Router puts them). */
function stylesheetLinks(html: string) {
  const head = html.indexOf("</head>");
  return [...(head < 0 ? html : html.slice(0, head)).matchAll(STYLESHEETS)];
}

/** The built stylesheets as `media="print"` (switched on by the client entry) plus `<noscript>` copies. */
function deferStylesheets(html: string, hrefs: string[]): string {
  const deferred = html.replace(/<link\b[^>]*\bhref="\/assets\/[^"]+\.css"[^>]*>/g, deferredLink);
  return deferred.replace("</body>", `${hrefs.map(noscriptCopy).join("")}</body>`);
}

/** A stylesheet's link tag that no longer blocks: `media="print"` until the client entry switches it on. */
function deferredLink(tag: string) {
  return tag.replace(/\s*\/?>$/, ' media="print" data-full-css>');
}

function noscriptCopy(href: string) {
  return `<noscript><link rel="stylesheet" href="${href}"></noscript>`;
}
