import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tar from "tar";
import {
  BackupError,
  createBackup,
  databaseInUse,
  listFiles,
  restoreBackup,
  type BackupManifest,
} from "./backup.server";
import { startS3 } from "../../tests/s3-server";
import { openDatabase, type SQLiteHandle } from "./db.server";
import { s3Storage } from "./storage.server";

/** Content of a writer's file, derived from its key so the restored bytes can be checked independently. */
const contentFor = (key: string) => `${key}\n`.repeat(200);
const sha = (s: string | Buffer) => createHash("sha256").update(s).digest("hex");

// A separate process writing like the server does: file first, then its row in one transaction.
const WRITER = `
import { Database } from "bun:sqlite";
import { mkdirSync, renameSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
const [dbFile, uploadsDir, stopFile] = process.argv.slice(2);
const d = new Database(dbFile);
d.exec("PRAGMA journal_mode = WAL"); d.exec("PRAGMA synchronous = NORMAL"); d.exec("PRAGMA busy_timeout = 5000");
const user = d.prepare("INSERT INTO users (email, password_hash, status) VALUES (?, 'x', 'confirmed_account') RETURNING id");
const history = d.prepare("INSERT INTO status_history (user_id, to_status, reason) VALUES (?, 'confirmed_account', 'writer')");
const upload = d.prepare("INSERT INTO uploads (storage_key, kind, mime, size, owner_id) VALUES (?, 'report_attachment', 'text/plain', ?, ?)");
const deadline = Date.now() + 15000;
let i = 0;
while (!existsSync(stopFile) && Date.now() < deadline) {
  i++;
  const key = "w/" + (i % 7) + "/writer-" + i + ".txt";
  const body = (key + "\\n").repeat(200);
  const file = path.join(uploadsDir, key);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file + ".tmp", body);
  d.transaction(() => {
    const { id } = user.get("writer" + i + "@example.com");
    history.run(id);
    upload.run(key, body.length, id);
  })();
  renameSync(file + ".tmp", file);
  if (i % 10 === 0) await Bun.sleep(1);
}
console.log(i);
`;

// Its own database and uploads folder, so the 30,000 seeded users never reach other test files.
let work: string;
let live: SQLiteHandle;
let liveFile: string;
let uploadsDir: string;
let archive: string;
let manifest: BackupManifest;
let usersBefore = 0;
let usersAfter = 0;

function countUsers() {
  return (live.$client.query("SELECT count(*) AS n FROM users").get() as { n: number }).n;
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "courier-backup-"));
  liveFile = path.join(work, "live", "app.db");
  uploadsDir = path.join(work, "live", "uploads");
  live = openDatabase(liveFile);
  const sqlite = live.$client;
  // Enough data that the snapshot takes a while and the writer gets many commits in meanwhile. The search
  // index's per-row trigger made this 12 s of a 30 s hook; one rebuild of the index afterwards takes 0.1 s.
  const searchTrigger = sqlite
    .query<{ sql: string }, []>("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'users_search_insert'")
    .get()!.sql;
  sqlite.transaction(() => {
    sqlite.exec("DROP TRIGGER users_search_insert");
    const insert = sqlite.prepare("INSERT INTO users (email, password_hash, full_name) VALUES (?, ?, ?)");
    for (let i = 0; i < 30000; i++) insert.run(`seed${i}@example.com`, "x".repeat(90), `Seed User ${i}`);
    sqlite.exec("INSERT INTO users_search(users_search) VALUES ('rebuild')");
    sqlite.exec(searchTrigger);
  })();
  for (let i = 0; i < 50; i++) {
    const key = `seed/${i}.txt`;
    mkdirSync(path.dirname(path.join(uploadsDir, key)), { recursive: true });
    writeFileSync(path.join(uploadsDir, key), contentFor(key));
  }

  const writerFile = path.join(work, "writer.ts");
  const stopFile = path.join(work, "stop");
  writeFileSync(writerFile, WRITER);
  const writer = Bun.spawn(["bun", writerFile, liveFile, uploadsDir, stopFile], { stdout: "pipe", stderr: "inherit" });
  const seeded = countUsers();
  while (countUsers() < seeded + 50) {
    if (writer.exitCode !== null) throw new Error(`the writer stopped after ${countUsers() - seeded} rows`);
    await Bun.sleep(10);
  }

  usersBefore = countUsers();
  const result = await createBackup({ databasePath: liveFile, uploadsDir, outFile: path.join(work, "backup.tar.gz") });
  usersAfter = countUsers();
  await Bun.sleep(100);
  writeFileSync(stopFile, "");
  const written = Number((await new Response(writer.stdout).text()).trim());
  expect(await writer.exited).toBe(0);
  expect(written).toBeGreaterThan(50);
  archive = result.file;
  manifest = result.manifest;
}, 30000);

afterAll(() => {
  live.$client.close();
  rmSync(work, { recursive: true, force: true });
});

describe("online backup during a stream of writes", () => {
  test("the writer committed rows while the backup ran and the snapshot sits between the counts", () => {
    expect(usersAfter).toBeGreaterThan(usersBefore);
    expect(manifest.database.tables.users).toBeGreaterThanOrEqual(usersBefore);
    expect(manifest.database.tables.users).toBeLessThanOrEqual(usersAfter);
    // Each writer row is a user, its history entry and its upload in one transaction: the snapshot has all or none.
    const writerUsers = manifest.database.tables.users! - 30000;
    expect(manifest.database.tables.status_history).toBe(writerUsers);
    expect(manifest.database.tables.uploads).toBe(writerUsers);
    expect(manifest.uploads.missing).toEqual([]);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
  });

  test("restores into a new directory with integrity, row counts and checksums", async () => {
    const target = path.join(work, "restored");
    const result = await restoreBackup({
      archive,
      databasePath: path.join(target, "app.db"),
      uploadsDir: path.join(target, "uploads"),
    });
    expect(result.movedAsideTo).toBeUndefined();

    const restored = new Database(path.join(target, "app.db"), { readonly: true });
    try {
      expect(restored.query("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
      for (const [table, n] of Object.entries(manifest.database.tables))
        expect((restored.query(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n).toBe(n);
      // Every upload row of the snapshot has its file, byte for byte what the writer wrote.
      const keys = (restored.query("SELECT storage_key AS k FROM uploads").all() as { k: string }[]).map((r) => r.k);
      expect(keys.length).toBe(manifest.database.tables.uploads!);
      const byPath = new Map(manifest.uploads.files.map((f) => [f.path, f.sha256]));
      for (const key of keys) {
        const bytes = readFileSync(path.join(target, "uploads", key));
        expect(sha(bytes)).toBe(sha(contentFor(key)));
        expect(byPath.get(key)).toBe(sha(bytes));
      }
    } finally {
      restored.close();
    }
    const files = listFiles(path.join(target, "uploads"));
    expect(files).toEqual(manifest.uploads.files.map((f) => f.path));
    for (const f of manifest.uploads.files)
      expect(sha(readFileSync(path.join(target, "uploads", f.path)))).toBe(f.sha256);
  });

  test("refuses to overwrite an existing database without force, and an open one even with force", async () => {
    const target = path.join(work, "restored");
    const options = { archive, databasePath: path.join(target, "app.db"), uploadsDir: path.join(target, "uploads") };
    await expect(restoreBackup(options)).rejects.toThrow(/already exists/);
    expect(databaseInUse(liveFile)).toBe(true);
    await expect(restoreBackup({ ...options, databasePath: liveFile, force: true })).rejects.toThrow(
      /open in another process/,
    );

    const forced = await restoreBackup({ ...options, force: true });
    expect(forced.movedAsideTo).toBeDefined();
    expect(existsSync(path.join(forced.movedAsideTo!, "app.db"))).toBe(true);
    expect(existsSync(path.join(forced.movedAsideTo!, "uploads"))).toBe(true);
  });

  test("a tampered file or an unexpected entry fails verification and leaves the target untouched", async () => {
    const unpacked = path.join(work, "unpacked");
    mkdirSync(unpacked);
    await tar.extract({ file: archive, cwd: unpacked });
    writeFileSync(path.join(unpacked, "uploads", manifest.uploads.files[0]!.path), "changed");
    const tampered = path.join(work, "tampered.tar.gz");
    await tar.create({ gzip: true, file: tampered, cwd: unpacked }, ["manifest.json", "database.sqlite", "uploads"]);
    const target = path.join(work, "tampered-target");
    const options = {
      archive: tampered,
      databasePath: path.join(target, "app.db"),
      uploadsDir: path.join(target, "uploads"),
    };
    await expect(restoreBackup(options)).rejects.toBeInstanceOf(BackupError);
    expect(existsSync(options.databasePath)).toBe(false);

    writeFileSync(
      path.join(unpacked, "uploads", manifest.uploads.files[0]!.path),
      contentFor(manifest.uploads.files[0]!.path),
    );
    writeFileSync(path.join(unpacked, "uploads", "extra.bin"), "not in the manifest");
    await tar.create({ gzip: true, file: tampered, cwd: unpacked }, ["manifest.json", "database.sqlite", "uploads"]);
    await expect(restoreBackup(options)).rejects.toThrow(/not in the manifest/);
  });

  test("an archive with paths leaving the folder is refused and writes nothing outside it", async () => {
    const evil = path.join(work, "evil.tar.gz");
    const bytes = await new Bun.Archive({
      "manifest.json": "{}",
      "uploads/../../escaped.txt": "x",
      "../escaped2.txt": "y",
    }).bytes();
    writeFileSync(evil, Bun.gzipSync(bytes));
    const target = path.join(work, "evil-target");
    await expect(
      restoreBackup({
        archive: evil,
        databasePath: path.join(target, "app.db"),
        uploadsDir: path.join(target, "uploads"),
      }),
    ).rejects.toThrow(/damaged or unsafe/);
    expect(existsSync(path.join(work, "escaped.txt")) || existsSync(path.join(work, "escaped2.txt"))).toBe(false);
    expect(existsSync(path.join(target, "app.db"))).toBe(false);
  });
});

describe("files kept in an S3 bucket (STORAGE_URL)", () => {
  test("are backed up from the bucket and restored into another prefix byte for byte; a referenced file not there is reported", async () => {
    const s3 = await startS3();
    const dir = mkdtempSync(path.join(tmpdir(), "courier-backup-s3-"));
    try {
      const dbFile = path.join(dir, "live", "app.db");
      const database = openDatabase(dbFile);
      for (const key of ["doc.jpg", "gone.jpg"])
        database.$client.run(
          "INSERT INTO uploads (storage_key, kind, mime, size) VALUES (?, 'face_photo', 'image/jpeg', 1)",
          [key],
        );
      database.$client.close();
      const live = s3Storage(s3.settings("live"));
      const photo = new Uint8Array(70_000).map((_, i) => (i * 31) & 0xff);
      await live.put("doc.jpg", photo);
      await live.put("video.mp4", new TextEncoder().encode(contentFor("video.mp4")));

      const { file, manifest } = await createBackup({
        databasePath: dbFile,
        uploadsDir: path.join(dir, "live", "uploads"),
        storage: live,
        outFile: path.join(dir, "s3.tar.gz"),
      });
      expect(manifest.uploads.files.map((entry) => entry.path)).toEqual(["doc.jpg", "video.mp4"]);
      expect(manifest.uploads.files[0]!.sha256).toBe(sha(Buffer.from(photo)));
      expect(manifest.uploads.missing).toEqual(["gone.jpg"]);
      // Nothing was read from or left in the local uploads folder.
      expect(existsSync(path.join(dir, "live", "uploads"))).toBe(false);

      const restored = s3Storage(s3.settings("restored"));
      const target = path.join(dir, "restored");
      await restoreBackup({
        archive: file,
        databasePath: path.join(target, "app.db"),
        uploadsDir: path.join(target, "uploads"),
        storage: restored,
      });
      const keys = (await restored.list()).map((entry) => entry.key).sort();
      expect(keys).toEqual(["doc.jpg", "video.mp4"]);
      expect(sha(Buffer.from(await (await restored.get("doc.jpg"))!.arrayBuffer()))).toBe(sha(Buffer.from(photo)));
      expect(listFiles(path.join(target, "uploads"))).toEqual([]);
      const db = new Database(path.join(target, "app.db"), { readonly: true });
      expect(db.query("SELECT storage_key AS k FROM uploads ORDER BY k").all()).toEqual([
        { k: "doc.jpg" },
        { k: "gone.jpg" },
      ]);
      db.close();
    } finally {
      await s3.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
