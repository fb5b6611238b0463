/**
 * `bun bench/throughput.ts [--rounds 3] [--duration 10] [--connections 50] [--build-dir build-perf]`
 *
 * Requests per second and p99 of the product on our Bun server (server.ts) next to
 *  - the framework's floor: bench/floor, one React Router page with no middleware and no database,
 *    served by the same server.ts (its own build in build-floor), and
 *  - the same product build served by `@react-router/serve` (Express) under Bun.
 * All three servers run at once on loopback; only one is under load at a time. Each round runs every
 * (variant, page) pair once, and the order of the variants flips every round (A B, then B A) so a
 * change in what else runs on the machine does not favour one side. Figures are medians over rounds.
 * The home page is measured twice on our server: as visitors get it (served from the short-lived page
 * copy after the first answer) and rendered on every request (a cookie makes it uncacheable).
 * Targets: home ≥ 60 % of the floor and ≥ 1.5 × @react-router/serve. Results: test-results/bench/throughput.json.
 */
import autocannon from "autocannon";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchSecret, createSessionCookies, ensureSeeded, serverEnv } from "./server-harness";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "3" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "50" },
    port: { type: "string", default: "3510" },
    "build-dir": { type: "string", default: process.env.BUILD_DIR ?? "build-perf" },
    "data-dir": { type: "string", default: "data/bench-throughput" },
    users: { type: "string", default: "20000" },
  },
});
const rounds = Number(values.rounds);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
const basePort = Number(values.port);
const root = path.resolve(import.meta.dirname, "..");
const buildDir = values["build-dir"];
const floorBuild = "build-floor";
const dataDir = path.resolve(values["data-dir"]);
const TARGET_FLOOR_SHARE = 0.6;
const TARGET_VS_SERVE = 1.5;

async function run(cmd: string[], env: Record<string, string> = {}) {
  const proc = Bun.spawn(cmd, { cwd: root, stdout: "inherit", stderr: "inherit", env: { ...process.env, ...env } });
  if ((await proc.exited) !== 0) throw new Error(`${cmd.join(" ")} failed`);
}

if (!existsSync(path.join(root, buildDir, "server/index.js")))
  throw new Error(`No build in ${buildDir}: run \`BUILD_DIR=${buildDir} bun run build\` first`);
// The floor is tiny (under a second): build it every time so it never goes stale.
await run(["bun", "--bun", "react-router", "build", "bench/floor"], { FLOOR_BUILD_DIR: path.join(root, floorBuild) });

type Proc = { name: string; origin: string; stop: () => Promise<void> };

async function start(
  name: string,
  cmd: string[],
  env: Record<string, string>,
  port: number,
  ready: string,
): Promise<Proc> {
  const logDir = path.join(dataDir, "logs");
  mkdirSync(logDir, { recursive: true });
  const proc = Bun.spawn(cmd, {
    cwd: root,
    env: { ...process.env, ...env },
    stdout: Bun.file(path.join(logDir, `${name}.log`)),
    stderr: Bun.file(path.join(logDir, `${name}-errors.log`)),
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    proc.kill("SIGTERM");
    const timer = setTimeout(() => proc.kill("SIGKILL"), 10_000);
    await proc.exited;
    clearTimeout(timer);
  };
  for (let i = 0; i < 300; i++) {
    if (proc.exitCode !== null)
      throw new Error(`${name} exited with ${proc.exitCode}; see ${logDir}/${name}-errors.log`);
    const res = await fetch(origin + ready).catch(() => null);
    if (res?.ok) return { name, origin, stop };
    await Bun.sleep(100);
  }
  await stop();
  throw new Error(`${name} did not answer ${ready} within 30 s`);
}

await ensureSeeded(dataDir, Number(values.users));
const options = { port: basePort, buildDir, dataDir, secret: benchSecret(dataDir) };
const cookies = await createSessionCookies(options);
const productEnv = serverEnv(options);
const floorData = path.join(dataDir, "floor");
mkdirSync(floorData, { recursive: true });

const servers: Proc[] = [];
try {
  servers.push(await start("bun", ["bun", "server.ts"], productEnv, basePort, "/api/health"));
  servers.push(
    await start(
      "floor",
      ["bun", "server.ts"],
      serverEnv({ port: basePort + 1, buildDir: floorBuild, dataDir: floorData, secret: options.secret }),
      basePort + 1,
      "/",
    ),
  );
  // What server.ts does before importing the build: React's production build, the product's own rules as the operator set them.
  servers.push(
    await start(
      "serve",
      [
        "bun",
        "--bun",
        path.join(root, "node_modules/@react-router/serve/bin.cjs"),
        path.join(buildDir, "server/index.js"),
      ],
      {
        ...productEnv,
        PORT: String(basePort + 2),
        APP_URL: `http://127.0.0.1:${basePort + 2}`,
        NODE_ENV: "production",
        COURIER_OPERATOR_NODE_ENV: "",
      },
      basePort + 2,
      "/api/health",
    ),
  );
} catch (error) {
  for (const s of servers) await s.stop();
  throw error;
}
const [bunServer, floorServer, serveServer] = servers as [Proc, Proc, Proc];

type Page = { name: string; path: string; cookie?: "user" | "admin" };
const pages: Page[] = [
  { name: "home", path: "/" },
  { name: "me", path: "/api/auth/me", cookie: "user" },
  { name: "admin-users", path: "/admin/users", cookie: "admin" },
];
type Sample = {
  variant: string;
  page: string;
  round: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  loadavg1: number;
};

function load(url: string, headers: Record<string, string>, seconds: number, conns: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, headers, duration: seconds, connections: conns, timeout: 10 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const machine = {
  cpus: cpus().length,
  model: cpus()[0]?.model,
  ramGb: Math.round(totalmem() / 2 ** 30),
  loadavgBefore: loadavg().map((l) => Number(l.toFixed(2))),
};
console.log(
  `machine: ${machine.cpus} × ${machine.model}, ${machine.ramGb} GB RAM, load average before ${machine.loadavgBefore.join(" ")}`,
);
console.log(`${rounds} rounds × ${duration} s per run (+${warmup} s warm-up), ${connections} connections, loopback`);

const samples: Sample[] = [];
async function measure(server: Proc, variant: string, page: Page, round: number) {
  const headers: Record<string, string> = { "Accept-Language": "sk" };
  if (page.cookie) headers.Cookie = cookies[page.cookie];
  // A cookie the app ignores makes the home page uncacheable (app/services/page-cache.server.ts): every answer rendered.
  if (variant === "bun-render") headers.Cookie = "bench=1";
  const probe = await fetch(server.origin + page.path, { headers, redirect: "manual" });
  await probe.arrayBuffer();
  if (probe.status !== 200) throw new Error(`${variant} ${page.path} answered ${probe.status}`);
  if (warmup > 0) await load(server.origin + page.path, headers, warmup, connections);
  const loadavg1 = Number(loadavg()[0]!.toFixed(2));
  const r = await load(server.origin + page.path, headers, duration, connections);
  const sample = {
    variant,
    page: page.name,
    round,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    loadavg1,
  };
  samples.push(sample);
  console.log(
    `  round ${round} ${variant.padEnd(10)} ${page.path.padEnd(14)} ${String(sample.rps).padStart(6)} req/s  p50 ${sample.p50} ms  p99 ${sample.p99} ms  errors ${sample.errors + sample.non2xx}  (load ${loadavg1})`,
  );
}

try {
  for (let round = 1; round <= rounds; round++) {
    const flip = round % 2 === 0;
    // The home page: the floor, ours (cached and rendered every time) and @react-router/serve, order flipped every round.
    const home: [Proc, string][] = [
      [floorServer, "floor"],
      [bunServer, "bun"],
      [bunServer, "bun-render"],
      [serveServer, "serve"],
    ];
    for (const [server, variant] of flip ? home.reverse() : home) await measure(server, variant, pages[0]!, round);
    for (const page of pages.slice(1)) {
      const pair: [Proc, string][] = [
        [bunServer, "bun"],
        [serveServer, "serve"],
      ];
      for (const [server, variant] of flip ? pair.reverse() : pair) await measure(server, variant, page, round);
    }
  }
} finally {
  for (const s of servers) await s.stop();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const summary = (variant: string, page: string) => {
  const xs = samples.filter((s) => s.variant === variant && s.page === page);
  return { rps: median(xs.map((s) => s.rps)), p99: median(xs.map((s) => s.p99)), p50: median(xs.map((s) => s.p50)) };
};
const table = [
  { variant: "floor", page: "home", ...summary("floor", "home") },
  { variant: "bun-render", page: "home", ...summary("bun-render", "home") },
  ...pages.flatMap((p) => ["bun", "serve"].map((variant) => ({ variant, page: p.name, ...summary(variant, p.name) }))),
];
const home = summary("bun", "home");
const floorShare = home.rps / summary("floor", "home").rps;
const vsServe = home.rps / summary("serve", "home").rps;
console.log(`\nmedians over ${rounds} rounds:`);
for (const row of table)
  console.log(
    `  ${row.variant.padEnd(10)} ${row.page.padEnd(12)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms`,
  );
for (const p of pages.slice(1))
  console.log(
    `  ${p.name}: ${(summary("bun", p.name).rps / summary("serve", p.name).rps).toFixed(2)} × @react-router/serve`,
  );
const rendered = summary("bun-render", "home").rps;
console.log(
  `  home rendered on every request: ${((rendered / summary("floor", "home").rps) * 100).toFixed(0)} % of the floor, ${(rendered / summary("serve", "home").rps).toFixed(2)} × @react-router/serve`,
);
const okFloor = floorShare >= TARGET_FLOOR_SHARE;
const okServe = vsServe >= TARGET_VS_SERVE;
console.log(
  `${okFloor ? "ok    " : "MISSED"} home = ${(floorShare * 100).toFixed(0)} % of the floor (target ≥ ${TARGET_FLOOR_SHARE * 100} %)`,
);
console.log(
  `${okServe ? "ok    " : "MISSED"} home = ${vsServe.toFixed(2)} × @react-router/serve (target ≥ ${TARGET_VS_SERVE})`,
);
const loadavgAfter = loadavg().map((l) => Number(l.toFixed(2)));
console.log(`load average after ${loadavgAfter.join(" ")}`);
mkdirSync(path.join(root, "test-results/bench"), { recursive: true });
writeFileSync(
  path.join(root, "test-results/bench/throughput.json"),
  `${JSON.stringify({ date: new Date().toISOString(), machine, loadavgAfter, rounds, duration, connections, table, floorShare, vsServe, renderedFloorShare: rendered / summary("floor", "home").rps, samples }, null, 2)}\n`,
);
process.exit(okFloor && okServe && samples.every((s) => s.errors + s.non2xx === 0) ? 0 : 1);
