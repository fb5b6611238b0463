/**
 * `bun bench/data-scale.ts [--duration 10] [--data-dir data/bench-100k] [--port 3303]`
 *
 * The data-scale budget (docs/performance.md): on the 100,000-user database (seeded by seed-scale.ts on first use) every
 * admin list — search, filter, sort, page 1 and page 500 — and the admin dashboard with its 30-day chart
 * must answer within 50 ms of server time at p95. One connection per path, so the figure is the server's
 * own work and not queueing; server time comes from the server's request log (see load.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { LoadRow } from "./load";

export const TARGET_P95_MS = 50;
/** Every admin list at its heavy corners; scale-out.ts runs the same list on PostgreSQL. */
export const ADMIN_PATHS = [
  "/admin",
  "/admin/users",
  "/admin/users?page=500",
  "/admin/users?q=novak",
  "/admin/users?q=user4242",
  "/admin/users?status=working_with_vehicle&sort=email&dir=asc",
  "/admin/users?sort=fullName&dir=asc&page=500",
  "/admin/applications",
  "/admin/applications?status=pending",
  "/admin/applications?page=500",
  "/admin/vehicles",
  "/admin/vehicles?q=cargo",
  "/admin/vehicles?page=200",
  "/admin/vehicle-requests",
  "/admin/vehicle-requests?status=approved&page=500",
  "/admin/problem-reports",
  "/admin/problem-reports?status=open",
  "/admin/problem-reports?page=500",
  "/admin/audit",
  "/admin/audit?page=500",
  "/admin/referrals",
  "/admin/news",
];

// Imported for its list by scale-out.ts: the bench runs only when started itself.
if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      duration: { type: "string", default: "10" },
      "data-dir": { type: "string", default: "data/bench-100k" },
      port: { type: "string", default: "3303" },
      "build-dir": { type: "string", default: process.env.BUILD_DIR ?? "build" },
    },
  });
  const out = "test-results/bench/data-scale.json";
  const load = Bun.spawn(
    [
      "bun",
      path.join(import.meta.dirname, "load.ts"),
      "--connections",
      "1",
      "--warmup",
      "1",
      "--duration",
      values.duration,
      "--users",
      "100000",
      "--data-dir",
      values["data-dir"],
      "--port",
      values.port,
      "--build-dir",
      values["build-dir"],
      "--only",
      "none",
      "--paths",
      ADMIN_PATHS.join(","),
      "--out",
      out,
    ],
    { stdout: "inherit", stderr: "inherit" },
  );
  await load.exited;
  const { rows } = JSON.parse(readFileSync(out, "utf8")) as { rows: LoadRow[] };
  console.log(`\nserver time p95 against the ${TARGET_P95_MS} ms budget (one connection):`);
  let missed = 0;
  for (const row of rows) {
    const ok = row.probeStatus === 200 && row.non2xx === 0 && (row.serverP95 ?? Infinity) <= TARGET_P95_MS;
    if (!ok) missed++;
    console.log(
      `${ok ? "ok    " : "MISSED"} ${row.path.padEnd(58)} status ${row.probeStatus}  p50 ${row.serverP50 ?? "-"} ms  p95 ${row.serverP95 ?? "-"} ms`,
    );
  }
  console.log(`${rows.length - missed} within budget, ${missed} missed`);
  process.exit(missed === 0 ? 0 : 1);
}
