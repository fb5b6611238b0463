/**
 * `bun run db:restore <archive> [--target-dir DIR] [--force]`: verifies an archive from db:backup
 * (checksums, PRAGMA integrity_check, row counts) and puts it in place. Without --target-dir it restores to
 * DATABASE_URL and UPLOADS_DIR (the files into the bucket when STORAGE_URL is set); with it, to DIR/app.db
 * and DIR/uploads. Stop the server first.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, restoreBackup } from "~/infra/backup.server";
import { ConfigError, parseConfig } from "~/infra/config.server";
import { s3Storage } from "~/infra/storage.server";

const usage = "usage: bun run db:restore <archive.tar.gz> [--target-dir DIR] [--force]";
try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { "target-dir": { type: "string" }, force: { type: "boolean", default: false } },
  });
  if (positionals.length !== 1) throw new BackupError(usage);
  const targetDir = values["target-dir"];
  const cfg = targetDir ? undefined : parseConfig(process.env);
  const result = await restoreBackup({
    archive: positionals[0]!,
    databasePath: targetDir ? path.join(targetDir, "app.db") : cfg!.databasePath,
    uploadsDir: targetDir ? path.join(targetDir, "uploads") : cfg!.uploadsDir,
    storage: cfg?.storage.kind === "s3" ? s3Storage(cfg.storage) : undefined,
    force: values.force,
  });
  const tables = result.manifest.database.tables;
  console.log(`Restored the backup of ${result.manifest.createdAt} (${result.totalMs.toFixed(0)} ms)`);
  console.log(`  database: ${result.databasePath} (integrity ok, ${Object.keys(tables).length} tables, ${tables.users ?? 0} users)`);
  const into = cfg?.storage.kind === "s3" ? `s3://${cfg.storage.bucket}/${cfg.storage.prefix}` : result.uploadsDir;
  console.log(`  uploads:  ${into} (${result.manifest.uploads.count} files, checksums ok)`);
  if (result.movedAsideTo) console.log(`  the previous database and uploads were moved to ${result.movedAsideTo}`);
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError || String((error as { code?: string }).code).startsWith("ERR_PARSE_ARGS")) {
    console.error(`Restore failed: ${(error as Error).message}`);
    process.exit(1);
  }
  throw error;
}
