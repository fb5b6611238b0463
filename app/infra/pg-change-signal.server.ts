import { SQL } from "bun";
import { log } from "./log.server";

/**
 * PostgreSQL's counterpart of SQLite's `PRAGMA data_version` for the home page copy: a number that
 * changes after any instance commits a write. It watches the server's write-ahead log position
 * (`pg_current_wal_lsn()`), which moves with every write and never with a read, so it needs no
 * trigger and no table. Asking the server on every cached request would cost a round trip each; the
 * position is polled in the background instead, so another instance's change shows within
 * `everyMs` (the copy's own 5-second life bounds the rest). Writes that are not ours (autovacuum,
 * other databases on the cluster) only drop a copy early.
 */
export function pgChangeSignal(url: string, everyMs = 100) {
  const sql = new SQL({ url, max: 1, idleTimeout: 0 });
  let position = "";
  let version = 0;
  let polling = false;
  const poll = async () => {
    if (polling) return;
    polling = true;
    try {
      const [row] = (await sql`SELECT pg_current_wal_lsn()::text AS lsn`) as [{ lsn: string }];
      if (row.lsn !== position) {
        position = row.lsn;
        version++;
      }
    } catch (error) {
      // Unknown state: count it as a change, so no copy outlives the outage.
      version++;
      log("warn", "database change signal unavailable", { error: String(error) });
    } finally {
      polling = false;
    }
  };
  void poll();
  const timer = setInterval(poll, everyMs);
  timer.unref?.();
  return {
    version: () => version,
    poll,
    async stop() {
      clearInterval(timer);
      await sql.close();
    },
  };
}
