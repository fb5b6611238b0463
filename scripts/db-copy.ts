/**
 * `bun run db:copy --to postgres://… [--storage s3://bucket/prefix]`: copies this installation (the SQLite
 * database of DATABASE_URL and the files) into an empty PostgreSQL database and, with --storage, an empty
 * S3 bucket prefix. The source is only read. Stop the server first, so nothing changes meanwhile.
 */
import { parseArgs } from "node:util";
import { CopyError, copyInstallation } from "~/infra/db-copy.server";
import { ConfigError, isPostgresUrl, parseConfig } from "~/infra/config.server";
import { storageFor } from "~/infra/storage.server";

const usage = "usage: bun run db:copy --to postgres://user:pass@host:5432/db [--storage s3://bucket/prefix]";
try {
  const { values } = parseArgs({ options: { to: { type: "string" }, storage: { type: "string" } } });
  if (!values.to || !isPostgresUrl(values.to)) throw new CopyError(usage);
  const cfg = parseConfig(process.env);
  if (cfg.databaseEngine !== "sqlite")
    throw new CopyError("DATABASE_URL must name the SQLite file to copy from (file:…)");
  const started = performance.now();
  console.log(`Copying ${cfg.databasePath} into ${new URL(values.to).host}${new URL(values.to).pathname}`);
  const result = await copyInstallation({
    sqliteFile: cfg.databasePath,
    to: values.to,
    // The target's S3 settings are read as STORAGE_URL would be (with the S3_* variables).
    files: values.storage
      ? {
          from: storageFor(cfg.storage),
          to: storageFor(parseConfig({ ...process.env, STORAGE_URL: values.storage }).storage),
        }
      : undefined,
    progress: (line) => console.log(line),
  });
  const rows = Object.values(result.rows).reduce((n, c) => n + c, 0);
  console.log(
    `Done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${rows} rows in ${Object.keys(result.rows).length} tables, row counts equal`,
  );
  if (!values.storage) console.log(`  files stay in ${cfg.uploadsDir} (no --storage given)`);
} catch (error) {
  if (
    error instanceof CopyError ||
    error instanceof ConfigError ||
    String((error as { code?: string }).code).startsWith("ERR_PARSE_ARGS")
  ) {
    console.error(`Copy failed: ${(error as Error).message}`);
    process.exit(1);
  }
  throw error;
}
