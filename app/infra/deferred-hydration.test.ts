import { describe, expect, test } from "bun:test";
import { deferHydration, lowPriorityPreloads } from "./deferred-hydration.server";

/** The shape React Router's `<Scripts>` renders, around a page. */
const rendered = [
  '<!DOCTYPE html><html lang="sk"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/manifest-1.js" nonce="N0nce"/>',
  '<link rel="modulepreload" href="/assets/entry.client-2.js" nonce="N0nce"/>',
  '<link rel="stylesheet" href="/assets/root-3.css" media="print" data-full-css></head>',
  "<body><h1>Zarábaj ako kuriér</h1>",
  '<script nonce="N0nce">window.__reactRouterContext = {};</script>',
  '<script nonce="N0nce" type="module" async="">import * as route0 from "/assets/root-4.js";',
  'window.__reactRouterRouteModules = {"root":route0};',
  'import("/assets/entry.client-2.js");</script>',
  "</body></html>",
].join("");

describe("deferHydration", () => {
  const out = deferHydration(rendered);

  test("no module is fetched on arrival: no preload links, the module script inert", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out).toContain('<script nonce="N0nce" type="text/plain" data-hydrate-later async="">import * as route0');
    // What the page shows and the router's context are untouched.
    expect(out).toContain("<h1>Zarábaj ako kuriér</h1>");
    expect(out).toContain('<script nonce="N0nce">window.__reactRouterContext = {};</script>');
  });

  test("a starter with the page's nonce runs it on the first interaction and preloads the modules after load", () => {
    const starter = /<script nonce="N0nce">(\(function\(\)[\s\S]*?)<\/script><\/body>/.exec(out)?.[1];
    expect(starter).toBeDefined();
    for (const event of ["pointerdown", "pointermove", "keydown", "touchstart", "wheel"])
      expect(starter).toContain(event);
    expect(starter).toContain('["/assets/manifest-1.js","/assets/entry.client-2.js"]');
    // A visitor who only reads is still counted.
    expect(starter).toContain('fetch("/api/track/page-view"');
    // It is plain script the browser can run.
    expect(() => new Function(starter!)).not.toThrow();
  });

  test("the second mode, for pages rendered per request, starts the scripts at load and counts nothing itself", () => {
    const load = deferHydration(rendered, "load");
    expect(load).not.toContain('<link rel="modulepreload"');
    expect(load).toContain('type="text/plain" data-hydrate-later');
    const starter = /<script nonce="N0nce">(\(function\(\)[\s\S]*?)<\/script><\/body>/.exec(load)?.[1];
    // Once loaded, and once the frame after it is painted.
    expect(starter).toContain('addEventListener("load",painted)');
    expect(starter).toContain("requestAnimationFrame(function(){setTimeout(start,0)})");
    expect(starter).toContain('d.readyState==="complete"');
    expect(starter).toContain('["/assets/manifest-1.js","/assets/entry.client-2.js"]');
    // The page's own SiteTracking counts the view once it hydrates; nothing waits for a touch.
    expect(starter).not.toContain("page-view");
    expect(starter).not.toContain("pointerdown");
    expect(() => new Function(starter!)).not.toThrow();
  });

  test("HTML of another shape is left as it is", () => {
    const noModule = rendered.replace('type="module" ', "");
    expect(deferHydration(noModule)).toBe(noModule);
    const noNonce = rendered.replaceAll(' nonce="N0nce"', "");
    expect(deferHydration(noNonce)).toBe(noNonce);
  });
});

describe("lowPriorityPreloads", () => {
  test("every module preload of the head is fetched at low priority; the rest of the page is untouched", () => {
    const page = rendered.replace("<body>", '<body><link rel="modulepreload" href="/assets/late.js"/>');
    const out = lowPriorityPreloads(page);
    expect(out.match(/<link rel="modulepreload" fetchPriority="low" href=/g)).toHaveLength(2);
    expect(out).toContain('<body><link rel="modulepreload" href="/assets/late.js"/>');
    expect(out.replaceAll(' fetchPriority="low"', "")).toBe(page);
  });

  test("a preload that names its priority keeps it, and a page without a head is left alone", () => {
    const own = '<head><link rel="modulepreload" fetchPriority="high" href="/a.js"/></head><body></body>';
    expect(lowPriorityPreloads(own)).toBe(own);
    expect(lowPriorityPreloads('<link rel="modulepreload" href="/a.js"/>')).toBe(
      '<link rel="modulepreload" href="/a.js"/>',
    );
  });
});
