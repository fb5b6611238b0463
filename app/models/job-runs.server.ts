import { and, desc, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { jobRuns } from "~db/schema";
import { db, transaction } from "~/infra/db.server";
import type { JobClaims } from "~/infra/scheduler.server";

/** The scheduler's claims in the database every instance shares; each call is one conditional statement. */
export const jobClaims: JobClaims = {
  async claim(job, period, owner, leaseUntil, now) {
    return transaction(async (tx) => {
      const created = await tx
        .insert(jobRuns)
        .values({ job, periodStart: period, claimedBy: owner, leaseUntil })
        .onConflictDoNothing()
        .returning({ job: jobRuns.job });
      if (created.length > 0) return true;
      // Taken over only when unfinished and its holder stopped renewing (died, or released after a failure).
      const taken = await tx
        .update(jobRuns)
        .set({ claimedBy: owner, leaseUntil, attempts: sql`${jobRuns.attempts} + 1` })
        .where(
          and(
            eq(jobRuns.job, job),
            eq(jobRuns.periodStart, period),
            isNull(jobRuns.finishedAt),
            lt(jobRuns.leaseUntil, now),
          ),
        )
        .returning({ job: jobRuns.job });
      return taken.length > 0;
    });
  },
  async renew(job, period, owner, leaseUntil) {
    const renewed = await transaction((tx) =>
      tx
        .update(jobRuns)
        .set({ leaseUntil })
        .where(
          and(
            eq(jobRuns.job, job),
            eq(jobRuns.periodStart, period),
            eq(jobRuns.claimedBy, owner),
            isNull(jobRuns.finishedAt),
          ),
        )
        .returning({ job: jobRuns.job }),
    );
    return renewed.length > 0;
  },
  async finish(job, period, owner, at) {
    await transaction((tx) =>
      tx
        .update(jobRuns)
        .set({ finishedAt: at })
        .where(and(eq(jobRuns.job, job), eq(jobRuns.periodStart, period), eq(jobRuns.claimedBy, owner))),
    );
  },
  async release(job, period, owner, now) {
    await transaction((tx) =>
      tx
        .update(jobRuns)
        .set({ leaseUntil: now })
        .where(
          and(
            eq(jobRuns.job, job),
            eq(jobRuns.periodStart, period),
            eq(jobRuns.claimedBy, owner),
            isNull(jobRuns.finishedAt),
          ),
        ),
    );
  },
};

/** The runs of one job, newest first (tests and the operator's questions). */
export async function jobRunsOf(job: string) {
  return await db().select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(desc(jobRuns.periodStart));
}

/** Forgets finished runs older than `before`; the table keeps a few weeks of history. */
export async function pruneJobRuns(before: Date) {
  await transaction((tx) =>
    tx.delete(jobRuns).where(and(lt(jobRuns.leaseUntil, before), isNotNull(jobRuns.finishedAt))),
  );
}
