/**
 * `bun run bench request-cost [--base ../checkout-of-main] [--duration 6] [--connections 50] [--rounds 2]`
 *
 * The cost of one request as a browser makes it (Accept-Encoding: br, gzip, Accept-Language, a
 * session cookie where the page needs one), for this checkout and — with `--base` — another checkout
 * (e.g. a worktree of main, built with `bun run build`) side by side in one run, next to the bare
 * React Router floor page (bench/floor). Each page is loaded by `wrk -t2 -cN -dS` when wrk is installed
 * (`apt-get install wrk`), else by autocannon in this process; the order of base and ours flips every
 * page and round so that other work on the machine favours neither. Figures are medians over rounds.
 * Then every page is fetched one at a time and its `Server-Timing` header (middleware, loaders, render,
 * compression) is summarised, with the bytes on the wire. Results: test-results/bench/request-cost.json.
 * `--workers N` / `--base-workers N` run a server as N processes on one port (WORKERS), e.g.
 * `--base . --base-workers 1 --workers 2` compares one process with two on the same build.
 */
import autocannon from "autocannon";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  asReturningBrowser,
  BROWSER_HEADERS,
  COMPARISON_OPTIONS,
  type WrkResult,
  benchSecret,
  cpuMs,
  createSessionCookies,
  ensureSeeded,
  serverEnv,
  wrkLoad,
} from "./server-harness";

const { values } = parseArgs({
  options: {
    ...COMPARISON_OPTIONS,
    duration: { type: "string", default: "6" },
    warmup: { type: "string", default: "1" },
    connections: { type: "string", default: "50" },
    threads: { type: "string", default: "2" },
    rounds: { type: "string", default: "2" },
    samples: { type: "string", default: "200" },
    port: { type: "string", default: "3300" },
    /** WORKERS for our server and for the base's (e.g. `--base . --base-workers 1 --workers 2`: one process against two). */
    workers: { type: "string", default: "1" },
    "base-workers": { type: "string", default: "1" },
  },
});
const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.resolve(root, values["data-dir"]);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const connections = Number(values.connections);
const threads = Number(values.threads);
const rounds = Number(values.rounds);
const basePort = Number(values.port);
const wrk = Bun.which("wrk");

type Server = { name: string; origin: string; dir: string; pid: number; stop: () => Promise<void> };

/** Runs a build quietly; its output is shown only when it fails. */
async function run(cmd: string[], cwd: string, env: Record<string, string> = {}) {
  const proc = Bun.spawn(cmd, { cwd, stdout: "pipe", stderr: "pipe", env: { ...process.env, ...env } });
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  if ((await proc.exited) !== 0) throw new Error(`${cmd.join(" ")} failed:\n${out}${err}`);
}

async function start(
  name: string,
  dir: string,
  env: Record<string, string>,
  port: number,
  ready: string,
): Promise<Server> {
  const logDir = path.join(dataDir, "logs");
  mkdirSync(logDir, { recursive: true });
  const origin = `http://127.0.0.1:${port}`;
  if (await fetch(origin + ready).catch(() => null))
    throw new Error(`port ${port} is already in use: stop what listens there or pass --port`);
  // The request log stays on, as in production: writing it is part of what a request costs.
  const proc = Bun.spawn(["bun", "server.ts"], {
    cwd: dir,
    env: { ...process.env, ...env, COURIER_QUIET_LOGS: "0" },
    stdout: Bun.file(path.join(logDir, `${name}.log`)),
    stderr: Bun.file(path.join(logDir, `${name}-errors.log`)),
  });
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
    if (res?.ok) return { name, origin, dir, pid: proc.pid, stop };
    await Bun.sleep(100);
  }
  await stop();
  throw new Error(`${name} did not answer ${ready} within 30 s`);
}

for (const [dir, build] of [
  [root, values["build-dir"]],
  ...(values.base ? [[path.resolve(values.base), values["base-build"]]] : []),
] as [string, string][])
  if (!existsSync(path.join(dir, build, "server/index.js")))
    throw new Error(`No build in ${path.join(dir, build)}: run \`bun run build\` there first`);
await run(["bun", "--bun", "react-router", "build", "bench/floor"], root, {
  FLOOR_BUILD_DIR: path.join(root, "build-floor"),
});

await ensureSeeded(dataDir, Number(values.users));
const secret = benchSecret(dataDir);
const options = { port: basePort, buildDir: values["build-dir"], dataDir, secret };
const cookies = await createSessionCookies(options);
/** The entry script's hashed name differs between builds, so each server is asked for its own. */
const entryAsset = (dir: string, build: string) =>
  readdirSync(path.join(dir, build, "client/assets")).find((f) => /^entry\.client-.*\.js$/.test(f));
const assets = new Map<string, string | undefined>([
  ["ours", entryAsset(root, values["build-dir"])],
  ["base", values.base ? entryAsset(path.resolve(values.base), values["base-build"]) : undefined],
]);
const ASSET = "/assets/{entry}";
const pathFor = (page: { path: string }, server: { name: string }) =>
  page.path.replace(ASSET, `/assets/${assets.get(server.name)}`);

type Page = { name: string; path: string; cookie?: "user" | "admin"; plain?: boolean; floor?: boolean };
const allPages: Page[] = [
  { name: "floor page (bench/floor)", path: "/", floor: true },
  { name: "`/` anonymous, no Accept-Encoding", path: "/", plain: true },
  { name: "`/` anonymous", path: "/" },
  { name: "`/api/health`", path: "/api/health" },
  { name: "static asset (entry JS)", path: ASSET },
  { name: "`/api/auth/me` with a session", path: "/api/auth/me", cookie: "user" },
  { name: "`/dashboard` with a session", path: "/dashboard", cookie: "user" },
  { name: "`/admin/users` with an admin session", path: "/admin/users", cookie: "admin" },
];
// `--only a,b`: the pages whose name contains any of the comma-separated texts.
const pages = allPages.filter((p) => !values.only || values.only.split(",").some((text) => p.name.includes(text)));

function headersFor(page: Page): Record<string, string> {
  const headers: Record<string, string> = { ...BROWSER_HEADERS };
  if (page.plain) delete headers["Accept-Encoding"];
  if (page.cookie) headers.Cookie = cookies[page.cookie];
  return headers;
}

type Load = WrkResult;

function loadWithWrk(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  return wrkLoad(url, headers, { seconds, threads, connections });
}

function loadWithAutocannon(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, duration: seconds, connections, timeout: 10 }, (error, r) =>
      error
        ? reject(error)
        : resolve({
            rps: Math.round(r.requests.average),
            p50: r.latency.p50,
            p99: r.latency.p99,
            errors: r.errors + r.non2xx,
            requests: r.requests.total,
          }),
    );
  });
}

const load = (url: string, headers: Record<string, string>, seconds: number) =>
  wrk ? loadWithWrk(url, headers, seconds) : loadWithAutocannon(url, headers, seconds);

const servers: Server[] = [];
try {
  servers.push(await start("ours", root, { ...serverEnv(options), WORKERS: values.workers }, basePort, "/api/health"));
  if (values.base)
    servers.push(
      await start(
        "base",
        path.resolve(values.base),
        {
          ...serverEnv({ ...options, port: basePort + 1, buildDir: values["base-build"] }),
          WORKERS: values["base-workers"],
        },
        basePort + 1,
        "/api/health",
      ),
    );
  mkdirSync(path.join(dataDir, "floor"), { recursive: true });
  servers.push(
    await start(
      "floor",
      root,
      serverEnv({ port: basePort + 2, buildDir: "build-floor", dataDir: path.join(dataDir, "floor"), secret }),
      basePort + 2,
      "/",
    ),
  );
} catch (error) {
  for (const s of servers) await s.stop();
  throw error;
}
const ours = servers.find((s) => s.name === "ours")!;
const base = servers.find((s) => s.name === "base");
const floor = servers.find((s) => s.name === "floor")!;

const loadBefore = loadavg().map((l) => l.toFixed(2));
console.log(`${cpus().length} × ${cpus()[0]?.model}; load average before ${loadBefore.join(" ")}`);
console.log(
  `${wrk ? `wrk -t${threads} -c${connections} -d${duration}s` : `autocannon (wrk not installed), ${connections} connections, ${duration} s`}; ${rounds} rounds, ${warmup} s warm-up`,
);

type Sample = Load & { page: string; variant: string; round: number; loadavg1: number; cpuPerRequest: number };
const samples: Sample[] = [];
type Split = { bytes: number; encoding: string; status: number; parts: Record<string, number> };
const splits = new Map<string, Split>();

try {
  for (const page of pages) {
    const variants: Server[] = page.floor ? [floor] : [ours, ...(base ? [base] : [])];
    // Each server's load sends what a browser sends after this first answer, the cookies it set included.
    const headersOf = new Map<Server, Record<string, string>>();
    for (const server of variants) {
      const probe = await fetch(server.origin + pathFor(page, server), {
        headers: headersFor(page),
        redirect: "manual",
        decompress: false,
      } as RequestInit);
      await probe.arrayBuffer();
      if (probe.status !== 200) throw new Error(`${server.name} ${pathFor(page, server)} answered ${probe.status}`);
      headersOf.set(server, asReturningBrowser(headersFor(page), probe));
    }
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 === 0 ? [...variants].reverse() : variants;
      for (const server of order) {
        const headers = headersOf.get(server)!;
        if (warmup > 0) await load(server.origin + pathFor(page, server), headers, warmup);
        const loadavg1 = Number(loadavg()[0]!.toFixed(2));
        const cpuBefore = cpuMs(server.pid);
        const r = await load(server.origin + pathFor(page, server), headers, duration);
        const cpuPerRequest = r.requests > 0 ? (cpuMs(server.pid) - cpuBefore) / r.requests : 0;
        samples.push({ ...r, page: page.name, variant: server.name, round, loadavg1, cpuPerRequest });
        console.log(
          `  ${page.name.padEnd(40)} ${server.name.padEnd(5)} round ${round}: ${String(r.rps).padStart(6)} req/s  server CPU ${cpuPerRequest.toFixed(3)} ms/request  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}  (load ${loadavg1})`,
        );
      }
    }
    // The split of one answer, one request at a time.
    const server = page.floor ? floor : ours;
    const headers = headersOf.get(server)!;
    const parts: Record<string, number[]> = {};
    let last: Response | null = null;
    let bytes = 0;
    for (let i = 0; i < Number(values.samples); i++) {
      last = await fetch(server.origin + pathFor(page, server), {
        headers,
        redirect: "manual",
        decompress: false,
      } as RequestInit);
      bytes = (await last.arrayBuffer()).byteLength;
      const header = last.headers.get("Server-Timing");
      if (!header) continue;
      // A part an answer does not name (a cached answer has no loader) took no time.
      const seen: Record<string, number> = { mw: 0, loader: 0, render: 0, compress: 0, total: 0 };
      for (const part of header.split(",")) {
        const m = /^\s*([\w-]+)(?:;desc=\w+)?(?:;dur=([\d.]+))?/.exec(part);
        if (m?.[2]) seen[m[1]!] = Number(m[2]);
      }
      for (const [k, v] of Object.entries(seen)) (parts[k] ??= []).push(v);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    splits.set(page.name, {
      bytes,
      encoding: last?.headers.get("Content-Encoding") ?? "identity",
      status: last?.status ?? 0,
      parts: Object.fromEntries(Object.entries(parts).map(([k, xs]) => [k, median(xs)])),
    });
  }
} finally {
  for (const s of servers) await s.stop();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const summary = (page: string, variant: string) => {
  const xs = samples.filter((s) => s.page === page && s.variant === variant);
  if (!xs.length) return null;
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    rps: median(xs.map((s) => s.rps)),
    cpu: median(xs.map((s) => s.cpuPerRequest)),
    p50: round2(median(xs.map((s) => s.p50))),
    p99: round2(median(xs.map((s) => s.p99))),
    errors: xs.reduce((a, s) => a + s.errors, 0),
  };
};
const fmt = (n: number) => n.toLocaleString("en-US");
const loadAfter = loadavg().map((l) => l.toFixed(2));

console.log(
  `\nMedians over ${rounds} rounds; load average before ${loadBefore.join(" ")}, after ${loadAfter.join(" ")}\n`,
);
console.log(
  `| request | ${base ? "base req/s | " : ""}ours req/s | ${base ? "base CPU ms/req | " : ""}ours CPU ms/req | ${base ? "base ÷ ours (CPU) | " : ""}ours p50 / p99 | errors |`,
);
console.log(`|---|${base ? "---|" : ""}---|${base ? "---|" : ""}---|${base ? "---|" : ""}---|---|`);
const rows = [];
for (const page of pages) {
  const o = summary(page.name, page.floor ? "floor" : "ours")!;
  const b = page.floor ? null : summary(page.name, "base");
  rows.push({ page: page.name, ours: o, base: b });
  const cells = [page.name];
  if (base) cells.push(b ? fmt(b.rps) : "—");
  cells.push(fmt(o.rps));
  if (base) cells.push(b ? b.cpu.toFixed(3) : "—");
  cells.push(o.cpu.toFixed(3));
  if (base) cells.push(b && o.cpu > 0 ? `${(b.cpu / o.cpu).toFixed(2)} ×` : "—");
  cells.push(`${o.p50} / ${o.p99} ms`, String(o.errors + (b?.errors ?? 0)));
  console.log(`| ${cells.join(" | ")} |`);
}
console.log(
  "\nCPU ms/req: the server process's own CPU time (user + system, /proc) during the run divided by the answers it gave;",
);
console.log(
  "one JS thread answers at most about 1,000 ÷ that many requests a second when nothing else needs the core.",
);
const plain = summary(pages.find((p) => p.plain)?.name ?? "", "ours");
const compressed = summary(pages.find((p) => p.path === "/" && !p.plain && !p.floor)?.name ?? "", "ours");
if (plain && compressed)
  console.log(
    `\nhome compressed = ${((compressed.rps / plain.rps) * 100).toFixed(0)} % of home uncompressed (target ≥ 80 %)`,
  );

console.log(
  `\nOne request at a time (${values.samples} per page), ours: medians of Server-Timing in ms, bytes on the wire\n`,
);
console.log("| request | status | encoding | bytes | mw | loader | render | compress | total |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const [name, s] of splits) {
  const p = s.parts;
  const cell = (k: string) => (p[k] === undefined ? "—" : p[k]!.toFixed(2));
  console.log(
    `| ${name} | ${s.status} | ${s.encoding} | ${fmt(s.bytes)} | ${cell("mw")} | ${cell("loader")} | ${cell("render")} | ${cell("compress")} | ${cell("total")} |`,
  );
}

mkdirSync(path.join(root, "test-results/bench"), { recursive: true });
writeFileSync(
  path.join(root, "test-results/bench/request-cost.json"),
  `${JSON.stringify({ date: new Date().toISOString(), tool: wrk ? "wrk" : "autocannon", loadBefore, loadAfter, connections, duration, rounds, rows, splits: Object.fromEntries(splits), samples }, null, 2)}\n`,
);
process.exit(samples.some((s) => s.errors > 0) ? 1 : 0);
