/**
 * `bun bench/scale.ts [--db data/bench-scale/app.db] [--iterations 30]`
 *
 * Data scale at the model layer (docs/performance.md): on the 100,000-user database (seeded by seed-scale.ts on first use)
 * every admin list — search, filter, sort, page 1 and page 500 — the dashboard tiles, the 30-day chart
 * and the pending-work counts are timed through the real model functions (p50/p95 over N calls after
 * warm-up, target p95 < 50 ms; wall clock, and the process's CPU time, which other work on a shared
 * machine does not inflate), and every SQL statement they run is shown with its
 * `EXPLAIN QUERY PLAN`. A plan step that scans a big table without an index, or sorts a big result
 * in a temporary B-tree, is flagged. bench/data-scale.ts measures the same lists through HTTP.
 * Results: test-results/bench/scale.json.
 */
import type { Database, Statement } from "bun:sqlite";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureSeeded } from "./server-harness";

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "data/bench-scale/app.db" },
    iterations: { type: "string", default: "30" },
    only: { type: "string" },
  },
});
const TARGET_P95_MS = 50;
const iterations = Number(values.iterations);
const dbFile = path.resolve(values.db);
const dataDir = path.dirname(dbFile);
if (!existsSync(dbFile)) await ensureSeeded(dataDir, 100_000);
Object.assign(process.env, {
  DATA_DIR: dataDir,
  DATABASE_URL: `file:${dbFile}`,
  UPLOADS_DIR: path.join(dataDir, "uploads"),
  DEMO_SEED: "0",
});

const { db } = await import("~/infra/db.server");
type SQLiteHandle = import("~/infra/db.server").SQLiteHandle;
const {
  applicationFilterFrom,
  auditFilterFrom,
  reportFilterFrom,
  requestFilterFrom,
  userFilterFrom,
  vehicleFilterFrom,
} = await import("~/domain/admin-filters");
const { listUsers } = await import("~/models/admin-users.server");
const { listApplications } = await import("~/models/applications.server");
const { listVehicleRequests } = await import("~/models/vehicle-requests.server");
const { listProblemReports } = await import("~/models/problem-reports.server");
const { listVehicles } = await import("~/models/vehicles.server");
const { listReferralLinks } = await import("~/models/referrals.server");
const { listAudit } = await import("~/models/audit.server");
const { dashboardTiles, pendingWork } = await import("~/models/admin-dashboard.server");
const { trafficLastDays } = await import("~/models/tracking.server");

// The reader connection the models query through (a bench may look under the hood).
const sqlite: Database = (db() as unknown as SQLiteHandle).$client;

/** Every statement a case runs, with the parameters of its last call, for EXPLAIN QUERY PLAN. */
let captured: { sql: string; params: unknown[] }[] | null = null;
const prepare = sqlite.prepare.bind(sqlite);
sqlite.prepare = ((query: string, ...rest: unknown[]) => {
  const statement = (prepare as (q: string, ...r: unknown[]) => Statement)(query, ...rest);
  for (const method of ["all", "get", "values", "run"] as const) {
    const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
    (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      if (captured && !captured.some((c) => c.sql === query)) captured.push({ sql: query, params: args });
      return original(...args);
    };
  }
  return statement;
}) as typeof sqlite.prepare;

const q = (s: string) => new URLSearchParams(s);
const cases: [string, () => unknown][] = [
  ["users: page 1 (newest first)", () => listUsers(userFilterFrom(q("")))],
  ["users: page 500", () => listUsers(userFilterFrom(q("page=500")))],
  ["users: search name 'novak'", () => listUsers(userFilterFrom(q("q=novak")))],
  ["users: search e-mail 'user4242'", () => listUsers(userFilterFrom(q("q=user4242")))],
  ["users: search 'novak' page 50", () => listUsers(userFilterFrom(q("q=novak&page=50")))],
  [
    "users: status filter, sort e-mail asc",
    () => listUsers(userFilterFrom(q("status=working_with_vehicle&sort=email&dir=asc"))),
  ],
  ["users: status filter page 500", () => listUsers(userFilterFrom(q("status=confirmed_account&page=500")))],
  ["users: sort name asc page 500", () => listUsers(userFilterFrom(q("sort=fullName&dir=asc&page=500")))],
  ["users: sort e-mail desc page 1", () => listUsers(userFilterFrom(q("sort=email&dir=desc")))],
  ["users: sort status asc page 500", () => listUsers(userFilterFrom(q("sort=status&dir=asc&page=500")))],
  ["applications: page 1", () => listApplications(applicationFilterFrom(q("")))],
  ["applications: pending", () => listApplications(applicationFilterFrom(q("status=pending")))],
  ["applications: page 500", () => listApplications(applicationFilterFrom(q("page=500")))],
  ["applications: approved page 500", () => listApplications(applicationFilterFrom(q("status=approved&page=500")))],
  ["vehicle requests: page 1", () => listVehicleRequests(requestFilterFrom(q("")))],
  ["vehicle requests: pending", () => listVehicleRequests(requestFilterFrom(q("status=pending")))],
  ["vehicle requests: approved page 500", () => listVehicleRequests(requestFilterFrom(q("status=approved&page=500")))],
  ["problem reports: page 1", () => listProblemReports(reportFilterFrom(q("")))],
  ["problem reports: open", () => listProblemReports(reportFilterFrom(q("status=open")))],
  ["problem reports: page 500", () => listProblemReports(reportFilterFrom(q("page=500")))],
  ["problem reports: resolved page 500", () => listProblemReports(reportFilterFrom(q("status=resolved&page=500")))],
  ["vehicles: page 1", () => listVehicles(vehicleFilterFrom(q("")))],
  ["vehicles: search 'cargo'", () => listVehicles(vehicleFilterFrom(q("q=cargo")))],
  ["vehicles: search serial 'CF-B-0042'", () => listVehicles(vehicleFilterFrom(q("q=CF-B-0042")))],
  ["vehicles: page 200", () => listVehicles(vehicleFilterFrom(q("page=200")))],
  ["audit: page 1", () => listAudit(auditFilterFrom(q("")))],
  ["audit: page 500", () => listAudit(auditFilterFrom(q("page=500")))],
  ["audit: approvals page 500", () => listAudit(auditFilterFrom(q("action=application.approve&page=500")))],
  ["referral links (with registrations)", () => listReferralLinks()],
  ["dashboard tiles", () => dashboardTiles()],
  ["dashboard 30-day chart", () => trafficLastDays()],
  ["pending work (admin navigation)", () => pendingWork()],
];

const BIG_TABLES = [
  "users",
  "applications",
  "vehicle_requests",
  "problem_reports",
  "audit_log",
  "uploads",
  "status_history",
  "vehicles",
];
type Step = { id: number; parent: number; detail: string };
/**
 * A plan step is a problem when it walks a big table without a usable index or sorts many rows. A
 * sort next to a rowid IN-list (the page's ≤ 20 ids found by an index-only subquery) orders only the
 * page itself and is not flagged.
 */
function problemOf(step: Step, plan: Step[]): string | null {
  const scan = /^SCAN (\w+)(?: AS \w+)?(.*)$/.exec(step.detail);
  if (scan && BIG_TABLES.includes(scan[1]!) && !/USING (COVERING )?INDEX/.test(scan[2]!))
    return `full scan of ${scan[1]}`;
  if (/USE TEMP B-TREE FOR (ORDER BY|GROUP BY)/.test(step.detail)) {
    const siblings = plan.filter((s) => s.parent === step.parent).map((s) => s.detail);
    const pageOnly =
      siblings.some((d) => /USING INTEGER PRIMARY KEY \(rowid=\?\)$/.test(d)) &&
      siblings.some((d) => d.startsWith("LIST SUBQUERY"));
    return pageOnly ? null : "sort in a temporary B-tree";
  }
  return null;
}

function depth(step: Step, plan: Step[]): number {
  const parent = plan.find((s) => s.id === step.parent);
  return parent ? 1 + depth(parent, plan) : 0;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const machine = {
  cpus: cpus().length,
  model: cpus()[0]?.model,
  ramGb: Math.round(totalmem() / 2 ** 30),
  loadavgBefore: loadavg().map((l) => Number(l.toFixed(2))),
};
const counts = Object.fromEntries(
  ["users", "applications", "vehicles", "vehicle_requests", "problem_reports", "audit_log"].map((t) => [
    t,
    (sqlite.query(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n,
  ]),
);
console.log(
  `machine: ${machine.cpus} × ${machine.model}, ${machine.ramGb} GB RAM, load average before ${machine.loadavgBefore.join(" ")}`,
);
console.log(
  `database ${path.relative(process.cwd(), dbFile)}: ${JSON.stringify(counts)}; ${iterations} calls per case after 3 warm-up calls\n`,
);

type Row = {
  name: string;
  p50: number;
  p95: number;
  cpuP95: number;
  max: number;
  rows: number;
  ok: boolean;
  plans: { sql: string; plan: string[]; problems: string[] }[];
};
const results: Row[] = [];
for (const [name, fn] of cases.filter(([n]) => !values.only || n.includes(values.only))) {
  captured = [];
  const result = (await fn()) as { rows?: unknown[] } | unknown[];
  const statements = captured;
  captured = null;
  for (let i = 0; i < 2; i++) await fn();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const plans = statements.map(({ sql, params }) => {
    const steps = sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(params as [])) as Step[];
    const plan = steps.map(
      (step) => `${"  ".repeat(depth(step, steps))}${problemOf(step, steps) ? "⚠" : "·"} ${step.detail}`,
    );
    return { sql, plan, problems: steps.map((step) => problemOf(step, steps)).filter((p): p is string => p !== null) };
  });
  const row: Row = {
    name,
    p50: Number(percentile(times, 50).toFixed(2)),
    p95: Number(percentile(times, 95).toFixed(2)),
    cpuP95: Number(percentile(cpu, 95).toFixed(2)),
    max: Number(times.at(-1)!.toFixed(2)),
    rows: Array.isArray(result) ? result.length : Array.isArray(result?.rows) ? result.rows.length : 1,
    ok: percentile(times, 95) < TARGET_P95_MS,
    plans,
  };
  results.push(row);
  const flags = [...new Set(plans.flatMap((p) => p.problems))];
  console.log(
    `${row.ok ? "ok    " : "MISSED"} ${name.padEnd(40)} p50 ${String(row.p50).padStart(7)} ms  p95 ${String(row.p95).padStart(7)} ms  CPU p95 ${String(row.cpuP95).padStart(7)} ms${flags.length ? `  ⚠ ${flags.join("; ")}` : ""}`,
  );
}

console.log("\nquery plans:");
for (const row of results) {
  console.log(`\n${row.name}`);
  for (const p of row.plans) {
    console.log(`  ${p.sql.replace(/\s+/g, " ").slice(0, 160)}${p.sql.length > 160 ? " …" : ""}`);
    for (const step of p.plan) console.log(`    ${step}`);
  }
}
const missed = results.filter((r) => !r.ok);
const flagged = results.filter((r) => r.plans.some((p) => p.problems.length));
const cpuMissed = results.filter((r) => r.cpuP95 >= TARGET_P95_MS);
console.log(
  `\n${results.length - missed.length} of ${results.length} within p95 < ${TARGET_P95_MS} ms (wall clock; ${results.length - cpuMissed.length} in CPU time); ${flagged.length} with a flagged plan step`,
);
mkdirSync("test-results/bench", { recursive: true });
writeFileSync(
  "test-results/bench/scale.json",
  `${JSON.stringify({ date: new Date().toISOString(), machine, counts, iterations, results }, null, 2)}\n`,
);
process.exit(missed.length === 0 ? 0 : 1);
