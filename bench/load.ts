/**
 * `bun bench/load.ts [--duration 30] [--connections 100] [--port 3301] [--build-dir build]
 *   [--data-dir data/bench-load] [--users 20000] [--only home,me] [--paths /admin/users?page=500,…]
 *   [--database-url postgres://…]`
 *
 * Loopback load on the production server with a database of 20,000 users (seeded by seed-scale.ts when
 * the data folder is empty): the home page, /api/auth/me with a session, /dashboard with a session and
 * /admin/users with an admin session, one after another. Reports errors and non-2xx answers, p50/p99
 * latency, requests per second and the server's peak resident memory (VmRSS) per scenario.
 * Every request carries what a browser sends (`Accept-Encoding: br, gzip`, Accept-Language, the session cookie).
 * With --database-url the server runs on that PostgreSQL database (filled beforehand, e.g. by scale-out.ts)
 * instead of the folder's SQLite file. Results also go to test-results/bench/load.json (--out).
 */
import autocannon from "autocannon";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  BROWSER_HEADERS,
  RssSampler,
  benchSecret,
  createSessionCookies,
  ensureSeeded,
  mb,
  startServer,
} from "./server-harness";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "30" },
    connections: { type: "string", default: "100" },
    warmup: { type: "string", default: "3" },
    port: { type: "string", default: "3301" },
    "build-dir": { type: "string", default: process.env.BUILD_DIR ?? "build" },
    "data-dir": { type: "string", default: "data/bench-load" },
    users: { type: "string", default: "20000" },
    only: { type: "string" },
    /** Extra comma-separated paths, e.g. "/admin/users?page=500,/admin/users?q=nov"; /admin/* get the admin session. */
    paths: { type: "string" },
    out: { type: "string", default: "test-results/bench/load.json" },
    "database-url": { type: "string" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const warmup = Number(values.warmup);
const port = Number(values.port);
if (!(duration > 0 && duration <= 600 && connections > 0 && connections <= 1000 && port > 0))
  throw new Error("--duration must be 1..600 s and --connections 1..1000");
const dataDir = path.resolve(values["data-dir"]);
const buildDir = values["build-dir"];

type Scenario = { name: string; path: string; cookie?: "user" | "admin" };
const scenarios: Scenario[] = [
  { name: "home", path: "/" },
  { name: "me", path: "/api/auth/me", cookie: "user" },
  { name: "dashboard", path: "/dashboard", cookie: "user" },
  { name: "admin-users", path: "/admin/users", cookie: "admin" },
].filter((s) => !values.only || values.only.split(",").includes(s.name)) as Scenario[];
for (const extra of values.paths?.split(",").filter(Boolean) ?? [])
  scenarios.push({
    name: extra.split("?")[0]!.split("/").at(-1) || "page",
    path: extra,
    cookie: extra.startsWith("/admin") ? "admin" : "user",
  });

export type LoadRow = {
  name: string;
  path: string;
  probeStatus: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  peakRssKb: number;
  /** From the server's own request log ("ms" until the response started): time spent in the server. */
  serverP50?: number;
  serverP95?: number;
  window: [number, number];
};

function percentile(sorted: number[], p: number) {
  return sorted.length === 0 ? undefined : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function addServerTimes(rows: LoadRow[], logFile: string) {
  const entries = readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.includes('"msg":"request"'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as { time: string; path: string; ms: number }];
      } catch {
        return []; // a line cut off when the server stopped
      }
    });
  for (const row of rows) {
    const ms = entries
      .filter(
        (e) =>
          e.path === row.path.split("?")[0] &&
          Date.parse(e.time) >= row.window[0] &&
          Date.parse(e.time) <= row.window[1],
      )
      .map((e) => e.ms)
      .sort((a, b) => a - b);
    row.serverP50 = percentile(ms, 50);
    row.serverP95 = percentile(ms, 95);
  }
}

function run(url: string, headers: Record<string, string>, seconds: number, conns: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, headers, duration: seconds, connections: conns, timeout: 10 }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

await ensureSeeded(dataDir, Number(values.users));
const options = { port, buildDir, dataDir, secret: benchSecret(dataDir), databaseUrl: values["database-url"] };
const cookies = await createSessionCookies(options);
const server = await startServer(options);
const rss = new RssSampler(server.pid, 200);
const startupRssKb = rss.sample() ?? 0;
console.log(
  `server pid ${server.pid} ready in ${server.startupMs.toFixed(0)} ms, RSS after start-up ${mb(startupRssKb)}`,
);
// Other work on the machine skews every figure; the load average before the run says how much.
const machine = {
  cpus: cpus().length,
  model: cpus()[0]?.model,
  ramGb: Math.round(totalmem() / 2 ** 30),
  loadavgBefore: loadavg().map((l) => Number(l.toFixed(2))),
};
console.log(
  `machine: ${machine.cpus} × ${machine.model}, ${machine.ramGb} GB RAM, load average before ${machine.loadavgBefore.join(" ")}`,
);
console.log(
  `${connections} connections, ${duration} s per scenario (+${warmup} s warm-up), 127.0.0.1:${port}, build ${buildDir}, ${options.databaseUrl ? "PostgreSQL" : "SQLite"}`,
);

const rows: LoadRow[] = [];
try {
  for (const s of scenarios) {
    const url = server.origin + s.path;
    const headers: Record<string, string> = { ...BROWSER_HEADERS };
    if (s.cookie) headers.Cookie = cookies[s.cookie];
    // One probe first: a page still under construction shows up as its status, not as a crash.
    const probe = await fetch(url, { headers, redirect: "manual" });
    await probe.arrayBuffer();
    if (warmup > 0) await run(url, headers, warmup, Math.min(connections, 10));
    rss.reset();
    const from = Date.now();
    const r = await run(url, headers, duration, connections);
    const statusCodes = Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, v.count ?? 0]),
    );
    rows.push({
      name: s.name,
      path: s.path,
      probeStatus: probe.status,
      requests: r.requests.total,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors,
      timeouts: r.timeouts,
      non2xx: r.non2xx,
      statusCodes,
      peakRssKb: rss.peakKb,
      window: [from, Date.now()],
    });
    const row = rows.at(-1)!;
    console.log(
      `${s.name.padEnd(12)} ${s.path.padEnd(14)} status ${probe.status}  ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  ` +
        `errors ${row.errors}  non-2xx ${row.non2xx}  codes ${JSON.stringify(statusCodes)}  peak RSS ${mb(row.peakRssKb)}`,
    );
  }
} finally {
  rss.stop();
  const finalRssKb = rss.sample() ?? 0;
  const code = await server.stop();
  addServerTimes(rows, path.join(dataDir, "server.log"));
  for (const row of rows)
    console.log(`${row.path.padEnd(40)} server time p50 ${row.serverP50 ?? "-"} ms, p95 ${row.serverP95 ?? "-"} ms`);
  const result = {
    date: new Date().toISOString(),
    machine,
    connections,
    duration,
    startupRssKb,
    finalRssKb,
    peakRssKb: Math.max(...rss.samples.map((s) => s.kb)),
    serverExitCode: code,
    rows,
  };
  mkdirSync(path.dirname(path.resolve(values.out)), { recursive: true });
  writeFileSync(values.out, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`peak RSS over the run ${mb(result.peakRssKb)}; server stopped (exit ${code}); results in ${values.out}`);
}
const failed = rows.some((r) => r.errors > 0 || r.non2xx > 0);
process.exit(failed ? 1 : 0);
