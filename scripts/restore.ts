/**
 * `bun run db:restore <archive> [--target-dir DIR] [--force]`: verifies an archive from db:backup
 * (checksums, PRAGMA integrity_check, row counts) and puts it in place. Without --target-dir it restores to
 * DATABASE_URL and UPLOADS_DIR, or the bucket STORAGE_URL names (PostgreSQL: into an empty database and
 * storage, never over data); with it, to DIR/app.db and DIR/uploads. Stop the server first.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, restoreBackup } from "~/infra/backup.server";
import { restorePostgresBackup } from "~/infra/backup-postgres.server";
import { ConfigError, parseConfig } from "~/infra/config.server";
import { storageFor } from "~/infra/storage.server";

const usage = "usage: bun run db:restore <archive.tar.gz> [--target-dir DIR] [--force]";
try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { "target-dir": { type: "string" }, force: { type: "boolean", default: false } },
  });
  if (positionals.length !== 1) throw new BackupError(usage);
  const targetDir = values["target-dir"];
  const cfg = targetDir ? undefined : parseConfig(process.env);
  if (cfg?.databaseEngine === "postgres") {
    const restored = await restorePostgresBackup({
      archive: positionals[0]!,
      databaseUrl: cfg.databaseUrl,
      storage: storageFor(cfg.storage),
    });
    const tables = restored.manifest.database.tables;
    console.log(
      `Restored the backup of ${restored.manifest.createdAt} into PostgreSQL (${restored.totalMs.toFixed(0)} ms)`,
    );
    console.log(
      `  ${Object.keys(tables).length} tables, ${tables.users ?? 0} users, row counts ok; ${restored.manifest.uploads.count} files, checksums ok`,
    );
    process.exit(0);
  }
  const result = await restoreBackup({
    archive: positionals[0]!,
    databasePath: targetDir ? path.join(targetDir, "app.db") : cfg!.databasePath,
    uploadsDir: targetDir ? path.join(targetDir, "uploads") : cfg!.uploadsDir,
    storage: cfg?.storage.kind === "s3" ? storageFor(cfg.storage) : undefined,
    force: values.force,
  });
  const tables = result.manifest.database.tables;
  console.log(`Restored the backup of ${result.manifest.createdAt} (${result.totalMs.toFixed(0)} ms)`);
  console.log(
    `  database: ${result.databasePath} (integrity ok, ${Object.keys(tables).length} tables, ${tables.users ?? 0} users)`,
  );
  const into = cfg?.storage.kind === "s3" ? `s3://${cfg.storage.bucket}/${cfg.storage.prefix}` : result.uploadsDir;
  console.log(`  uploads:  ${into} (${result.manifest.uploads.count} files, checksums ok)`);
  if (result.movedAsideTo) console.log(`  the previous database and uploads were moved to ${result.movedAsideTo}`);
} catch (error) {
  if (
    error instanceof BackupError ||
    error instanceof ConfigError ||
    String((error as { code?: string }).code).startsWith("ERR_PARSE_ARGS")
  ) {
    console.error(`Restore failed: ${(error as Error).message}`);
    process.exit(1);
  }
  throw error;
}
