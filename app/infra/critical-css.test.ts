import { expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { criticalCss, selectorKey } from "./critical-css.server";

const client = mkdtempSync(path.join(tmpdir(), "courier-css-"));
mkdirSync(path.join(client, "assets"));
writeFileSync(
  path.join(client, "assets/root-abc.css"),
  ".hero{color:#0f766e}.unused-dialog{color:blue}@media (min-width:640px){.hero{font-size:2rem}.unused-dialog{margin:0}}",
);
const page = (head: string) =>
  `<!DOCTYPE html><html lang="sk"><head><meta charSet="utf-8"/>${head}</head><body><main><h1 class="hero">Staň sa kuriérom</h1></main><script nonce="n1" type="module">import("/assets/entry.js")</script></body></html>`;

test("the rules the page uses are inlined; the full stylesheet loads without blocking, and without JavaScript too", async () => {
  const inline = criticalCss(client);
  const out = await inline(page('<link nonce="n1" rel="stylesheet" href="/assets/root-abc.css"/>'));
  const style = /<style>([\s\S]*?)<\/style>/.exec(out)?.[1] ?? "";
  expect(style).toContain(".hero{color:#0f766e}");
  expect(style).toContain("@media (min-width:640px){.hero{font-size:2rem}}");
  expect(style).not.toContain("unused-dialog");
  // Still in the head, where React expects it, but not render-blocking until the client entry says so.
  const head = out.slice(0, out.indexOf("</head>"));
  expect(head).toMatch(/<link nonce="n1" rel="stylesheet" href="\/assets\/root-abc.css" media="print" data-full-css>/);
  expect(out).toContain('<noscript><link rel="stylesheet" href="/assets/root-abc.css"></noscript></body>');
  expect(out).toContain('<h1 class="hero">Staň sa kuriérom</h1>');
});

test("a page without the stylesheet, or whose stylesheet is missing, is left as it was", async () => {
  const inline = criticalCss(client);
  const bare = page("");
  expect(await inline(bare)).toBe(bare);
  const missing = page('<link rel="stylesheet" href="/assets/gone.css"/>');
  const out = await inline(missing);
  expect(out).not.toContain("<style>");
});

test("a remembered page gets the rules chosen the first time, spliced into each later answer", async () => {
  const inline = criticalCss(client);
  const first = await inline.remembered(
    "404|sk",
    page('<link nonce="n1" rel="stylesheet" href="/assets/root-abc.css"/>'),
  );
  const later = await inline.remembered(
    "404|sk",
    page('<link nonce="n2" rel="stylesheet" href="/assets/root-abc.css"/>').replace(
      "Staň sa kuriérom",
      "Stránka sa nenašla",
    ),
  );
  const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  expect(styleOf(first)).toContain(".hero{color:#0f766e}");
  expect(styleOf(later)).toBe(styleOf(first));
  expect(later).toMatch(
    /<style>[^<]*<\/style><link nonce="n2" rel="stylesheet" href="\/assets\/root-abc.css" media="print" data-full-css>/,
  );
  expect(later).toContain('<noscript><link rel="stylesheet" href="/assets/root-abc.css"></noscript></body>');
  expect(later).toContain("Stránka sa nenašla");
});

test("a personal page's rules are chosen per set of tags, classes and selected attributes, never per value", async () => {
  const attributes = { byValue: new Set(["type"]), pattern: /\s(class|open|type)="([^"]*)"/g };
  const courier = (name: string, extra = "") =>
    `<html><body><main class="card" title="${name}@example.sk"><a href="/x/${name}">${name}</a><input type="text" value="${name}"/>${extra}</main><script>var n = "<b class=${name}>"</script></body></html>`;
  expect(selectorKey(courier("oksana"), attributes)).toBe(selectorKey(courier("petro"), attributes));
  expect(selectorKey(courier("oksana"), attributes)).not.toBe(
    selectorKey(courier("oksana", '<p class="badge">'), attributes),
  );
  expect(selectorKey(courier("oksana"), attributes)).not.toBe(
    selectorKey(courier("oksana").replace('type="text"', 'type="file"'), attributes),
  );
  expect(selectorKey(courier("oksana"), attributes)).not.toBe(
    selectorKey(courier("oksana", '<details open=""></details>'), attributes),
  );

  const inline = criticalCss(client);
  const link = '<link nonce="n1" rel="stylesheet" href="/assets/root-abc.css"/>';
  const first = await inline.bySelectors(page(link).replace("Staň sa kuriérom", "Oksana"));
  const second = await inline.bySelectors(page(link).replace("Staň sa kuriérom", "Petro"));
  const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  expect(styleOf(first)).toContain(".hero{color:#0f766e}");
  expect(styleOf(second)).toBe(styleOf(first));
  expect(second).toContain("Petro");
  expect(second).toContain('media="print" data-full-css');
});

test("a page with a second stylesheet (the admin screens) gets the rules of both, in order, and neither blocks", async () => {
  writeFileSync(
    path.join(client, "assets/layout-def.css"),
    ".shell{display:grid}.hero{letter-spacing:0}.unused-table{color:red}[open]>.menu{display:block}",
  );
  const inline = criticalCss(client);
  const links =
    '<link nonce="n1" rel="stylesheet" href="/assets/root-abc.css"/><meta name="x"/><link nonce="n1" rel="stylesheet" href="/assets/layout-def.css"/>';
  const admin = (name: string) =>
    page(links).replace(
      "<main>",
      `<main class="shell" title="${name}"><details open=""><p class="menu">m</p></details>`,
    );
  const first = await inline.bySelectors(admin("oksana@example.sk"));
  const second = await inline.bySelectors(admin("petro@example.sk"));
  for (const out of [first, second]) {
    const style = /<style>([\s\S]*?)<\/style>/.exec(out)?.[1] ?? "";
    // The root's rules, then the layout's: the cascade is the one the two links give.
    expect(style.indexOf(".hero{color:#0f766e}")).toBeGreaterThanOrEqual(0);
    expect(style.indexOf(".shell{display:grid}")).toBeGreaterThan(style.indexOf(".hero{color:#0f766e}"));
    expect(style).toContain("[open]>.menu{display:block}");
    expect(style).not.toContain("unused");
    const head = out.slice(0, out.indexOf("</head>"));
    expect(head).toContain(
      "<style>" +
        style +
        '</style><link nonce="n1" rel="stylesheet" href="/assets/root-abc.css" media="print" data-full-css><meta name="x"/><link nonce="n1" rel="stylesheet" href="/assets/layout-def.css" media="print" data-full-css>',
    );
    expect(out).toContain(
      '<noscript><link rel="stylesheet" href="/assets/root-abc.css"></noscript><noscript><link rel="stylesheet" href="/assets/layout-def.css"></noscript></body>',
    );
  }
  expect(second).toContain("petro@example.sk");
  expect(/<style>([\s\S]*?)<\/style>/.exec(second)?.[1]).not.toContain("petro");
});
