import { expect, test } from "bun:test";
import { startScheduler, type Job } from "~/infra/scheduler.server";
import { jobClaims, jobRunsOf } from "./job-runs.server";

const at = (ms: number) => new Date(ms);

test("a period is claimed once; a lapsed lease is taken over, and the old holder can neither renew nor finish", async () => {
  const job = `claims-${Math.random()}`;
  const t = 10_000_000;
  const [p7, p8] = [at(7 * 60_000), at(8 * 60_000)];
  expect(await jobClaims.claim(job, p7, "a", at(t + 1000), at(t))).toBe(true);
  // While A's lease holds, B is refused, even if it asks many times.
  expect(await jobClaims.claim(job, p7, "b", at(t + 1500), at(t + 500))).toBe(false);
  expect(await jobClaims.renew(job, p7, "a", at(t + 2000))).toBe(true);
  expect(await jobClaims.claim(job, p7, "b", at(t + 2500), at(t + 1500))).toBe(false);
  // A stops renewing (it died); after the lease B takes the period over.
  expect(await jobClaims.claim(job, p7, "b", at(t + 4000), at(t + 2001))).toBe(true);
  expect(await jobClaims.renew(job, p7, "a", at(t + 5000))).toBe(false);
  await jobClaims.finish(job, p7, "a", at(t + 2100));
  let [run] = await jobRunsOf(job);
  expect(run).toMatchObject({ claimedBy: "b", finishedAt: null, attempts: 2 });
  await jobClaims.finish(job, p7, "b", at(t + 2200));
  // A finished period is never run again, however late someone asks.
  expect(await jobClaims.claim(job, p7, "c", at(t + 99_000), at(t + 90_000))).toBe(false);
  [run] = await jobRunsOf(job);
  expect(run).toMatchObject({ claimedBy: "b", finishedAt: at(t + 2200) });
  // The next period is a new claim.
  expect(await jobClaims.claim(job, p8, "c", at(t + 99_000), at(t + 90_000))).toBe(true);
});

test("a released claim (the job failed) is tried again at the next check", async () => {
  const job = `release-${Math.random()}`;
  const t = 20_000_000;
  const p1 = at(60_000);
  expect(await jobClaims.claim(job, p1, "a", at(t + 60_000), at(t))).toBe(true);
  await jobClaims.release(job, p1, "a", at(t + 10));
  expect(await jobClaims.claim(job, p1, "b", at(t + 60_000), at(t + 11))).toBe(true);
});

test("two schedulers on one database run a job once per period, and a failing run is retried", async () => {
  const name = `twice-${Math.random()}`;
  const everyMs = 120;
  const runs: number[] = [];
  let failFirst = true;
  const job: Job = {
    name,
    everyMs,
    run: async (period) => {
      runs.push(period.getTime());
      await Bun.sleep(5);
      if (failFirst) {
        failFirst = false;
        throw new Error("first run fails");
      }
    },
  };
  const options = { claims: jobClaims, checkEveryMs: 15, leaseMs: 1000 };
  const a = startScheduler([job], { ...options, owner: "instance-a" });
  const b = startScheduler([job], { ...options, owner: "instance-b" });
  // Until four periods are done; a busy machine may need more than four periods' time for that.
  const finishedRuns = async () => (await jobRunsOf(name)).filter((r) => r.finishedAt !== null).length;
  for (let waited = 0; waited < 15_000 && (await finishedRuns()) < 4; waited += everyMs) await Bun.sleep(everyMs);
  await Promise.all([a.stop(), b.stop()]);
  const rows = await jobRunsOf(name);
  expect(rows.filter((r) => r.finishedAt !== null).length).toBeGreaterThanOrEqual(4);
  // Each period ran as often as it was claimed: once, and twice only where the first run failed.
  for (const row of rows) expect(runs.filter((p) => p === row.periodStart.getTime()).length).toBe(row.attempts);
  const first = Math.min(...runs);
  expect(rows.filter((r) => r.attempts > 1).every((r) => r.periodStart.getTime() === first)).toBe(true);
  // The failed run was claimed again at the next check (unless its period ended first).
  const failed = rows.find((r) => r.periodStart.getTime() === first)!;
  expect(failed.attempts === 2 || failed.finishedAt === null).toBe(true);
});

test("stop waits for the run in progress", async () => {
  const name = `stop-${Math.random()}`;
  let finished = false;
  const job: Job = {
    name,
    everyMs: 60_000,
    run: async () => {
      await Bun.sleep(150);
      finished = true;
    },
  };
  const scheduler = startScheduler([job], { claims: jobClaims, owner: "instance-s", checkEveryMs: 10 });
  for (let waited = 0; waited < 5_000 && (await jobRunsOf(name)).length === 0; waited += 10) await Bun.sleep(10);
  await scheduler.stop();
  expect(finished).toBe(true);
  const [run] = await jobRunsOf(name);
  expect(run!.finishedAt).not.toBeNull();
});
