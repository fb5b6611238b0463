import { seedDemoData } from "~db/seed";
import { ensureAdmin } from "~/models/admin-bootstrap.server";
import { sweepOrphanFiles } from "~/models/uploads.server";
import { config } from "~/infra/config.server";
import { migrateDatabase } from "~/infra/db.server";
import { log } from "~/infra/log.server";
import { workerIndex } from "~/infra/workers.server";

/** Everything that must hold before the first request: valid config, migrated database, seed, admin. */
export async function prepare() {
  const cfg = config();
  await migrateDatabase();
  if (cfg.demoSeed) {
    const admin = await seedDemoData();
    if (admin) {
      log("info", "demo data seeded");
      console.log(
        `\n  Demo admin: ${admin.email} / ${admin.password}\n  (the first log-in asks to set up two-step verification with an authenticator app)\n`,
      );
    }
  }
  if (cfg.admin) {
    const result = await ensureAdmin(cfg.admin.email, cfg.admin.password);
    if (result.created || result.changed) log("info", "admin account ensured", { email: cfg.admin.email });
  }
  // When this is the only server, nothing is in flight before it listens, so files a crash left behind
  // go now, not in an hour. Other servers (a shared bucket or PostgreSQL, WORKERS) keep the grace period
  // for their uploads in flight.
  const alone = cfg.storage.kind === "local" && cfg.databaseEngine === "sqlite" && workerIndex() === 0;
  const swept = await sweepOrphanFiles(alone ? { graceMs: 0 } : undefined);
  if (swept > 0) log("info", "orphan upload files removed", { files: swept });
  return cfg;
}
