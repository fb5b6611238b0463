/**
 * Backup and restore on PostgreSQL: the same .tar.gz as on SQLite (manifest, database, files), with the
 * database as a `pg_dump` custom-format archive and the files read through the storage port (local disk
 * or S3). The dump and the list of referenced files come from one exported snapshot, so every file a
 * dumped row points to was committed before the files are copied.
 */
import { SQL } from "bun";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import {
  BackupError,
  extractBackup,
  FILE_TABLES,
  MANIFEST_ENTRY,
  packBackup,
  stageUploads,
  storageSource,
  UPLOADS_ENTRY,
  verifyStagedFiles,
  type BackupManifest,
} from "./backup.server";
import type { FileStorage } from "./storage.server";

export const PG_DUMP_ENTRY = "database.pgdump";

/** The newest PostgreSQL client tools installed (pg_dump must be at least the server's version). */
export function postgresTool(name: "pg_dump" | "pg_restore"): string {
  const root = "/usr/lib/postgresql";
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, "bin", name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(root, versions[0], "bin", name);
  }
  const found = Bun.which(name);
  if (!found)
    throw new BackupError(`${name} not found: install the PostgreSQL client tools (apt-get install postgresql-client)`);
  return found;
}

async function run(command: string[], what: string) {
  const child = Bun.spawn(command, { stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  if (code !== 0)
    throw new BackupError(`${what} failed: ${stderr.trim().split("\n").slice(-3).join(" ") || `exit code ${code}`}`);
  return stdout;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Row count of every table of ours: the app's (`public`) and drizzle's migrations journal (`drizzle`). */
export async function postgresTableCounts(sql: SQL): Promise<Record<string, number>> {
  const tables: { s: string; t: string }[] = await sql`
    SELECT table_schema AS s, table_name AS t FROM information_schema.tables
    WHERE table_schema IN ('public', 'drizzle') AND table_type = 'BASE TABLE' ORDER BY 1, 2`;
  const counts: Record<string, number> = {};
  for (const { s, t } of tables) {
    const [row] = await sql.unsafe(`SELECT count(*)::int AS n FROM ${quoteIdent(s)}.${quoteIdent(t)}`);
    counts[s === "public" ? t : `${s}.${t}`] = (row as { n: number }).n;
  }
  return counts;
}

export async function createPostgresBackup(options: { databaseUrl: string; storage: FileStorage; outFile: string }) {
  const started = performance.now();
  const outFile = path.resolve(options.outFile);
  if (existsSync(outFile)) throw new BackupError(`${outFile} already exists`);
  mkdirSync(path.dirname(outFile), { recursive: true });
  const staging = mkdtempSync(path.join(path.dirname(outFile), ".backup-"));
  const sql = new SQL({ url: options.databaseUrl, max: 1 });
  try {
    const dumpFile = path.join(staging, PG_DUMP_ENTRY);
    let tables: Record<string, number>;
    const referenced: string[] = [];
    const snapshotStarted = performance.now();
    // One REPEATABLE READ transaction exports its snapshot; pg_dump reads that same snapshot, and the
    // counts and the referenced keys come from it too.
    const connection = await sql.reserve();
    try {
      await connection`BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY`;
      const [{ id }] = (await connection`SELECT pg_export_snapshot() AS id`) as [{ id: string }];
      await run(
        [
          postgresTool("pg_dump"),
          "--format=custom",
          "--no-owner",
          "--no-privileges",
          `--snapshot=${id}`,
          `--file=${dumpFile}`,
          `--dbname=${options.databaseUrl}`,
        ],
        "pg_dump",
      );
      tables = await postgresTableCounts(connection as unknown as SQL);
      for (const table of FILE_TABLES.filter((t) => t in tables))
        referenced.push(
          ...((await connection.unsafe(`SELECT storage_key AS k FROM ${table}`)) as { k: string }[]).map((r) => r.k),
        );
      await connection`COMMIT`;
    } finally {
      connection.release();
    }
    const snapshotMs = performance.now() - snapshotStarted;
    const source = storageSource(options.storage);
    const { files, missing } = await stageUploads(source, path.join(staging, UPLOADS_ENTRY), referenced);
    const packed = await packBackup(staging, outFile, {
      engine: "postgresql",
      databaseEntry: PG_DUMP_ENTRY,
      tables,
      files,
      missing,
    });
    return { ...packed, snapshotMs, totalMs: performance.now() - started };
  } finally {
    await sql.close();
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Checks the staged dump and files against the manifest before anything is written. */
async function verifyStagedDump(staging: string, manifest: BackupManifest) {
  await verifyStagedFiles(staging, manifest, PG_DUMP_ENTRY);
  // pg_restore reads the archive's table of contents: a damaged dump fails here, not half-way.
  await run([postgresTool("pg_restore"), "--list", path.join(staging, PG_DUMP_ENTRY)], "Reading the dump");
}

/**
 * Restores a PostgreSQL backup into an empty database and an empty storage. A database is never
 * overwritten: restore into a new one (`createdb`) and point DATABASE_URL at it.
 */
export async function restorePostgresBackup(options: { archive: string; databaseUrl: string; storage: FileStorage }) {
  const started = performance.now();
  if (!existsSync(options.archive)) throw new BackupError(`No archive at ${path.resolve(options.archive)}`);
  const sql = new SQL({ url: options.databaseUrl, max: 1 });
  const staging = mkdtempSync(path.join(path.dirname(path.resolve(options.archive)), ".restore-"));
  try {
    const [{ n }] = (await sql`
      SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema IN ('public', 'drizzle')`) as [
      { n: number },
    ];
    if (n > 0)
      throw new BackupError(
        "The target database is not empty: restore into a new database (createdb NAME) and point DATABASE_URL at it",
      );
    if ((await options.storage.list()).length > 0)
      throw new BackupError("The target file storage is not empty: restore into an empty folder or bucket prefix");
    const manifest = await extractBackup(options.archive, staging, [MANIFEST_ENTRY, PG_DUMP_ENTRY]);
    if (manifest.engine !== "postgresql")
      throw new BackupError(
        "This archive holds a SQLite database: restore it with DATABASE_URL=file:… (or move it with db:copy)",
      );
    await verifyStagedDump(staging, manifest);
    // One transaction: a dump that does not apply leaves the database empty, as it was.
    await run(
      [
        postgresTool("pg_restore"),
        "--exit-on-error",
        "--single-transaction",
        "--no-owner",
        "--no-privileges",
        `--dbname=${options.databaseUrl}`,
        path.join(staging, PG_DUMP_ENTRY),
      ],
      "pg_restore",
    );
    const counts = await postgresTableCounts(sql);
    for (const [table, count] of Object.entries(manifest.database.tables))
      if (counts[table] !== count)
        throw new BackupError(`Row count of ${table}: ${counts[table]} restored, ${count} in the manifest`);
    for (const entry of manifest.uploads.files)
      await options.storage.put(entry.path, Bun.file(path.join(staging, UPLOADS_ENTRY, entry.path)));
    return { manifest, totalMs: performance.now() - started };
  } finally {
    await sql.close();
    rmSync(staging, { recursive: true, force: true });
  }
}
