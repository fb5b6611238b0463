import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, getTableName } from "drizzle-orm";
import { seedDemoData } from "~db/seed";
import * as pgSchema from "~db/schema.pg";
import * as sqliteSchema from "~db/schema.sqlite";
import { createDatabase, postgresBin, startThrowAwayCluster, type ThrowAwayCluster } from "../../scripts/pg-cluster";
import { CopyError, copyInstallation, tablesInDependencyOrder } from "./db-copy.server";
import { openDatabase, transactionOn, type SQLiteHandle } from "./db.server";
import { openPostgres } from "./db-postgres.server";
import { localDiskStorage } from "./storage.server";

/** Against a real PostgreSQL (a throw-away cluster, or TEST_DATABASE_URL's server), like db-postgres.server.test.ts. */
const available = Boolean(process.env.TEST_DATABASE_URL) || postgresBin() !== null || Boolean(process.env.CI);
if (!available) console.warn("db-copy.test.ts skipped: PostgreSQL is not installed and TEST_DATABASE_URL is not set");
// The source is a SQLite file seeded through the models' schema (db/seed.ts), which is SQLite's only
// when the process runs on SQLite; the SQLite pass (`bun test`) runs this copy into its own
// throw-away cluster, so the PostgreSQL pass (`bun run test:scale-out`) leaves it out.
const sourceIsSqlite = !process.env.TEST_POSTGRES_URL;

let cluster: ThrowAwayCluster | null = null;
let serverUrl = "";
const work = mkdtempSync(path.join(tmpdir(), "courier-copy-"));
const sqliteFile = path.join(work, "app.db");
let source: SQLiteHandle;

describe.skipIf(!available || !sourceIsSqlite)("db:copy from SQLite into PostgreSQL", () => {
  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) serverUrl = process.env.TEST_DATABASE_URL;
    else {
      cluster = await startThrowAwayCluster();
      serverUrl = cluster.url;
    }
    source = openDatabase(sqliteFile);
    await seedDemoData(transactionOn(source));
  });

  afterAll(async () => {
    source?.$client.close();
    if (cluster) await cluster.stop();
    rmSync(work, { recursive: true, force: true });
  });

  test("every row arrives with the same values, ids continue after the copied ones, and files are checked", async () => {
    const url = await createDatabase(serverUrl, `copy_${process.pid}_${Date.now().toString(36)}`);
    const from = localDiskStorage(path.join(work, "uploads"));
    const to = localDiskStorage(path.join(work, "copied"));
    const bytes = crypto.getRandomValues(new Uint8Array(70_000));
    await from.put("abc123.jpg", bytes);
    await from.put(".tmp-half-written", new Uint8Array([1]));
    const lines: string[] = [];
    const result = await copyInstallation({
      sqliteFile,
      to: url,
      files: { from, to },
      progress: (line) => lines.push(line),
    });

    const target = await openPostgres(url);
    try {
      // The demo seed fills most tables; each one holds exactly what SQLite holds, value for value.
      expect(result.rows.users).toBeGreaterThan(3);
      expect(result.rows.vehicles).toBeGreaterThan(3);
      for (const table of tablesInDependencyOrder()) {
        const name = getTableName(table);
        const sqliteTable = Object.values(sqliteSchema).find(
          (t) => typeof t === "object" && t !== null && getTableName(t as never) === name,
        ) as never;
        const order = "id" in (table as object) ? [asc((table as unknown as { id: never }).id)] : [];
        const pgRows = await target
          .select()
          .from(table)
          .orderBy(...order);
        const sqliteRows = source
          .select()
          .from(sqliteTable)
          .orderBy(...(order.length ? [asc((sqliteTable as { id: never }).id)] : []))
          .all();
        expect(pgRows.length).toBe(result.rows[name]!);
        if (order.length) expect(pgRows).toEqual(sqliteRows as never);
      }
      // The identity sequences moved past the copied ids.
      const [created] = await target
        .insert(pgSchema.users)
        .values({
          email: "new@example.sk",
          passwordHash: "x",
          role: "user",
          status: "created_account",
          fullName: "New",
        })
        .returning({ id: pgSchema.users.id });
      expect(created!.id).toBe(result.rows.users! + 1);
    } finally {
      await target.$client.close();
    }
    // Files: committed ones copied byte for byte, temporary ones left behind.
    expect(result.files?.count).toBe(1);
    expect(new Uint8Array(await (await to.get("abc123.jpg"))!.arrayBuffer())).toEqual(bytes);
    expect(await to.get(".tmp-half-written")).toBeNull();
    expect(lines.some((line) => line.includes("users"))).toBe(true);

    // A second copy into the same (now filled) database is refused and changes nothing.
    const refused = await copyInstallation({ sqliteFile, to: url }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CopyError);
    expect((refused as Error).message).toContain("not empty");
  });

  test("a copy that fails half-way leaves the target database empty", async () => {
    const url = await createDatabase(serverUrl, `copy_fail_${process.pid}_${Date.now().toString(36)}`);
    const target = await openPostgres(url);
    try {
      // A trigger refuses the vehicles, which come after users in the copy order.
      await target.$client.unsafe(`
        CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql;
        CREATE TRIGGER refuse_vehicles BEFORE INSERT ON vehicles FOR EACH ROW EXECUTE FUNCTION refuse();`);
      const failed = (await copyInstallation({ sqliteFile, to: url }).catch((error: unknown) => error)) as Error;
      expect(failed).toBeInstanceOf(CopyError);
      expect((failed as Error).message).toBe("Copying vehicles failed: refused");
      const [{ n }] = (await target.$client`SELECT count(*)::int AS n FROM users`) as [{ n: number }];
      expect(n).toBe(0);
    } finally {
      await target.$client.close();
    }
  });
});
