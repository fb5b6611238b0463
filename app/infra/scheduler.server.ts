import { log } from "./log.server";

/** A periodic job; `run` gets the start of the period it was claimed for. */
export type Job = { name: string; everyMs: number; run: (period: Date) => void | Promise<void> };

/**
 * Where instances agree who runs a job for a period. Every call is one conditional write, so two
 * instances asking at once get one yes.
 */
export interface JobClaims {
  /** Claims (job, period) for `owner` until `leaseUntil`: a new claim, or one whose holder stopped renewing. */
  claim(job: string, period: Date, owner: string, leaseUntil: Date, now: Date): Promise<boolean>;
  /** Extends the lease while the job runs; false when another instance took it over meanwhile. */
  renew(job: string, period: Date, owner: string, leaseUntil: Date): Promise<boolean>;
  /** Marks the period done. */
  finish(job: string, period: Date, owner: string, at: Date): Promise<void>;
  /** Gives the claim up after a failure, so the next check (of any instance) tries again. */
  release(job: string, period: Date, owner: string, now: Date): Promise<void>;
}

export type SchedulerOptions = {
  claims: JobClaims;
  /** This process, as named in the claims (host, pid and a random part). */
  owner: string;
  now?: () => Date;
  /** How often each instance looks for due work; a dead instance's period is taken over within a lease plus this. */
  checkEveryMs?: number;
  /** How long a claim holds without renewal; renewed every third of it while the job runs. */
  leaseMs?: number;
};

/** The start of the period a moment falls in: periods are counted from the epoch, so every instance agrees. */
function periodOf(at: Date, everyMs: number) {
  return new Date(Math.floor(at.getTime() / everyMs) * everyMs);
}

/**
 * Runs periodic jobs once per period across every instance that shares the database. Each instance
 * checks every `checkEveryMs` and runs a job only when it claimed the current period. A claim is a
 * lease: an instance that dies mid-job stops renewing it, and another takes the period over when it
 * runs out. Each job must be idempotent (it looks at the database and fixes what is due), because a
 * job taken over starts again from the top.
 */
export function startScheduler(jobs: Job[], options: SchedulerOptions) {
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? 2 * 60_000;
  const checkEveryMs = options.checkEveryMs ?? 60_000;
  const { claims, owner } = options;
  let stopped = false;

  const runOnce = async (job: Job) => {
    const at = now();
    const period = periodOf(at, job.everyMs);
    if (!(await claims.claim(job.name, period, owner, new Date(at.getTime() + leaseMs), at))) return;
    const heartbeat = setInterval(() => {
      void claims.renew(job.name, period, owner, new Date(now().getTime() + leaseMs)).catch(() => undefined);
    }, leaseMs / 3);
    try {
      await job.run(period);
      await claims.finish(job.name, period, owner, now());
    } catch (error) {
      log("error", "scheduled job failed", { job: job.name, error: String(error) });
      await claims.release(job.name, period, owner, now()).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
    }
  };

  const inFlight = new Set<Promise<void>>();
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running || stopped) return;
      running = true;
      try {
        await runOnce(job);
      } catch (error) {
        // The claim itself failed (database away): the next check tries again.
        log("error", "scheduled job could not be claimed", { job: job.name, error: String(error) });
      } finally {
        running = false;
      }
    };
    const track = () => {
      const done = tick();
      inFlight.add(done);
      void done.finally(() => inFlight.delete(done));
    };
    track();
    return setInterval(track, Math.min(job.everyMs, checkEveryMs));
  });
  return {
    /** Stops checking; resolves once the runs already started have finished or released their claims. */
    stop: async () => {
      stopped = true;
      timers.forEach(clearInterval);
      await Promise.all(inFlight);
    },
  };
}
