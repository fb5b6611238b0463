import { log } from "./log.server";

/**
 * `WORKERS=N`: N server processes on one port. The first process (the one the operator started)
 * prepares the database, then starts N−1 copies of itself; every process listens with `reusePort`, so
 * the kernel spreads connections across them. They share everything through the database (sessions,
 * limits, the scheduled jobs' claims, the home page copy's change signal), as separate instances do.
 */
export function workerIndex(): number {
  return Number(process.env.COURIER_WORKER ?? 0);
}

export function startWorkers(count: number) {
  const children = new Map<number, ReturnType<typeof Bun.spawn>>();
  let stopping = false;
  const spawn = (index: number) => {
    const child = Bun.spawn([process.execPath, ...process.argv.slice(1)], {
      env: { ...process.env, COURIER_WORKER: String(index) },
      stdio: ["ignore", "inherit", "inherit"],
    });
    children.set(index, child);
    void child.exited.then((code) => {
      if (stopping) return;
      // A worker that dies is replaced (after a pause, so a crash at start-up does not spin).
      log("error", "worker exited; starting another", { worker: index, code });
      setTimeout(() => !stopping && spawn(index), 1_000);
    });
  };
  if (workerIndex() === 0) for (let index = 1; index < count; index++) spawn(index);
  return {
    /** Stops the other workers (each finishes its requests in flight) and waits for them. */
    async stop() {
      stopping = true;
      for (const child of children.values()) child.kill("SIGTERM");
      await Promise.all([...children.values()].map((child) => child.exited));
    },
  };
}
