/**
 * The home page's performance budget (issue: landing page): gzipped JS and CSS of the home route
 * from the build manifest, a check that no admin or chart code is in it, then Lighthouse (mobile
 * preset, simulated slow 4G) against the production server driving Debian's Chromium.
 *
 *   bun bench/home-budget.ts            # builds into build-bench, serves on port 3290
 *   SKIP_BUILD=1 BUILD_DIR=build-home bun bench/home-budget.ts
 *   SKIP_LIGHTHOUSE=1 …                 # bytes only
 */
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { launchLighthouseChrome } from "./chromium";

const root = path.resolve(import.meta.dirname, "..");
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build-bench");
const port = Number(process.env.BENCH_PORT ?? 3290);
const BUDGET = { jsKb: 150, cssKb: 25, performance: 90, accessibility: 95, "best-practices": 95, seo: 95 } as const;

type ManifestRoute = { id: string; parentId?: string; module: string; imports?: string[]; css?: string[] };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute>; url?: string };

async function run(cmd: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawn(cmd, { cwd: root, stdout: "inherit", stderr: "inherit", env: { ...process.env, ...env } });
  if ((await proc.exited) !== 0) throw new Error(`${cmd.join(" ")} failed`);
}

if (!process.env.SKIP_BUILD) await run(["bun", "run", "build"], { BUILD_DIR: path.relative(root, buildDir) });

const clientDir = path.join(buildDir, "client");
const manifestFile = readdirSync(path.join(clientDir, "assets")).find((f) => /^manifest-.+\.js$/.test(f));
if (!manifestFile) throw new Error(`no React Router manifest in ${clientDir}/assets`);
const manifestSource = readFileSync(path.join(clientDir, "assets", manifestFile), "utf8");
const manifest = JSON.parse(
  manifestSource.slice(manifestSource.indexOf("{"), manifestSource.lastIndexOf("}") + 1),
) as Manifest;

const home = Object.values(manifest.routes).find((r) => r.id === "routes/home");
const rootRoute = manifest.routes.root;
if (!home || !rootRoute) throw new Error("routes/home or root missing from the manifest");

const gz = (file: string) => gzipSync(readFileSync(path.join(clientDir, file))).length;
const js = new Set<string>([`/assets/${manifestFile}`, manifest.entry.module, ...manifest.entry.imports]);
const css = new Set<string>();
for (const route of [rootRoute, home]) {
  js.add(route.module);
  for (const file of route.imports ?? []) js.add(file);
  for (const file of route.css ?? []) css.add(file);
}
const jsBytes = [...js].reduce((sum, f) => sum + gz(f), 0);
const cssBytes = [...css].reduce((sum, f) => sum + gz(f), 0);
// Before hydrating, the browser loads the namespaces the home page uses (app/domain/namespaces.ts):
// counted as their gzipped JSON in the largest language.
const { namespacesForPath } = await import("../app/domain/namespaces");
const homeNamespaces = namespacesForPath("/");
const localeBytes = Math.max(
  ...["sk", "ua", "en"].map((lng) =>
    homeNamespaces.reduce(
      (sum, ns) => sum + gzipSync(readFileSync(path.join(root, "locales", lng, `${ns}.json`))).length,
      0,
    ),
  ),
);
const deferred = readdirSync(path.join(clientDir, "assets")).filter((f) => /^particles-.+\.js$/.test(f));
const deferredBytes = deferred.reduce((sum, f) => sum + gz(`/assets/${f}`), 0);

const forbidden = [...js].filter(
  (f) =>
    /admin|recharts|chart/i.test(f) ||
    /recharts|ResponsiveContainer/.test(readFileSync(path.join(clientDir, f), "utf8")),
);

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
const totalJs = jsBytes + localeBytes;
console.log("\nHome route, gzipped:");
console.log(
  `  JS  ${kb(jsBytes)} KB in ${js.size} files + ${kb(localeBytes)} KB translations (one language) = ${kb(totalJs)} KB (budget ${BUDGET.jsKb} KB)`,
);
console.log(`  CSS ${kb(cssBytes)} KB in ${css.size} files (budget ${BUDGET.cssKb} KB)`);
console.log(`  deferred after idle (particle canvas): ${kb(deferredBytes)} KB`);
console.log(`  admin or chart code: ${forbidden.length ? forbidden.join(", ") : "none"}`);
let failed = kb(totalJs) > BUDGET.jsKb || kb(cssBytes) > BUDGET.cssKb || forbidden.length > 0;

if (!process.env.SKIP_LIGHTHOUSE) {
  const { default: lighthouse } = await import("lighthouse");
  const dataDir = path.join(root, "data", "bench-home");
  rmSync(dataDir, { recursive: true, force: true });
  const server = Bun.spawn(["bun", "server.ts"], {
    cwd: root,
    stdout: "ignore",
    stderr: "inherit",
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      BUILD_DIR: path.relative(root, buildDir),
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${dataDir}/app.db`,
      UPLOADS_DIR: `${dataDir}/uploads`,
      DEMO_SEED: "1",
    },
  });
  try {
    for (let i = 0; i < 100; i++) {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok) break;
      await Bun.sleep(100);
    }
    const chrome = await launchLighthouseChrome();
    try {
      const scores: Record<string, number> = {};
      const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
      const all: { scores: Record<string, number>; metrics: Record<string, string> }[] = [];
      for (let i = 0; i < runs; i++) {
        // Default config = mobile form factor with simulated slow 4G and 4× CPU slowdown.
        const result = await lighthouse(`http://127.0.0.1:${port}/?lng=sk`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
        });
        if (!result) throw new Error("lighthouse returned nothing");
        const { categories, audits } = result.lhr;
        all.push({
          scores: Object.fromEntries(
            Object.entries(categories).map(([id, c]) => [id, Math.round((c.score ?? 0) * 100)]),
          ),
          metrics: Object.fromEntries(
            [
              "first-contentful-paint",
              "largest-contentful-paint",
              "total-blocking-time",
              "cumulative-layout-shift",
              "speed-index",
            ].map((id) => [id, audits[id]?.displayValue ?? "?"]),
          ),
        });
        const failing = Object.values(audits).filter(
          (a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary",
        );
        if (i === 0 && failing.length) console.log(`  failing audits: ${failing.map((a) => a.id).join(", ")}`);
      }
      // The median run by performance score, as Lighthouse's own guidance suggests.
      const median = [...all].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0))[
        Math.floor(all.length / 2)
      ]!;
      Object.assign(scores, median.scores);
      console.log(`\nLighthouse (mobile, simulated slow 4G), median of ${runs}:`);
      for (const [id, score] of Object.entries(scores)) console.log(`  ${id.padEnd(16)} ${score}`);
      for (const [id, value] of Object.entries(median.metrics)) console.log(`  ${id.padEnd(26)} ${value}`);
      console.log(`  all runs: ${all.map((r) => JSON.stringify(r.scores)).join(" ")}`);
      for (const id of ["performance", "accessibility", "best-practices", "seo"] as const)
        if ((scores[id] ?? 0) < BUDGET[id]) failed = true;
    } finally {
      chrome.kill();
    }
  } finally {
    server.kill();
    await server.exited;
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(failed ? "\nBUDGET EXCEEDED" : "\nwithin budget");
process.exit(failed ? 1 : 0);
