/**
 * Online backup and restore: one .tar.gz holding a consistent SQLite snapshot, the uploaded files (from
 * the uploads folder or the configured storage) and a manifest (row counts per table, SHA-256 of every file). The snapshot is `VACUUM INTO` on a separate
 * connection: it reads inside one read transaction, so in WAL mode the server keeps writing meanwhile.
 */
import { Database } from "bun:sqlite";
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import * as tar from "tar";
import type { FileStorage } from "./storage.server";

export const BACKUP_FORMAT = "courier-fleet-backup";
const DB_ENTRY = "database.sqlite";
export const MANIFEST_ENTRY = "manifest.json";
export const UPLOADS_ENTRY = "uploads";

export type FileEntry = { path: string; size: number; sha256: string };
export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: 1;
  /** Absent in archives made before PostgreSQL was supported: those are SQLite. */
  engine?: "sqlite" | "postgresql";
  createdAt: string;
  database: { file: string; size: number; sha256: string; tables: Record<string, number> };
  /** `missing`: storage keys the snapshot references whose file was not on disk when copied. */
  uploads: { count: number; bytes: number; files: FileEntry[]; missing: string[] };
};

export class BackupError extends Error {}

export async function sha256File(file: string) {
  const hasher = new Bun.CryptoHasher("sha256");
  for await (const chunk of Bun.file(file).stream()) hasher.update(chunk);
  return hasher.digest("hex");
}

/** Regular files under `root`, as sorted forward-slash paths relative to it. Symlinks are not followed. */
export function listFiles(root: string): string[] {
  if (!existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), rel);
      else if (entry.isFile()) out.push(rel);
    }
  };
  walk(root, "");
  return out.sort();
}

/** Row count of every table of the schema (including the migrations journal). */
export function tableCounts(database: Database): Record<string, number> {
  const names = database
    .query<{ name: string }, []>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all()
    .map((r) => r.name);
  return Object.fromEntries(
    names.map((name) => [
      name,
      database.query<{ n: number }, []>(`SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`).get()!.n,
    ]),
  );
}

function checkIntegrity(database: Database, label: string) {
  const rows = database.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all();
  if (rows.length !== 1 || rows[0]!.integrity_check !== "ok")
    throw new BackupError(
      `${label}: PRAGMA integrity_check failed: ${rows
        .map((r) => r.integrity_check)
        .slice(0, 5)
        .join("; ")}`,
    );
}

function copyInto(src: string, dest: string) {
  try {
    copyFileSync(src, dest);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    // Deleted between listing and copying (an erasure or the sweep): it is simply not in this backup.
    if (!existsSync(src)) return false;
    mkdirSync(path.dirname(dest), { recursive: true });
    return copyInto(src, dest);
  }
}

/**
 * Copies the uploads into the staging folder. A handful of referenced files still under their temporary
 * name (an upload between its commit and its rename) get a few short retries; a mass of missing files
 * is a data problem that waiting does not fix, so it is only reported.
 */
export async function stageUploads(source: UploadSource, stagedDir: string, referenced: string[]) {
  const copied = new Set<string>();
  for (const rel of await source.keys()) if (await source.copy(rel, path.join(stagedDir, rel))) copied.add(rel);
  let missing = referenced.filter((key) => !copied.has(key));
  for (let attempt = 0; attempt < 5 && missing.length > 0 && missing.length <= 100; attempt++) {
    await Bun.sleep(200);
    for (const key of missing) if (await source.copy(key, path.join(stagedDir, key))) copied.add(key);
    missing = missing.filter((key) => !copied.has(key));
  }
  const files: FileEntry[] = [];
  for (const rel of [...copied].sort()) {
    const file = path.join(stagedDir, rel);
    files.push({ path: rel, size: statSync(file).size, sha256: await sha256File(file) });
  }
  return { files, missing };
}

/** Where the files come from: the uploads folder, or the configured storage (an S3 bucket). */
type UploadSource = { keys(): Promise<string[]>; copy(key: string, dest: string): Promise<boolean> };

function folderSource(uploadsDir: string): UploadSource {
  return {
    keys: async () => listFiles(uploadsDir),
    copy: async (key, dest) => copyInto(path.join(uploadsDir, key), dest),
  };
}

export function storageSource(storage: FileStorage): UploadSource {
  return {
    // Uncommitted uploads (temporary names) are not part of any row yet.
    keys: async () =>
      (await storage.list())
        .map((entry) => entry.key)
        .filter((key) => !key.startsWith(".tmp-"))
        .sort(),
    async copy(key, dest) {
      const file = await storage.get(key);
      if (!file) return false;
      mkdirSync(path.dirname(dest), { recursive: true });
      try {
        await Bun.write(dest, new Response(file.stream()));
        return true;
      } catch (error) {
        // Deleted between its length and its bytes (an erasure or the sweep): not in this backup.
        rmSync(dest, { force: true });
        if ((await storage.get(key)) === null) return false;
        throw error;
      }
    },
  };
}

/** The tables whose rows name a stored file: uploads, and the earnings files (each week's source record). */
export const FILE_TABLES = ["uploads", "earning_imports"] as const;

/**
 * Writes the manifest of what is staged (the database under `databaseEntry`, the files under
 * uploads/) and packs the archive into `outFile`, readable by the owner only: identity documents and
 * password hashes. The archive is written in the staging folder and renamed into place when complete.
 */
export async function packBackup(
  staging: string,
  outFile: string,
  content: {
    engine: NonNullable<BackupManifest["engine"]>;
    databaseEntry: string;
    tables: Record<string, number>;
    files: FileEntry[];
    missing: string[];
  },
): Promise<{ file: string; size: number; manifest: BackupManifest }> {
  const { engine, databaseEntry, tables, files, missing } = content;
  const databaseFile = path.join(staging, databaseEntry);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: 1,
    engine,
    createdAt: new Date().toISOString(),
    database: {
      file: databaseEntry,
      size: statSync(databaseFile).size,
      sha256: await sha256File(databaseFile),
      tables,
    },
    uploads: { count: files.length, bytes: files.reduce((n, f) => n + f.size, 0), files, missing },
  };
  writeFileSync(path.join(staging, MANIFEST_ENTRY), `${JSON.stringify(manifest, null, 2)}\n`);
  mkdirSync(path.join(staging, UPLOADS_ENTRY), { recursive: true });
  const partial = path.join(staging, "archive.tar.gz");
  await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
    MANIFEST_ENTRY,
    databaseEntry,
    UPLOADS_ENTRY,
  ]);
  chmodSync(partial, 0o600);
  renameSync(partial, outFile);
  return { file: outFile, size: statSync(outFile).size, manifest };
}

export function defaultBackupFile(dataDir: string, now = new Date()) {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  return path.join(dataDir, "backups", `courier-fleet-${stamp}.tar.gz`);
}

/**
 * Builds the archive in a staging folder beside `outFile` and renames it into place when complete.
 * The files come from `storage` when the app keeps them elsewhere (STORAGE_URL), else from `uploadsDir`.
 */
export async function createBackup(options: {
  databasePath: string;
  uploadsDir: string;
  storage?: FileStorage;
  outFile: string;
}) {
  const started = performance.now();
  const { databasePath, uploadsDir } = options;
  const outFile = path.resolve(options.outFile);
  if (!existsSync(databasePath)) throw new BackupError(`No database at ${databasePath}`);
  if (existsSync(outFile)) throw new BackupError(`${outFile} already exists`);
  mkdirSync(path.dirname(outFile), { recursive: true });
  // mkdtemp makes the folder owner-only, which covers the staged copies and the archive being written.
  const staging = mkdtempSync(path.join(path.dirname(outFile), ".backup-"));
  try {
    const snapshotFile = path.join(staging, DB_ENTRY);
    const live = new Database(databasePath, { readwrite: true, create: false });
    try {
      live.exec("PRAGMA busy_timeout = 10000");
      live.query("VACUUM INTO ?").run(snapshotFile);
    } finally {
      live.close();
    }
    const snapshotMs = performance.now() - started;

    const snapshot = new Database(snapshotFile, { readonly: true });
    let tables: Record<string, number>;
    const referenced: string[] = [];
    try {
      checkIntegrity(snapshot, "snapshot");
      tables = tableCounts(snapshot);
      for (const table of FILE_TABLES.filter((t) => t in tables))
        referenced.push(
          ...snapshot
            .query<{ k: string }, []>(`SELECT storage_key AS k FROM ${table}`)
            .all()
            .map((r) => r.k),
        );
    } finally {
      snapshot.close();
    }

    // After the snapshot, so every file a committed row points to is already on disk.
    const source = options.storage ? storageSource(options.storage) : folderSource(uploadsDir);
    const { files, missing } = await stageUploads(source, path.join(staging, UPLOADS_ENTRY), referenced);
    const packed = await packBackup(staging, outFile, {
      engine: "sqlite",
      databaseEntry: DB_ENTRY,
      tables,
      files,
      missing,
    });
    return { ...packed, snapshotMs, totalMs: performance.now() - started };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** True when another process has the database open (the server holds a shared lock while it runs). */
export function databaseInUse(databasePath: string) {
  if (!existsSync(databasePath)) return false;
  const probe = new Database(databasePath, { readwrite: true, create: false });
  try {
    probe.exec("PRAGMA busy_timeout = 0");
    probe.exec("PRAGMA locking_mode = EXCLUSIVE");
    probe.exec("BEGIN EXCLUSIVE");
    probe.exec("COMMIT");
    return false;
  } catch {
    return true;
  } finally {
    probe.close();
  }
}

function isAllowedEntry(entryPath: string, files: string[]) {
  const p = entryPath.replace(/^\.\//, "");
  return files.includes(p) || p === UPLOADS_ENTRY || p === `${UPLOADS_ENTRY}/` || p.startsWith(`${UPLOADS_ENTRY}/`);
}

function readManifest(staging: string): BackupManifest {
  const file = path.join(staging, MANIFEST_ENTRY);
  if (!existsSync(file)) throw new BackupError("The archive has no manifest.json: not a Courier Fleet backup");
  const manifest = JSON.parse(readFileSync(file, "utf8")) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1)
    throw new BackupError("Unknown backup format or version");
  return manifest;
}

/** Unpacks an archive into `staging` (only the named files and the uploads folder) and reads its manifest. */
export async function extractBackup(archive: string, staging: string, files: string[]): Promise<BackupManifest> {
  // strict: a path escaping the folder or any other warning aborts; only our own entries are taken.
  await tar
    .extract({
      file: archive,
      cwd: staging,
      strict: true,
      preserveOwner: false,
      filter: (p) => isAllowedEntry(p, files),
    })
    .catch((error: unknown) => {
      throw new BackupError(`The archive is damaged or unsafe: ${(error as Error).message}`);
    });
  return readManifest(staging);
}

/** Checks the staged database file (`databaseEntry`) and every staged file against the manifest. */
export async function verifyStagedFiles(staging: string, manifest: BackupManifest, databaseEntry: string) {
  const dbFile = path.join(staging, databaseEntry);
  if (!existsSync(dbFile) || (await sha256File(dbFile)) !== manifest.database.sha256)
    throw new BackupError("Database checksum does not match the manifest");
  const uploadsDir = path.join(staging, UPLOADS_ENTRY);
  const expected = new Map(manifest.uploads.files.map((f) => [f.path, f]));
  const present = listFiles(uploadsDir);
  const extra = present.filter((p) => !expected.has(p));
  if (extra.length > 0) throw new BackupError(`Files not in the manifest: ${extra.slice(0, 5).join(", ")}`);
  for (const entry of expected.values()) {
    const file = path.join(uploadsDir, entry.path);
    if (!existsSync(file)) throw new BackupError(`Missing file: uploads/${entry.path}`);
    if (statSync(file).size !== entry.size || (await sha256File(file)) !== entry.sha256)
      throw new BackupError(`Checksum mismatch: uploads/${entry.path}`);
  }
}

/** Checks every file against the manifest, then the database's integrity and row counts. */
export async function verifyStaged(staging: string, manifest: BackupManifest) {
  await verifyStagedFiles(staging, manifest, DB_ENTRY);
  const database = new Database(path.join(staging, DB_ENTRY), { readonly: true });
  try {
    checkIntegrity(database, "restored database");
    const counts = tableCounts(database);
    for (const [table, n] of Object.entries(manifest.database.tables))
      if (counts[table] !== n)
        throw new BackupError(`Row count of ${table}: ${counts[table]} restored, ${n} in the manifest`);
  } finally {
    database.close();
  }
}

function move(src: string, dest: string) {
  mkdirSync(path.dirname(dest), { recursive: true });
  try {
    renameSync(src, dest);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    cpSync(src, dest, { recursive: true });
    rmSync(src, { recursive: true, force: true });
  }
}

/**
 * Restores an archive to `databasePath` and `uploadsDir` (or, given `storage`, writes the files into
 * that storage: keys are random, so nothing there is overwritten; the sweep later removes what the
 * restored rows do not reference). An existing database is replaced only with `force` (it and the old
 * uploads folder are moved aside, never deleted), and never while a process has it open.
 */
export async function restoreBackup(options: {
  archive: string;
  databasePath: string;
  uploadsDir: string;
  storage?: FileStorage;
  force?: boolean;
}) {
  const started = performance.now();
  const archive = path.resolve(options.archive);
  const databasePath = path.resolve(options.databasePath);
  const uploadsDir = path.resolve(options.uploadsDir);
  if (!existsSync(archive)) throw new BackupError(`No archive at ${archive}`);
  const exists = existsSync(databasePath);
  if (exists && !options.force)
    throw new BackupError(
      `A database already exists at ${databasePath}; pass --force to replace it (the current files are moved aside)`,
    );
  if (exists && databaseInUse(databasePath))
    throw new BackupError(`${databasePath} is open in another process; stop the server first`);

  const targetDir = path.dirname(databasePath);
  mkdirSync(targetDir, { recursive: true });
  const staging = mkdtempSync(path.join(targetDir, ".restore-"));
  try {
    const manifest = await extractBackup(archive, staging, [MANIFEST_ENTRY, DB_ENTRY]);
    if (manifest.engine === "postgresql")
      throw new BackupError("This archive holds a PostgreSQL database: restore it with DATABASE_URL=postgres://…");
    await verifyStaged(staging, manifest);

    const stagedUploads = path.join(staging, UPLOADS_ENTRY);
    // Files first: a restored row must never point at a file that is not there yet.
    if (options.storage)
      for (const entry of manifest.uploads.files)
        await options.storage.put(entry.path, Bun.file(path.join(stagedUploads, entry.path)));
    const replacesFolder = !options.storage && existsSync(uploadsDir);
    let movedAsideTo: string | undefined;
    if (exists || replacesFolder) {
      movedAsideTo = path.join(targetDir, `pre-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`);
      for (const suffix of ["", "-wal", "-shm"])
        if (existsSync(databasePath + suffix))
          move(databasePath + suffix, path.join(movedAsideTo, path.basename(databasePath) + suffix));
      if (replacesFolder) move(uploadsDir, path.join(movedAsideTo, "uploads"));
    }
    move(path.join(staging, DB_ENTRY), databasePath);
    if (options.storage) mkdirSync(uploadsDir, { recursive: true });
    else if (existsSync(stagedUploads)) move(stagedUploads, uploadsDir);
    else mkdirSync(uploadsDir, { recursive: true });
    return { manifest, databasePath, uploadsDir, movedAsideTo, totalMs: performance.now() - started };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
