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
  return async function inline(html: string): Promise<string> {
    const link = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="(\/assets\/[^"]+\.css)"[^>]*>/.exec(html);
    if (!link) return html;
    try {
      const inlined = await beasties.process(html);
      const deferred = inlined.replace(/<link\b([^>]*\bhref="\/assets\/[^"]+\.css"[^>]*)>/, (_tag, attributes: string) =>
        `<link${attributes.replace(/\s*\/$/, "")} media="print" data-full-css>`,
      );
      return deferred.replace("</body>", `<noscript><link rel="stylesheet" href="${link[1]}"></noscript></body>`);
    } catch (error) {
      // The page is right without this, only slower to paint.
      log("warn", "critical CSS failed", { error: String(error) });
      return html;
    }
  };
}
