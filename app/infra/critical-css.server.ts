import Beasties from "beasties";
import { readFileSync } from "node:fs";
import path from "node:path";
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
    const link = STYLESHEET.exec(html);
    if (!link) return html;
    try {
      return deferStylesheet(await beasties.process(html), link[1]!);
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
    const link = STYLESHEET.exec(html);
    if (!link || /<style[\s>]/.test(html)) return html;
    let css = remembered.get(key);
    if (css === undefined) {
      const out = await inline(html);
      css = /<style>([\s\S]*?)<\/style>/.exec(out)?.[1];
      if (css === undefined) return out;
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      remembered.set(key, css);
    }
    // Cut and joined at known places: a regex pass over the joined page cost more than the rest together.
    const end = html.lastIndexOf("</body>");
    if (end < link.index) return html;
    const after = link.index + link[0].length;
    return (
      html.slice(0, link.index) +
      `<style>${css}</style>` +
      deferredLink(link[0]) +
      html.slice(after, end) +
      noscriptCopy(link[1]!) +
      html.slice(end)
    );
  };

  const selectorAttributes = new Map<string, SelectorAttributes>();
  /**
   * For a personal page (the courier's): the rules are chosen by what the stylesheet's selectors can see
   * of the page — its tags, its classes, and the attributes the stylesheet selects by — and remembered
   * per such set. Two couriers in the same state share one entry; names, e-mails and other values never
   * reach the key, and the page itself is not kept.
   */
  inline.bySelectors = async function inlineBySelectors(html: string): Promise<string> {
    const link = STYLESHEET.exec(html);
    if (!link) return html;
    const href = link[1]!;
    let attributes = selectorAttributes.get(href);
    if (!attributes) {
      attributes = attributesSelectedBy(path.join(clientDir, href));
      selectorAttributes.set(href, attributes);
    }
    // The head holds no element a rule styles; its preload links are a third of a courier's page.
    const body = html.indexOf("<body");
    return inline.remembered(`${href}|${selectorKey(body < 0 ? html : html.slice(body), attributes)}`, html);
  };
  return inline;
}

// Each remembered selection is the page's rules (10–25 KB): a few couriers' states in three languages.
const MAX_REMEMBERED = 64;

/** The attributes a stylesheet selects by: `[open]` by presence, `[type=file]` by value; `pattern` finds them. */
type SelectorAttributes = { byValue: Set<string>; pattern: RegExp };

function attributesSelectedBy(file: string): SelectorAttributes {
  const names = new Set<string>(["class"]);
  const byValue = new Set<string>();
  let css = "";
  try {
    css = readFileSync(file, "utf8");
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

const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"[^>]*>/;

/** The built stylesheet as `media="print"` (switched on by the client entry) plus a `<noscript>` copy. */
function deferStylesheet(html: string, href: string): string {
  const deferred = html.replace(/<link\b[^>]*\bhref="\/assets\/[^"]+\.css"[^>]*>/, deferredLink);
  return deferred.replace("</body>", `${noscriptCopy(href)}</body>`);
}

/** A stylesheet's link tag that no longer blocks: `media="print"` until the client entry switches it on. */
function deferredLink(tag: string) {
  return tag.replace(/\s*\/?>$/, ' media="print" data-full-css>');
}

function noscriptCopy(href: string) {
  return `<noscript><link rel="stylesheet" href="${href}"></noscript>`;
}
