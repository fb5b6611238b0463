/**
 * `bun run db:backup [--out FILE]`: an online snapshot of the database plus the uploads (from UPLOADS_DIR,
 * or the bucket STORAGE_URL names) in one .tar.gz, safe while the server runs (on PostgreSQL: a pg_dump
 * custom-format archive). Default file: DATA_DIR/backups/courier-fleet-<time>.tar.gz.
 */
import { parseArgs } from "node:util";
import { BackupError, createBackup, defaultBackupFile } from "~/infra/backup.server";
import { createPostgresBackup } from "~/infra/backup-postgres.server";
import { ConfigError, parseConfig } from "~/infra/config.server";
import { storageFor } from "~/infra/storage.server";

try {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  // parseConfig, not config(): a backup must not create a session secret as a side effect.
  const cfg = parseConfig(process.env);
  const outFile = values.out ?? defaultBackupFile(cfg.dataDir);
  const result =
    cfg.databaseEngine === "postgres"
      ? await createPostgresBackup({ databaseUrl: cfg.databaseUrl, storage: storageFor(cfg.storage), outFile })
      : await createBackup({
          databasePath: cfg.databasePath,
          uploadsDir: cfg.uploadsDir,
          storage: cfg.storage.kind === "s3" ? storageFor(cfg.storage) : undefined,
          outFile,
        });
  const { manifest } = result;
  console.log(`Backup written: ${result.file} (${(result.size / 1024 / 1024).toFixed(1)} MB)`);
  console.log(`  snapshot ${result.snapshotMs.toFixed(0)} ms, total ${result.totalMs.toFixed(0)} ms`);
  for (const [table, n] of Object.entries(manifest.database.tables)) console.log(`  ${table.padEnd(24)} ${n}`);
  const from = cfg.storage.kind === "s3" ? `s3://${cfg.storage.bucket}/${cfg.storage.prefix}` : cfg.uploadsDir;
  console.log(
    `  uploads: ${manifest.uploads.count} files, ${(manifest.uploads.bytes / 1024 / 1024).toFixed(1)} MB, from ${from}`,
  );
  if (manifest.uploads.missing.length > 0)
    console.log(
      `  warning: ${manifest.uploads.missing.length} file(s) referenced by the database are not in the storage (see missing in manifest.json)`,
    );
} catch (error) {
  if (
    error instanceof BackupError ||
    error instanceof ConfigError ||
    (error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION"
  ) {
    console.error(`Backup failed: ${(error as Error).message}`);
    process.exit(1);
  }
  throw error;
}
