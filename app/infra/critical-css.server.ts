import Beasties from "beasties";
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

  // Per key (the anonymous 404 in one language), the rules beasties chose the first time.
  const remembered = new Map<string, string>();
  /**
   * For a page that is the same for everyone of a kind apart from small text (the 404 a visitor
   * without a session gets): beasties runs once per key, later answers get the same rules spliced in —
   * a string replacement, not a CSS pass per request.
   */
  inline.remembered = async function rememberedInline(key: string, html: string): Promise<string> {
    const link = STYLESHEET.exec(html);
    if (!link || /<style[\s>]/.test(html)) return html;
    let css = remembered.get(key);
    if (css === undefined) {
      const out = await inline(html);
      css = /<style>([\s\S]*?)<\/style>/.exec(out)?.[1];
      if (css === undefined) return out;
      if (remembered.size >= 32) remembered.clear();
      remembered.set(key, css);
    }
    const withStyle = html.slice(0, link.index) + `<style>${css}</style>` + html.slice(link.index);
    return deferStylesheet(withStyle, link[1]!);
  };
  return inline;
}

const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"[^>]*>/;

/** The built stylesheet as `media="print"` (switched on by the client entry) plus a `<noscript>` copy. */
function deferStylesheet(html: string, href: string): string {
  const deferred = html.replace(
    /<link\b([^>]*\bhref="\/assets\/[^"]+\.css"[^>]*)>/,
    (_tag, attributes: string) => `<link${attributes.replace(/\s*\/$/, "")} media="print" data-full-css>`,
  );
  return deferred.replace("</body>", `<noscript><link rel="stylesheet" href="${href}"></noscript></body>`);
}
