import { describe, expect, test } from "bun:test";
import { parseAutoExplainLog, plansBetween, trimPlan } from "./pg-plans";

// As PostgreSQL 15 writes it with auto_explain (log_analyze, log_buffers), log_timezone=UTC and the default prefix.
const LOG = [
  "2026-11-23 18:33:11.598 UTC [7382] LOG:  received SIGHUP, reloading configuration files",
  '2026-11-23 18:33:11.598 UTC [7382] LOG:  parameter "auto_explain.log_min_duration" changed to "0"',
  "2026-11-23 18:33:12.102 UTC [7425] LOG:  duration: 12.467 ms  plan:",
  '\tQuery Text: select count(*) from "applications" where "applications"."status" = $1',
  "\tAggregate  (cost=1420.10..1420.11 rows=1 width=8) (actual time=12.467..12.467 rows=1 loops=1)",
  "\t  Buffers: shared hit=14848",
  "\t  ->  Index Only Scan using applications_status_created_idx on applications  (cost=0.42..1376.72 rows=17353 width=0) (actual time=0.018..11.988 rows=14790 loops=1)",
  "\t        Index Cond: (status = 'pending'::text)",
  "2026-11-23 18:33:12.350 UTC [7426] LOG:  duration: 0.003 ms  plan:",
  "\tQuery Text: select id",
  "\t  from users",
  "\t  where id = $1",
  "\tIndex Scan using users_pkey on users  (cost=0.29..8.31 rows=1 width=4) (actual time=0.002..0.002 rows=1 loops=1)",
  "\t  Index Cond: (id = 7)",
  "2026-11-23 18:33:13.000 UTC [7382] LOG:  checkpoint starting: time",
  "",
].join("\n");

describe("parseAutoExplainLog", () => {
  const plans = parseAutoExplainLog(LOG);

  test("reads every plan entry with its time, backend, duration, statement and plan, and nothing else", () => {
    expect(plans).toHaveLength(2);
    expect(plans[0]).toEqual({
      at: Date.parse("2026-11-23T18:33:12.102Z"),
      pid: 7425,
      durationMs: 12.467,
      query: 'select count(*) from "applications" where "applications"."status" = $1',
      plan: [
        "Aggregate  (cost=1420.10..1420.11 rows=1 width=8) (actual time=12.467..12.467 rows=1 loops=1)",
        "  Buffers: shared hit=14848",
        "  ->  Index Only Scan using applications_status_created_idx on applications  (cost=0.42..1376.72 rows=17353 width=0) (actual time=0.018..11.988 rows=14790 loops=1)",
        "        Index Cond: (status = 'pending'::text)",
      ],
    });
  });

  test("a statement over several lines keeps them all, and its plan ends at the next log line", () => {
    expect(plans[1]!.query).toBe("select id\n  from users\n  where id = $1");
    expect(plans[1]!.plan).toEqual([
      "Index Scan using users_pkey on users  (cost=0.29..8.31 rows=1 width=4) (actual time=0.002..0.002 rows=1 loops=1)",
      "  Index Cond: (id = 7)",
    ]);
  });

  test("plansBetween keeps the entries written inside the window", () => {
    expect(
      plansBetween(plans, Date.parse("2026-11-23T18:33:12.200Z"), Date.parse("2026-11-23T18:33:12.400Z")).map(
        (p) => p.pid,
      ),
    ).toEqual([7426]);
  });
});

test("trimPlan cuts long lines and says how many lines it left out", () => {
  expect(trimPlan(["a".repeat(10), "b", "c"], 2, 5)).toEqual(["aaaa…", "b", "… 1 more lines"]);
});
