import { SQL } from "bun";
import { log } from "./log.server";

/**
 * PostgreSQL's counterpart of SQLite's `PRAGMA data_version` for the home page copy: a number that
 * changes after any instance commits a write. It watches the server's write-ahead log position
 * (`pg_current_wal_insert_lsn()`), which moves with every write (at its commit, whatever the flush settings) and not with plain reads, so it needs no
 * trigger and no table. Asking the server on every cached request would cost a round trip each; the
 * position is polled in the background instead, so another instance's change shows within
 * `everyMs` (the copy's own 5-second life bounds the rest). Writes that are not ours (autovacuum,
 * other databases on the cluster) only drop a copy early.
 */
export function pgChangeSignal(url: string, everyMs = 100) {
  const sql = new SQL({ url, max: 1, idleTimeout: 0 });
  let position = "";
  let version = 0;
  let answeredAt = 0;
  let inflight: Promise<void> | null = null;
  const read = async () => {
    try {
      const [row] = (await sql`SELECT pg_current_wal_insert_lsn()::text AS lsn`) as [{ lsn: string }];
      answeredAt = Date.now();
      if (row.lsn !== position) {
        position = row.lsn;
        version++;
      }
    } catch (error) {
      // Unknown state: count it as a change, so no copy outlives the outage.
      version++;
      log("warn", "database change signal unavailable", { error: String(error) });
    }
  };
  /** The background tick: skipped while the previous read is still out. */
  const tick = () => {
    inflight ??= read().finally(() => (inflight = null));
    return inflight;
  };
  /** A fresh read that starts after any read in flight (so it sees every commit made before the call). */
  const poll = async () => {
    if (inflight) await inflight;
    await tick();
  };
  void tick();
  const timer = setInterval(tick, everyMs);
  timer.unref?.();
  return {
    version: () => version,
    /** Whether the last poll that succeeded was at most `ms` ago (the health check). */
    answeredWithin: (ms: number) => Date.now() - answeredAt <= ms,
    poll,
    async stop() {
      clearInterval(timer);
      await sql.close();
    },
  };
}
