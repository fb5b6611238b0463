/**
 * `bun bench/lighthouse.ts [--runs 5] [--build-dir build-perf] [--base-dir ../checkout] [--base-build-dir build-perf]
 *   [--port 3520] [--pages home-sk,dashboard] [--skip-lighthouse]`
 *
 * Web performance on a slow phone (docs/performance.md, "First paint"):
 *  1. JavaScript per route as served to a browser that takes brotli (the precompressed `.br` file where
 *     one exists), from the React Router build manifest (the entry, the root and every route module on
 *     the way to the page, with their imports), against bench/budget.json; gzip beside it.
 *  2. The bytes of each page as served (compressed, with its inline critical CSS) against one TCP round
 *     trip (14 KB), and the compressed size of any stylesheet that still blocks its first paint.
 *  3. Lighthouse 13 with its default mobile configuration (Moto G Power screen, simulated slow 4G:
 *     150 ms RTT, 1.6 Mbit/s, 4× CPU slowdown) in Debian's Chromium: the median of each metric over
 *     `--runs` runs per page, against the first-paint targets in docs/performance.md.
 * With `--base-dir` a second checkout (its own `server.ts` and build, e.g. a `git worktree` of the
 * starting commit) runs beside this one on the same data; every run alternates the two (the order
 * flips each round), so a loaded machine weighs on both alike. The load average is recorded.
 * Results: test-results/bench/lighthouse.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { launchLighthouseChrome } from "./chromium";
import { readManifest, routeChain, servedBytes } from "./route-files";
import { benchSecret, createSessionCookies, ensureSeeded, startServer, type RunningServer } from "./server-harness";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    port: { type: "string", default: "3520" },
    "build-dir": { type: "string", default: process.env.BUILD_DIR ?? "build-perf" },
    "base-dir": { type: "string" },
    "base-build-dir": { type: "string", default: "build-perf" },
    "data-dir": { type: "string", default: "data/bench-lighthouse" },
    pages: { type: "string" },
    "skip-lighthouse": { type: "boolean", default: false },
  },
});
const root = path.resolve(import.meta.dirname, "..");
const budget = JSON.parse(readFileSync(path.join(import.meta.dirname, "budget.json"), "utf8")) as {
  jsServedKb: Record<string, number>;
};
const builds = [
  { name: "ours", cwd: root, buildDir: values["build-dir"] },
  ...(values["base-dir"]
    ? [{ name: "base", cwd: path.resolve(values["base-dir"]), buildDir: values["base-build-dir"] }]
    : []),
];
let failed = false;
const load = () => loadavg().map((l) => Number(l.toFixed(2)));

// 1. JavaScript per route.
function jsPerRoute(clientDir: string) {
  const { manifest, manifestFile } = readManifest(clientDir);
  const gz = new Map<string, number>();
  const gzOf = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(clientDir, file))).length);
    return gz.get(file)!;
  };
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  const rows = new Map<string, { kb: number; servedKb: number; files: number }>();
  for (const route of Object.values(manifest.routes)) {
    // Resource routes (API, files, exports) render no page and load no JavaScript of their own.
    if (route.id === "root" || !route.module || route.hasDefaultExport === false) continue;
    const files = [manifestFile, ...routeChain(manifest, route.id)];
    rows.set(route.id, {
      kb: kb(files.reduce((sum, f) => sum + gzOf(f), 0)),
      servedKb: kb(files.reduce((sum, f) => sum + servedBytes(clientDir, f), 0)),
      files: files.length,
    });
  }
  return rows;
}
const js = builds.map((b) => jsPerRoute(path.join(b.cwd, b.buildDir, "client")));
const jsRows = [...js[0]!]
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([route, row]) => ({
    route,
    ...row,
    baseKb: js[1]?.get(route)?.servedKb ?? null,
    budgetKb: budget.jsServedKb[route] ?? budget.jsServedKb.default!,
  }));
console.log(
  `JavaScript per route as served with brotli (entry + root + route chain with imports; translations load separately)${js[1] ? ", base → ours" : ""}; gzip beside it:`,
);
for (const row of jsRows) {
  const ok = row.servedKb <= row.budgetKb;
  if (!ok) failed = true;
  console.log(
    `  ${ok ? "ok    " : "OVER  "} ${row.route.padEnd(34)} ${row.baseKb === null ? "" : `${String(row.baseKb).padStart(6)} → `}${String(row.servedKb).padStart(6)} KB  budget ${row.budgetKb} KB  (${row.files} files; ${row.kb} KB gzip)`,
  );
}

// The first-paint pages and their targets (docs/performance.md, "First paint"). The news list, a post and the fleet are sections of the home
// document (no routes of their own); they are measured at their own addresses.
type Target = { fcp: number; lcp?: number; tbt?: number; cls?: number; performance?: number };
type Page = { page: string; path: string; lang?: string; cookie?: "user" | "applicant"; target: Target };
const HOME: Target = { fcp: 1200, lcp: 1500, tbt: 50, cls: 0, performance: 99 };
const LOGGED_IN: Target = { fcp: 1500, lcp: 2000 };
const PUBLIC: Target = { fcp: 1200 };
const allPages: Page[] = [
  { page: "home-sk", path: "/", lang: "sk-SK,sk;q=0.9", target: HOME },
  { page: "home-ua", path: "/", lang: "uk-UA,uk;q=0.9", target: HOME },
  { page: "home-en", path: "/", lang: "en-GB,en;q=0.9", target: HOME },
  { page: "dashboard", path: "/dashboard", cookie: "user", target: LOGGED_IN },
  { page: "application", path: "/dashboard", cookie: "applicant", target: LOGGED_IN },
  { page: "news", path: "/?news=2#news", lang: "sk-SK,sk;q=0.9", target: PUBLIC },
  { page: "news-post", path: "/#news-1", lang: "sk-SK,sk;q=0.9", target: PUBLIC },
  { page: "fleet", path: "/#fleet", lang: "sk-SK,sk;q=0.9", target: PUBLIC },
  { page: "404", path: "/no-such-page", lang: "sk-SK,sk;q=0.9", target: PUBLIC },
];
const only = values.pages?.split(",");
const pages = only ? allPages.filter((p) => only.includes(p.page)) : allPages;

type Metrics = { performance: number; fcp: number; lcp: number; tbt: number; cls: number; si: number };
type Bytes = { htmlKb: number; encoding: string; blockingCssKb: number; inlineCss: boolean };
const results = new Map<string, { bytes?: Bytes; runs: Metrics[] }>();
const key = (build: string, page: string) => `${build}|${page}`;
const machine = {
  cpus: cpus().length,
  model: cpus()[0]?.model,
  ramGb: Math.round(totalmem() / 2 ** 30),
  loadavgBefore: load(),
  loadavgAfter: [] as number[],
};

const dataDir = path.resolve(values["data-dir"]);
await ensureSeeded(dataDir, 2000);
const secret = benchSecret(dataDir);
const cookies = await createSessionCookies({
  port: Number(values.port),
  buildDir: values["build-dir"],
  dataDir,
  secret,
});
const servers: (RunningServer & { name: string; clientDir: string })[] = [];
try {
  for (const [i, b] of builds.entries())
    servers.push({
      ...(await startServer({
        port: Number(values.port) + i,
        buildDir: b.buildDir,
        dataDir,
        secret,
        cwd: b.cwd,
        logName: `server-${b.name}`,
      })),
      name: b.name,
      clientDir: path.join(b.cwd, b.buildDir, "client"),
    });

  // 2. Bytes as served: what arrives in the first round trip decides whether the page can paint then.
  for (const s of servers)
    for (const p of pages) {
      const headers: Record<string, string> = {
        Accept: "text/html",
        "Accept-Encoding": "br, gzip",
        "Accept-Language": p.lang ?? "sk",
      };
      if (p.cookie) headers.Cookie = cookies[p.cookie];
      const res = await fetch(s.origin + p.path, { headers, decompress: false } as RequestInit);
      const raw = new Uint8Array(await res.arrayBuffer());
      const html = await new Response(
        await fetch(s.origin + p.path, { headers: { ...headers, "Accept-Encoding": "identity" } }).then((r) =>
          r.arrayBuffer(),
        ),
      ).text();
      const withoutNoscript = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, "");
      let blocking = 0;
      for (const [tag] of withoutNoscript.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)) {
        if (/\bmedia="print"/.test(tag)) continue;
        const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
        // As served to this browser (br when it accepts it), as the HTML is counted.
        if (href?.startsWith("/assets/"))
          blocking += (
            await fetch(s.origin + href, {
              headers: { "Accept-Encoding": headers["Accept-Encoding"] ?? "br, gzip" },
              decompress: false,
            } as RequestInit).then((r) => r.arrayBuffer())
          ).byteLength;
      }
      results.set(key(s.name, p.page), {
        runs: [],
        bytes: {
          htmlKb: Math.round((raw.byteLength / 1024) * 10) / 10,
          encoding: res.headers.get("Content-Encoding") ?? "none",
          blockingCssKb: Math.round((blocking / 1024) * 10) / 10,
          inlineCss: /<style[^>]*>[^<]{200}/.test(html),
        },
      });
    }
  console.log(
    `\nBytes as served (compressed HTML with its inline CSS; one TCP round trip ≈ 14 KB)${servers.length > 1 ? ", base → ours" : ""}:`,
  );
  for (const p of pages) {
    const [o, b] = [results.get(key("ours", p.page))!.bytes!, results.get(key("base", p.page))?.bytes];
    const ok = o.htmlKb <= 14 && o.blockingCssKb === 0;
    if (!ok) failed = true;
    const fmt = (x: Bytes) =>
      `${x.htmlKb} KB ${x.encoding}${x.inlineCss ? " (critical CSS inline)" : ""}${x.blockingCssKb ? ` + ${x.blockingCssKb} KB blocking CSS` : ""}`;
    console.log(`  ${ok ? "ok    " : "MISSED"} ${p.page.padEnd(12)} ${b ? `${fmt(b)} → ` : ""}${fmt(o)}`);
  }

  // 3. Lighthouse, after a few untimed requests per page so that neither server is measured cold.
  if (!values["skip-lighthouse"]) {
    for (const s of servers)
      for (const p of pages)
        for (let i = 0; i < 3; i++)
          await fetch(s.origin + p.path, {
            headers: { "Accept-Language": p.lang ?? "sk", ...(p.cookie ? { Cookie: cookies[p.cookie] } : {}) },
          }).then((r) => r.arrayBuffer());
    const { default: lighthouse } = await import("lighthouse");
    const { default: puppeteer } = await import("puppeteer-core");
    const chrome = await launchLighthouseChrome();
    console.log(
      `\nLighthouse ${values.runs} runs per page and build, mobile preset (simulated slow 4G, 4× CPU slowdown); load average before ${machine.loadavgBefore.join(" ")}`,
    );
    try {
      for (let i = 0; i < Number(values.runs); i++) {
        const order = i % 2 === 0 ? servers : [...servers].reverse();
        for (const p of pages)
          for (const s of order) {
            // Chromium drops a Cookie given as an extra header; the session goes into the cookie jar
            // instead, and Lighthouse keeps the jar (the cache is still cleared: a cold first visit).
            const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
            await browser.deleteMatchingCookies({ name: "cf_session" });
            if (p.cookie) {
              const [name, value] = cookies[p.cookie].split(/=(.*)/s) as [string, string];
              await browser.setCookie({ name, value, domain: "127.0.0.1", path: "/", httpOnly: true, sameSite: "Lax" });
            }
            const [tab] = await browser.pages();
            if (tab) await (await tab.createCDPSession()).send("Network.clearBrowserCache");
            await browser.disconnect();
            const result = await lighthouse(s.origin + p.path, {
              port: chrome.port,
              output: "json",
              logLevel: "error",
              onlyCategories: ["performance"],
              disableStorageReset: Boolean(p.cookie),
              // The 404 is the page being measured, not a failed load.
              ignoreStatusCode: p.page === "404",
              extraHeaders: p.lang ? { "Accept-Language": p.lang } : undefined,
            });
            if (!result) throw new Error("lighthouse returned nothing");
            const { categories, audits, finalDisplayedUrl } = result.lhr;
            if (new URL(finalDisplayedUrl).pathname !== new URL(s.origin + p.path).pathname)
              throw new Error(`${p.path} ended at ${finalDisplayedUrl}: not logged in?`);
            // The last run's report per page and build, for a look at the network and the main thread.
            mkdirSync(path.join(root, "test-results/bench/lighthouse"), { recursive: true });
            writeFileSync(
              path.join(root, `test-results/bench/lighthouse/${s.name}-${p.page}.json`),
              JSON.stringify(result.lhr),
            );
            const n = (id: string) => audits[id]?.numericValue ?? Number.NaN;
            const run = {
              performance: Math.round((categories.performance?.score ?? 0) * 100),
              fcp: n("first-contentful-paint"),
              lcp: n("largest-contentful-paint"),
              tbt: n("total-blocking-time"),
              cls: n("cumulative-layout-shift"),
              si: n("speed-index"),
            };
            results.get(key(s.name, p.page))!.runs.push(run);
            // Every run as it comes: on a loaded machine a sitting may end before the last round.
            console.log(
              `    ${s.name.padEnd(4)} ${p.page.padEnd(12)} FCP ${Math.round(run.fcp)} ms  LCP ${Math.round(run.lcp)} ms  TBT ${Math.round(run.tbt)} ms  CLS ${run.cls.toFixed(3)}  performance ${run.performance}  (load ${load()[0]})`,
            );
          }
        console.log(`  round ${i + 1} of ${values.runs} done, load average ${load().join(" ")}`);
      }
    } finally {
      chrome.kill();
    }
  }
} finally {
  for (const s of servers) await s.stop();
}
machine.loadavgAfter = load();

// A run Lighthouse could not finish (NaN everywhere, e.g. no paint within its timeout on a loaded machine) is left out.
const median = (xs: number[]) => {
  const done = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return done.length ? done[Math.floor(done.length / 2)]! : Number.NaN;
};
const summary = (all: Metrics[], runs = all.filter((r) => !Number.isNaN(r.fcp))) => ({
  runs: `${runs.length} of ${all.length}`,
  performance: median(runs.map((r) => r.performance)),
  fcpMs: Math.round(median(runs.map((r) => r.fcp))),
  lcpMs: Math.round(median(runs.map((r) => r.lcp))),
  tbtMs: Math.round(median(runs.map((r) => r.tbt))),
  cls: Number(median(runs.map((r) => r.cls)).toFixed(3)),
  siMs: Math.round(median(runs.map((r) => r.si))),
});
const lhRows = pages.map((p) => {
  const o = results.get(key("ours", p.page))!;
  const b = results.get(key("base", p.page));
  return {
    page: p.page,
    path: p.path,
    target: p.target,
    bytes: o.bytes,
    baseBytes: b?.bytes,
    ours: o.runs.length ? summary(o.runs) : null,
    base: b?.runs.length ? summary(b.runs) : null,
    runs: o.runs,
    baseRuns: b?.runs,
  };
});
if (!values["skip-lighthouse"]) {
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const cell = (m: ReturnType<typeof summary> | null) =>
    m ? `${s(m.fcpMs)} s | ${s(m.lcpMs)} s | ${m.tbtMs} ms | ${m.cls} | ${m.performance}` : "—";
  console.log(
    `\nMedians (load average ${machine.loadavgBefore.join(" ")} before, ${machine.loadavgAfter.join(" ")} after):\n`,
  );
  console.log(
    `| page | ${servers.length > 1 ? "base FCP | LCP | TBT | CLS | perf | " : ""}FCP | LCP | TBT | CLS | perf | HTML (compressed) | targets |`,
  );
  console.log(`|---|${servers.length > 1 ? "---|---|---|---|---|" : ""}---|---|---|---|---|---|---|`);
  for (const row of lhRows) {
    const m = row.ours!;
    const t = row.target;
    const misses = [
      m.fcpMs > t.fcp && `FCP > ${s(t.fcp)} s`,
      t.lcp !== undefined && m.lcpMs > t.lcp && `LCP > ${s(t.lcp)} s`,
      t.tbt !== undefined && m.tbtMs > t.tbt && `TBT > ${t.tbt} ms`,
      t.cls !== undefined && m.cls > t.cls && `CLS > ${t.cls}`,
      t.performance !== undefined && m.performance < t.performance && `performance < ${t.performance}`,
    ].filter(Boolean);
    if (misses.length) failed = true;
    console.log(
      `| ${row.page} | ${servers.length > 1 ? `${cell(row.base)} | ` : ""}${cell(m)} | ${row.bytes!.htmlKb} KB | ${misses.length ? `missed: ${misses.join(", ")}` : "met"} |`,
    );
  }
}

mkdirSync(path.join(root, "test-results/bench"), { recursive: true });
writeFileSync(
  path.join(root, "test-results/bench/lighthouse.json"),
  `${JSON.stringify({ date: new Date().toISOString(), machine, js: jsRows, pages: lhRows }, null, 2)}\n`,
);
console.log(failed ? "\nBUDGET MISSED" : "\nwithin budget");
process.exit(failed ? 1 : 0);
