/**
 * Backup and restore on PostgreSQL: the same .tar.gz as on SQLite (manifest, database, files), with the
 * database as a `pg_dump` custom-format archive and the files read through the storage port (local disk
 * or S3). The dump and the list of referenced files come from one exported snapshot, so every file a
 * dumped row points to was committed before the files are copied.
 */
import { SQL } from "bun";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import * as tar from "tar";
import {
  BACKUP_FORMAT,
  BackupError,
  extractBackup,
  listFiles,
  sha256File,
  UPLOADS_ENTRY,
  MANIFEST_ENTRY,
  type BackupManifest,
  type FileEntry,
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

/** Copies every stored file into `dir`, checks that each referenced key was there, and lists them. */
async function stageStoredFiles(storage: FileStorage, dir: string, referenced: string[]) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const files: FileEntry[] = [];
  const copied = new Set<string>();
  for (const { key } of await storage.list()) {
    // Uncommitted uploads (temporary names) are not part of any row yet.
    if (key.startsWith(".tmp-")) continue;
    const blob = await storage.get(key);
    if (!blob) continue; // deleted meanwhile (an erasure or the sweep)
    const target = path.join(dir, key);
    await Bun.write(target, new Response(blob.stream()));
    files.push({ path: key, size: statSync(target).size, sha256: await sha256File(target) });
    copied.add(key);
  }
  return { files, missing: referenced.filter((key) => !copied.has(key)) };
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
    let referenced: string[];
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
      const hasUploads = "uploads" in tables;
      referenced = hasUploads
        ? ((await connection`SELECT storage_key AS k FROM uploads`) as { k: string }[]).map((r) => r.k)
        : [];
      // Earnings files (the source record of each week's earnings) are private files too.
      if ("earning_imports" in tables)
        referenced.push(
          ...((await connection`SELECT storage_key AS k FROM earning_imports`) as { k: string }[]).map((r) => r.k),
        );
      await connection`COMMIT`;
    } finally {
      connection.release();
    }
    const snapshotMs = performance.now() - snapshotStarted;
    const { files, missing } = await stageStoredFiles(options.storage, path.join(staging, UPLOADS_ENTRY), referenced);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      engine: "postgresql",
      createdAt: new Date().toISOString(),
      database: { file: PG_DUMP_ENTRY, size: statSync(dumpFile).size, sha256: await sha256File(dumpFile), tables },
      uploads: { count: files.length, bytes: files.reduce((n, f) => n + f.size, 0), files, missing },
    };
    writeFileSync(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = path.join(staging, "archive.tar.gz");
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      MANIFEST_ENTRY,
      PG_DUMP_ENTRY,
      UPLOADS_ENTRY,
    ]);
    chmodSync(partial, 0o600);
    renameSync(partial, outFile);
    return { file: outFile, size: statSync(outFile).size, manifest, snapshotMs, totalMs: performance.now() - started };
  } finally {
    await sql.close();
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Checks the staged dump and files against the manifest before anything is written. */
async function verifyStagedDump(staging: string, manifest: BackupManifest) {
  const dumpFile = path.join(staging, PG_DUMP_ENTRY);
  if (!existsSync(dumpFile) || (await sha256File(dumpFile)) !== manifest.database.sha256)
    throw new BackupError("Database dump checksum does not match the manifest");
  // pg_restore reads the archive's table of contents: a damaged dump fails here, not half-way.
  await run([postgresTool("pg_restore"), "--list", dumpFile], "Reading the dump");
  const uploadsDir = path.join(staging, UPLOADS_ENTRY);
  const expected = new Map(manifest.uploads.files.map((f) => [f.path, f]));
  const extra = listFiles(uploadsDir).filter((p) => !expected.has(p));
  if (extra.length > 0) throw new BackupError(`Files not in the manifest: ${extra.slice(0, 5).join(", ")}`);
  for (const entry of expected.values()) {
    const file = path.join(uploadsDir, entry.path);
    if (!existsSync(file)) throw new BackupError(`Missing file: uploads/${entry.path}`);
    if (statSync(file).size !== entry.size || (await sha256File(file)) !== entry.sha256)
      throw new BackupError(`Checksum mismatch: uploads/${entry.path}`);
  }
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
