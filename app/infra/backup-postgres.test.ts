import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDatabase, postgresBin, startThrowAwayCluster, type ThrowAwayCluster } from "../../scripts/pg-cluster";
import { BackupError } from "./backup.server";
import { createPostgresBackup, restorePostgresBackup } from "./backup-postgres.server";
import { openPostgres } from "./db-postgres.server";
import { localDiskStorage } from "./storage.server";

/** Against a real PostgreSQL (a throw-away cluster, or TEST_POSTGRES_URL's server), with pg_dump and pg_restore. */
const serverUrl = process.env.TEST_POSTGRES_URL;
const available = Boolean(serverUrl) || postgresBin() !== null || Boolean(process.env.CI);
if (!available) console.warn("backup-postgres.test.ts skipped: PostgreSQL is not installed");

let cluster: ThrowAwayCluster | null = null;
const work = mkdtempSync(path.join(tmpdir(), "courier-pgbackup-"));
const database = (name: string) =>
  createDatabase(serverUrl ?? cluster!.url, `${name}_${process.pid}_${Date.now().toString(36)}`);

describe.skipIf(!available)("backup and restore on PostgreSQL", () => {
  beforeAll(async () => {
    if (!serverUrl) cluster = await startThrowAwayCluster();
  });
  afterAll(async () => {
    await cluster?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  test("a backup taken while rows keep coming restores into an empty database with every row and file", async () => {
    const sourceUrl = await database("backup_src");
    const source = await openPostgres(sourceUrl);
    const files = localDiskStorage(path.join(work, "files"));
    const restoredFiles = localDiskStorage(path.join(work, "restored"));
    try {
      await source.$client.unsafe(`
        INSERT INTO users (email, password_hash, full_name) SELECT 'u' || g || '@example.sk', 'x', 'Používateľ ' || g FROM generate_series(1, 300) g;`);
      const bytes = crypto.getRandomValues(new Uint8Array(50_000));
      await files.put("doc1.jpg", bytes);
      await files.put("doc2.jpg", bytes.slice(0, 100));
      await source.$client`INSERT INTO uploads (storage_key, kind, mime, size, owner_id) VALUES ('doc1.jpg', 'id_front', 'image/jpeg', 50000, 1), ('gone.jpg', 'id_back', 'image/jpeg', 1, 1)`;
      // Writers keep inserting while the backup runs; the snapshot decides what is in it.
      const writing = { on: true };
      const writer = (async () => {
        for (let i = 0; writing.on; i++)
          await source.$client`INSERT INTO users (email, password_hash) VALUES (${`late${i}@example.sk`}, 'x')`;
      })();
      const archive = path.join(work, "pg.tar.gz");
      const made = await createPostgresBackup({ databaseUrl: sourceUrl, storage: files, outFile: archive });
      writing.on = false;
      await writer;
      expect(made.manifest.engine).toBe("postgresql");
      expect(made.manifest.database.tables.users).toBeGreaterThanOrEqual(300);
      expect(made.manifest.uploads.files.map((f) => f.path).sort()).toEqual(["doc1.jpg", "doc2.jpg"]);
      expect(made.manifest.uploads.missing).toEqual(["gone.jpg"]);

      const targetUrl = await database("backup_dst");
      const restored = await restorePostgresBackup({ archive, databaseUrl: targetUrl, storage: restoredFiles });
      expect(restored.manifest.database.tables.users).toBe(made.manifest.database.tables.users);
      const target = new SQL({ url: targetUrl, max: 1 });
      try {
        const [{ n }] = (await target`SELECT count(*)::int AS n FROM users`) as [{ n: number }];
        expect(n).toBe(made.manifest.database.tables.users!);
        const [accented] = (await target`SELECT full_name FROM users WHERE email = 'u7@example.sk'`) as [
          { full_name: string },
        ];
        expect(accented.full_name).toBe("Používateľ 7");
        // The search index and its function came along: the trigram search works on the restored copy.
        const found =
          (await target`SELECT email FROM users WHERE users_search_key(full_name) LIKE '%' || users_search_key('POUZIVATEL 12') || '%'`) as {
            email: string;
          }[];
        expect(found.map((r) => r.email)).toContain("u12@example.sk");
      } finally {
        await target.close();
      }
      expect(new Uint8Array(await (await restoredFiles.get("doc1.jpg"))!.arrayBuffer())).toEqual(bytes);

      // Never over data: a second restore into the now filled database is refused.
      const again = await restorePostgresBackup({
        archive,
        databaseUrl: targetUrl,
        storage: localDiskStorage(path.join(work, "again")),
      }).catch((e: unknown) => e);
      expect(again).toBeInstanceOf(BackupError);
      expect((again as Error).message).toContain("not empty");
    } finally {
      await source.$client.close();
    }
  });

  test("a damaged archive changes nothing", async () => {
    const targetUrl = await database("backup_bad");
    const archive = path.join(work, "bad.tar.gz");
    await Bun.write(archive, "not an archive");
    await expect(
      restorePostgresBackup({ archive, databaseUrl: targetUrl, storage: localDiskStorage(path.join(work, "bad")) }),
    ).rejects.toBeInstanceOf(BackupError);
    const target = new SQL({ url: targetUrl, max: 1 });
    const [{ n }] =
      (await target`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`) as [
        { n: number },
      ];
    await target.close();
    expect(n).toBe(0);
  });
});
