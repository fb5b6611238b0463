import { log } from "./log.server";

export type Job = { name: string; everyMs: number; run: () => void | Promise<void> };

/**
 * Runs periodic jobs inside the server process. Each job must be idempotent: it looks at the
 * database and fixes what is due, so a restart or a missed tick changes nothing but timing.
 */
export function startScheduler(jobs: Job[]) {
  const timers = jobs.map((job) => {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        await job.run();
      } catch (error) {
        log("error", "scheduled job failed", { job: job.name, error: String(error) });
      } finally {
        running = false;
      }
    };
    void tick();
    return setInterval(tick, job.everyMs);
  });
  return { stop: () => timers.forEach(clearInterval) };
}
