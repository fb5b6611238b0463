/**
 * `bun run bench scale-out [--users 100000] [--duration 10] [--data-dir data/bench-100k] [--port 3320]
 *   [--build-dir build] [--connections 50] [--load-seconds 10] [--repeats 2] [--parts pg,sqlite,plans,throughput]
 *   [--try-sql bench/pg-users-sort-indexes.sql]`
 *
 * The scale-out engines measured ("Outgrowing one machine", item 6):
 *  1. the SQLite folder is seeded by seed-scale.ts if empty; a throw-away PostgreSQL cluster starts
 *     (auto_explain loaded, off until the plans are taken), and a database is filled from the SQLite
 *     file with copyInstallation (what `bun run db:copy` does), timed, then VACUUM ANALYZE;
 *  2. `pg`: data-scale.ts's admin paths through load.ts on a server on PostgreSQL, one connection per path,
 *     server time p50/p95 from the server's request log against the 50 ms budget;
 *     `sqlite`: the same paths, same headers, on the SQLite file, for the side-by-side;
 *  3. `plans`: auto_explain logs every statement with EXPLAIN (ANALYZE, BUFFERS) while each path is fetched
 *     three times; the slowest statement of each path and its plan are printed (all of them go to
 *     test-results/bench/scale-out-plans.txt), with the Server-Timing split of the page;
 *  4. `throughput`: /dashboard with a courier session and browser headers, `wrk -t2 -c50`, one server
 *     process against two (WORKERS=2: two processes on one port with reusePort, the kernel spreading the
 *     connections) on the same PostgreSQL, and one process on the SQLite file for reference; the order
 *     flips every repeat. Beside req/s: the CPU time the server's processes and all of PostgreSQL's
 *     processes used per answer (from /proc).
 * --try-sql runs an SQL file on the PostgreSQL database after the copy (before VACUUM ANALYZE): an index
 * measured before it becomes a migration.
 * Everything started here is stopped by its pid at the end (or on Ctrl-C), the cluster removed.
 * Results: test-results/bench/scale-out.json.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { copyInstallation } from "~/infra/db-copy.server";
import { createDatabase, postgresBin, startThrowAwayCluster, type ThrowAwayCluster } from "../scripts/pg-cluster";
import { ADMIN_PATHS, TARGET_P95_MS } from "./data-scale";
import type { LoadRow } from "./load";
import { parseAutoExplainLog, plansBetween, trimPlan, type LoggedPlan } from "./pg-plans";
import {
  BROWSER_HEADERS,
  type RunningServer,
  type ServerOptions,
  benchSecret,
  cpuMs,
  createSessionCookies,
  ensureSeeded,
  startServer,
  wrkLoad,
} from "./server-harness";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "100000" },
    duration: { type: "string", default: "10" },
    "data-dir": { type: "string", default: "data/bench-100k" },
    port: { type: "string", default: "3320" },
    "build-dir": { type: "string", default: process.env.BUILD_DIR ?? "build" },
    connections: { type: "string", default: "50" },
    "load-seconds": { type: "string", default: "10" },
    repeats: { type: "string", default: "2" },
    parts: { type: "string", default: "pg,sqlite,plans,throughput" },
    "try-sql": { type: "string" },
  },
});
const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.resolve(values["data-dir"]);
const buildDir = values["build-dir"];
const basePort = Number(values.port);
const connections = Number(values.connections);
const loadSeconds = Number(values["load-seconds"]);
const repeats = Number(values.repeats);
const parts = new Set(values.parts.split(","));
/** The lists whose plans the documentation shows in full. */
const HEAVY = ["/admin/users?q=novak", "/admin/users?page=500", "/admin/audit?page=500", "/admin/referrals"];
const results = "test-results/bench";

if (!postgresBin()) {
  console.log("PostgreSQL is not installed (apt-get install -y postgresql): scale-out bench skipped");
  process.exit(0);
}
if (!existsSync(path.join(root, buildDir, "server/index.js")))
  throw new Error(`No build in ${buildDir}: run \`BUILD_DIR=${buildDir} bun run build\` first`);
mkdirSync(path.join(root, results), { recursive: true });

// What to stop at the end or on Ctrl-C, newest first.
const cleanups: (() => Promise<unknown>)[] = [];
async function cleanUp() {
  while (cleanups.length > 0)
    await cleanups.pop()!().catch((error) => console.error(`clean-up: ${(error as Error).message}`));
}
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    console.error(`\n${signal}: stopping what this bench started`);
    void cleanUp().then(() => process.exit(130));
  });

const machine = () => ({
  cpus: cpus().length,
  model: cpus()[0]?.model,
  ramGb: Math.round(totalmem() / 2 ** 30),
  loadavg: loadavg().map((l) => Number(l.toFixed(2))),
});
const fixed = (n: number, digits = 1) => n.toFixed(digits);

type PathFigure = { path: string; status: number; p50?: number; p95?: number; non2xx: number; requests: number };
type PlanFigure = {
  path: string;
  statementsPerRequest: number;
  dbMsPerRequest: number;
  serverTiming: string;
  slowest?: LoggedPlan;
  /** The statements of the three requests grouped by text, most frequent first. */
  statements: { query: string; count: number; totalMs: number }[];
};
type ThroughputRun = {
  variant: "one" | "two" | "sqlite";
  repeat: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  loadavg1: number;
  serverCpuMsPerAnswer: number;
  pgCpuMsPerAnswer: number;
};
const report: {
  date: string;
  machine: ReturnType<typeof machine>;
  copy?: { seconds: number; rows: number; tables: number; vacuumAnalyzeSeconds: number; databaseMb: number };
  pg?: PathFigure[];
  sqlite?: PathFigure[];
  plans?: PlanFigure[];
  throughput?: ThroughputRun[];
} = { date: new Date().toISOString(), machine: machine() };

/** data-scale.ts's run: load.ts at one connection over every admin path, on SQLite or on DATABASE_URL. */
async function adminPaths(databaseUrl?: string): Promise<PathFigure[]> {
  const out = path.join(results, `scale-out-${databaseUrl ? "pg" : "sqlite"}.json`);
  const args = [
    "--connections",
    "1",
    "--warmup",
    "1",
    "--duration",
    values.duration,
    "--users",
    values.users,
    "--data-dir",
    dataDir,
    "--port",
    String(basePort),
    "--build-dir",
    buildDir,
    "--only",
    "none",
    "--paths",
    ADMIN_PATHS.join(","),
    "--out",
    out,
  ];
  if (databaseUrl) args.push("--database-url", databaseUrl);
  const load = Bun.spawn(["bun", path.join(import.meta.dirname, "load.ts"), ...args], {
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
  });
  cleanups.push(async () => load.kill("SIGTERM"));
  await load.exited;
  cleanups.pop();
  const { rows } = JSON.parse(readFileSync(path.join(root, out), "utf8")) as { rows: LoadRow[] };
  return rows.map((r) => ({
    path: r.path,
    status: r.probeStatus,
    p50: r.serverP50,
    p95: r.serverP95,
    non2xx: r.non2xx,
    requests: r.requests,
  }));
}

const withinBudget = (f: PathFigure) => f.status === 200 && f.non2xx === 0 && (f.p95 ?? Infinity) <= TARGET_P95_MS;

/**
 * Every scheduled job runs when a server starts: on a freshly seeded file they catch up on thousands of
 * rows (leases and documents past their end). One server on the SQLite file first, until every claimed
 * job has finished, so the copy (job_runs included) starts settled and no run measures the catch-up.
 */
async function settle(options: ServerOptions) {
  const server = await startServer({ ...options, port: basePort + 4, logName: "scale-out-settle" });
  cleanups.push(server.stop);
  const started = performance.now();
  const file = new Database(path.join(dataDir, "app.db"), { readonly: true });
  try {
    await Bun.sleep(1000);
    for (let quiet = 0; quiet < 2 && performance.now() - started < 180_000; ) {
      const { n } = file.query("SELECT count(*) AS n FROM job_runs WHERE finished_at IS NULL").get() as { n: number };
      quiet = n === 0 ? quiet + 1 : 0;
      await Bun.sleep(500);
    }
  } finally {
    file.close();
    await server.stop();
    cleanups.pop();
  }
  console.log(`scheduled jobs settled on the SQLite file in ${fixed((performance.now() - started) / 1000)} s`);
}

/** Sets auto_explain's threshold on the running cluster (-1: off; 0: every statement) and reloads. */
async function autoExplain(url: string, minDurationMs: number) {
  const admin = new SQL(url, { max: 1 });
  try {
    await admin.unsafe(`ALTER SYSTEM SET auto_explain.log_min_duration = ${Math.trunc(minDurationMs)}`);
    await admin.unsafe("SELECT pg_reload_conf()");
  } finally {
    await admin.close();
  }
  // Backends read the new setting when they next go idle: give them a moment.
  await Bun.sleep(500);
}

/** Every path fetched once to warm up, then three times with every statement explained. */
async function collectPlans(cluster: ThrowAwayCluster, options: ServerOptions): Promise<PlanFigure[]> {
  const cookies = await createSessionCookies(options);
  const server = await startServer({ ...options, port: basePort + 3, logName: "scale-out-plans" });
  cleanups.push(server.stop);
  const headers = { ...BROWSER_HEADERS, Cookie: cookies.admin };
  const fetchPage = async (p: string) => {
    const res = await fetch(server.origin + p, { headers, redirect: "manual" });
    await res.arrayBuffer();
    if (res.status !== 200)
      throw new Error(
        `${p} answered ${res.status} on PostgreSQL; see ${path.join(dataDir, "scale-out-plans-errors.log")}`,
      );
    return res.headers.get("Server-Timing") ?? "";
  };
  for (const p of ADMIN_PATHS) await fetchPage(p);
  const windows: { path: string; from: number; to: number; serverTiming: string }[] = [];
  await autoExplain(cluster.url, 0);
  try {
    for (const p of ADMIN_PATHS) {
      const from = Date.now();
      let serverTiming = "";
      for (let i = 0; i < 3; i++) serverTiming = await fetchPage(p);
      windows.push({ path: p, from, to: Date.now(), serverTiming });
      await Bun.sleep(50);
    }
  } finally {
    await autoExplain(cluster.url, -1);
    await server.stop();
    cleanups.pop();
  }
  await Bun.sleep(300);
  const logged = parseAutoExplainLog(readFileSync(path.join(cluster.dir, "log"), "utf8"));
  return windows.map((w) => {
    const own = plansBetween(logged, w.from, w.to);
    const slowest = own.reduce<LoggedPlan | undefined>(
      (a, b) => (!a || b.durationMs > a.durationMs ? b : a),
      undefined,
    );
    const byText = new Map<string, { query: string; count: number; totalMs: number }>();
    for (const p of own) {
      const entry = byText.get(p.query) ?? { query: p.query, count: 0, totalMs: 0 };
      entry.count++;
      entry.totalMs += p.durationMs;
      byText.set(p.query, entry);
    }
    return {
      statements: [...byText.values()].sort((a, b) => b.count - a.count || b.totalMs - a.totalMs),
      path: w.path,
      statementsPerRequest: own.length / 3,
      dbMsPerRequest: own.reduce((n, p) => n + p.durationMs, 0) / 3,
      serverTiming: w.serverTiming,
      slowest,
    };
  });
}

/** The cluster's postmaster: with its children (one backend per connection) it is all of PostgreSQL's CPU. */
function postmasterPid(cluster: ThrowAwayCluster): number {
  return Number(readFileSync(path.join(cluster.dir, "db", "postmaster.pid"), "utf8").split("\n")[0]);
}

type Variant = "one" | "two" | "sqlite";
const VARIANT_NAMES: Record<Variant, string> = {
  one: "PostgreSQL, 1 process ",
  two: "PostgreSQL, 2 processes",
  sqlite: "SQLite, 1 process     ",
};

/**
 * /dashboard under the same wrk load: one server process on PostgreSQL, two (WORKERS=2, one port) on the
 * same PostgreSQL, and for reference one process on the SQLite file.
 */
async function dashboardThroughput(cluster: ThrowAwayCluster, options: ServerOptions): Promise<ThroughputRun[]> {
  const sqliteOptions = { ...options, databaseUrl: undefined };
  const pgCookie = (await createSessionCookies(options)).user;
  const sqliteCookie = (await createSessionCookies(sqliteOptions)).user;
  const servers = {} as Record<Variant, RunningServer>;
  const started: RunningServer[] = [];
  try {
    for (const [variant, o] of [
      ["one", { ...options, port: basePort + 1, logName: "scale-out-one" }],
      ["two", { ...options, port: basePort + 2, logName: "scale-out-two", workers: 2 }],
      ["sqlite", { ...sqliteOptions, port: basePort + 5, logName: "scale-out-sqlite" }],
    ] as [Variant, ServerOptions][]) {
      const server = await startServer(o);
      cleanups.push(server.stop);
      started.push(server);
      servers[variant] = server;
    }
    const headersFor = (variant: Variant) => ({
      ...BROWSER_HEADERS,
      Cookie: variant === "sqlite" ? sqliteCookie : pgCookie,
    });
    // WORKERS=2: the first process starts the second once it answers; give it the time to start listening.
    await Bun.sleep(3000);
    const workers =
      readFileSync(`/proc/${servers.two.pid}/task/${servers.two.pid}/children`, "utf8")
        .trim()
        .split(/\s+/)
        .filter(Boolean).length + 1;
    if (workers !== 2) throw new Error(`WORKERS=2 runs ${workers} server processes`);
    for (const variant of ["one", "two", "sqlite"] as Variant[]) {
      const probe = await fetch(`${servers[variant].origin}/dashboard`, {
        headers: headersFor(variant),
        redirect: "manual",
      });
      await probe.arrayBuffer();
      if (probe.status !== 200) throw new Error(`/dashboard (${variant}) answered ${probe.status}`);
      console.log(
        `  ${VARIANT_NAMES[variant]} ${servers[variant].origin}/dashboard: ${probe.status}, Content-Encoding ${probe.headers.get("Content-Encoding")}`,
      );
    }
    const drive = (variant: Variant, seconds: number) =>
      wrkLoad(`${servers[variant].origin}/dashboard`, headersFor(variant), { seconds, threads: 2, connections });
    const runs: ThroughputRun[] = [];
    const measure = async (variant: Variant, repeat: number) => {
      const server = servers[variant];
      await drive(variant, 2);
      const loadavg1 = Number(loadavg()[0]!.toFixed(2));
      const serverBefore = cpuMs(server.pid);
      const pgBefore = cpuMs(postmasterPid(cluster));
      const r = await drive(variant, loadSeconds);
      const run: ThroughputRun = {
        variant,
        repeat,
        rps: r.rps,
        p50: r.p50,
        p99: r.p99,
        errors: r.errors,
        loadavg1,
        serverCpuMsPerAnswer: (cpuMs(server.pid) - serverBefore) / Math.max(1, r.requests),
        pgCpuMsPerAnswer: (cpuMs(postmasterPid(cluster)) - pgBefore) / Math.max(1, r.requests),
      };
      runs.push(run);
      console.log(
        `  repeat ${repeat} ${VARIANT_NAMES[variant]} ${String(run.rps).padStart(5)} req/s  p50 ${fixed(run.p50)} ms  p99 ${fixed(run.p99)} ms  ` +
          `errors ${run.errors}  CPU per answer: server ${fixed(run.serverCpuMsPerAnswer, 2)} ms, PostgreSQL ${fixed(run.pgCpuMsPerAnswer, 2)} ms  (load ${loadavg1})`,
      );
    };
    for (let repeat = 1; repeat <= repeats; repeat++) {
      const order: Variant[] = repeat % 2 === 1 ? ["one", "two", "sqlite"] : ["sqlite", "two", "one"];
      for (const variant of order) await measure(variant, repeat);
    }
    return runs;
  } finally {
    for (const server of started.reverse()) {
      await server.stop();
      cleanups.pop();
    }
  }
}

function printPaths(pg: PathFigure[] | undefined, sqlite: PathFigure[] | undefined) {
  console.log(`\nserver time against the ${TARGET_P95_MS} ms budget at p95 (one connection, browser headers):`);
  console.log(`${"path".padEnd(58)} ${"PostgreSQL p50 / p95".padEnd(24)} SQLite p50 / p95`);
  for (const p of ADMIN_PATHS) {
    const a = pg?.find((f) => f.path === p);
    const b = sqlite?.find((f) => f.path === p);
    const cell = (f?: PathFigure) =>
      f
        ? `${f.status === 200 ? "" : `status ${f.status} `}${f.p50 ?? "-"} / ${f.p95 ?? "-"} ms${withinBudget(f) ? "" : " MISSED"}`
        : "-";
    console.log(`${p.padEnd(58)} ${cell(a).padEnd(24)} ${cell(b)}`);
  }
}

function printPlans(plans: PlanFigure[]) {
  const lines: string[] = [];
  for (const p of plans) {
    lines.push(
      `=== ${p.path}: ${fixed(p.statementsPerRequest)} statements and ${fixed(p.dbMsPerRequest, 2)} ms in PostgreSQL per request (with EXPLAIN ANALYZE's own cost); Server-Timing ${p.serverTiming}`,
    );
    for (const st of p.statements)
      lines.push(
        `  ${String(st.count).padStart(4)} × ${fixed(st.totalMs / st.count, 2).padStart(7)} ms  ${st.query.slice(0, 200)}`,
      );
    if (!p.slowest) continue;
    lines.push(`slowest statement: ${fixed(p.slowest.durationMs, 2)} ms`, p.slowest.query, ...p.slowest.plan, "");
  }
  writeFileSync(path.join(root, results, "scale-out-plans.txt"), `${lines.join("\n")}\n`);
  console.log(
    "\nPostgreSQL per request and the slowest statement of each path (auto_explain, EXPLAIN ANALYZE BUFFERS):",
  );
  for (const p of plans)
    console.log(
      `  ${p.path.padEnd(58)} ${fixed(p.statementsPerRequest).padStart(5)} statements ${fixed(p.dbMsPerRequest, 2).padStart(7)} ms, slowest ${p.slowest ? fixed(p.slowest.durationMs, 2) : "-"} ms`,
    );
  const missed = new Set(report.pg?.filter((f) => !withinBudget(f)).map((f) => f.path));
  for (const p of plans.filter((p) => HEAVY.includes(p.path) || missed.has(p.path))) {
    if (!p.slowest) continue;
    console.log(
      `\n--- ${p.path} (slowest statement ${fixed(p.slowest.durationMs, 2)} ms; ${p.serverTiming})\n${p.slowest.query.slice(0, 600)}`,
    );
    for (const line of trimPlan(p.slowest.plan)) console.log(`  ${line}`);
  }
  console.log(`\nevery path's plan: ${results}/scale-out-plans.txt`);
}

function printThroughput(runs: ThroughputRun[]) {
  console.log(`\n/dashboard, wrk -t2 -c${connections} -d${loadSeconds}s:`);
  for (const variant of ["one", "two", "sqlite"] as const) {
    const xs = runs.filter((r) => r.variant === variant);
    console.log(
      `  ${VARIANT_NAMES[variant]} req/s ${xs.map((r) => r.rps).join(", ")}  best ${Math.max(...xs.map((r) => r.rps))}`,
    );
  }
}

let failed = false;
try {
  await ensureSeeded(dataDir, Number(values.users));
  console.log(
    `machine: ${report.machine.cpus} × ${report.machine.model}, ${report.machine.ramGb} GB RAM, load average ${report.machine.loadavg.join(" ")}`,
  );
  // auto_explain is loaded from the start and switched on (ALTER SYSTEM) only for the plans: while off it measures
  // nothing. Its threshold must not be given here: a setting on the command line wins over ALTER SYSTEM.
  const cluster = await startThrowAwayCluster({
    shared_preload_libraries: "auto_explain",
    "auto_explain.log_analyze": "on",
    "auto_explain.log_buffers": "on",
    "auto_explain.log_timing": "on",
    log_timezone: "UTC",
  });
  cleanups.push(cluster.stop);
  console.log(`PostgreSQL cluster on 127.0.0.1:${cluster.port} in ${cluster.dir}`);
  const options: ServerOptions = { port: basePort, buildDir, dataDir, secret: benchSecret(dataDir) };
  await settle(options);
  const databaseUrl = await createDatabase(cluster.url, "courier_bench");
  options.databaseUrl = databaseUrl;
  const started = performance.now();
  const copied = await copyInstallation({ sqliteFile: path.join(dataDir, "app.db"), to: databaseUrl });
  const copySeconds = (performance.now() - started) / 1000;
  const admin = new SQL(databaseUrl, { max: 1 });
  if (values["try-sql"]) {
    await admin.begin((tx) => tx.unsafe(readFileSync(path.resolve(values["try-sql"]!), "utf8")));
    console.log(`ran ${values["try-sql"]} on the PostgreSQL database`);
  }
  const vacuumStarted = performance.now();
  // After a bulk load: statistics for the planner and the visibility map for index-only scans, so autovacuum does not start during the runs.
  await admin.unsafe("VACUUM (ANALYZE)");
  const vacuumAnalyzeSeconds = (performance.now() - vacuumStarted) / 1000;
  const [size] = (await admin.unsafe("SELECT pg_database_size(current_database())::bigint AS bytes")) as [
    { bytes: string },
  ];
  await admin.close();
  const rows = Object.values(copied.rows).reduce((n, c) => n + c, 0);
  report.copy = {
    seconds: copySeconds,
    rows,
    tables: Object.keys(copied.rows).length,
    vacuumAnalyzeSeconds,
    databaseMb: Number(size.bytes) / 2 ** 20,
  };
  console.log(
    `copied ${rows} rows (${copied.rows.users} users) in ${Object.keys(copied.rows).length} tables in ${fixed(copySeconds)} s; VACUUM ANALYZE ${fixed(vacuumAnalyzeSeconds)} s; database ${fixed(report.copy.databaseMb, 0)} MB`,
  );

  if (parts.has("pg")) report.pg = await adminPaths(databaseUrl);
  if (parts.has("sqlite")) report.sqlite = await adminPaths();
  if (report.pg || report.sqlite) printPaths(report.pg, report.sqlite);
  if (parts.has("plans")) {
    report.plans = await collectPlans(cluster, options);
    printPlans(report.plans);
  }
  if (parts.has("throughput")) {
    console.log("\nthroughput of /dashboard on PostgreSQL:");
    report.throughput = await dashboardThroughput(cluster, options);
    printThroughput(report.throughput);
  }
  failed =
    (report.pg?.some((f) => !withinBudget(f)) ?? false) || (report.throughput?.some((r) => r.errors > 0) ?? false);
} finally {
  await cleanUp();
}
writeFileSync(
  path.join(root, results, "scale-out.json"),
  `${JSON.stringify({ ...report, machineAfter: machine() }, null, 2)}\n`,
);
console.log(
  `load average after ${machine().loadavg.join(" ")}; results in ${results}/scale-out.json; cluster stopped and removed`,
);
process.exit(failed ? 1 : 0);
