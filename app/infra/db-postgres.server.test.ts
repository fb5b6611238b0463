import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, is, sql, Table } from "drizzle-orm";
import { drizzle as sqliteDrizzle } from "drizzle-orm/bun-sqlite";
import { migrate as sqliteMigrate } from "drizzle-orm/bun-sqlite/migrator";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import * as pgSchema from "~db/schema.pg";
import * as sqliteSchema from "~db/schema.sqlite";
import { createDatabase, postgresBin, startThrowAwayCluster, type ThrowAwayCluster } from "../../scripts/pg-cluster";
import { openPostgres, postgresMigrationsFolder, type PostgresDB } from "./db-postgres.server";

/**
 * Against a real PostgreSQL: TEST_DATABASE_URL's server, or a throw-away cluster this file starts
 * (scripts/pg-cluster.ts, about a second). Each run gets a fresh database. Without PostgreSQL
 * installed the file is skipped with a warning, except in CI, which installs it (.ci/run).
 */
const available = Boolean(process.env.TEST_DATABASE_URL) || postgresBin() !== null || Boolean(process.env.CI);
if (!available)
  console.warn(
    "db-postgres.server.test.ts skipped: PostgreSQL is not installed (apt-get install -y postgresql) and TEST_DATABASE_URL is not set",
  );

const tables = Object.values(pgSchema)
  .filter((value) => is(value, Table))
  .map((table) => getTableConfig(table as PgTable));

let cluster: ThrowAwayCluster | null = null;
let serverUrl = "";
let url = "";
let db: PostgresDB;
const databaseName = `courier_test_${process.pid}_${Date.now().toString(36)}`;

describe.skipIf(!available)("PostgreSQL", () => {
  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) serverUrl = process.env.TEST_DATABASE_URL;
    else {
      cluster = await startThrowAwayCluster();
      serverUrl = cluster.url;
    }
    url = await createDatabase(serverUrl, databaseName);
    db = await openPostgres(url);
  });

  afterAll(async () => {
    await db?.$client.close();
    if (cluster) await cluster.stop();
    else if (serverUrl) {
      const admin = new Bun.SQL(serverUrl, { max: 1 });
      await admin.unsafe(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      await admin.close();
    }
  });

  test("the migrations create every table and column the pg schema declares, with its type and nullability", async () => {
    const rows = await db.$client<
      {
        table_name: string;
        column_name: string;
        data_type: string;
        is_nullable: string;
        is_identity: string;
        datetime_precision: number | null;
      }[]
    >`
      SELECT table_name, column_name, data_type, is_nullable, is_identity, datetime_precision
      FROM information_schema.columns WHERE table_schema = 'public'`;
    const actual = Object.fromEntries(
      rows.map((r) => [
        `${r.table_name}.${r.column_name}`,
        [r.data_type, r.is_nullable === "NO", r.is_identity === "YES", r.datetime_precision],
      ]),
    );
    const sqlTypes: Record<string, string> = {
      PgInteger: "integer",
      PgText: "text",
      PgBoolean: "boolean",
      PgTimestamp: "timestamp with time zone",
      PgJsonb: "jsonb",
    };
    const declared = Object.fromEntries(
      tables.flatMap((table) =>
        table.columns.map((column) => [
          `${table.name}.${column.name}`,
          [
            sqlTypes[column.columnType] ?? column.columnType,
            column.notNull,
            column.generatedIdentity !== undefined,
            column.columnType === "PgTimestamp" ? 3 : null,
          ],
        ]),
      ),
    );
    expect(tables.length).toBeGreaterThan(25);
    // Written by hand, not declared (db/migrations-pg/0002_users_search_key.sql): the search's stored key.
    expect(actual["users.search_key"]).toEqual(["text", false, false, null]);
    delete actual["users.search_key"];
    expect(actual).toEqual(declared);
  });

  test("pg_indexes holds every index the schema declares (the trigram index too), and only primary keys besides", async () => {
    const rows = await db.$client<{ tablename: string; indexname: string; indexdef: string; primary: boolean }[]>`
      SELECT i.tablename, i.indexname, i.indexdef, x.indisprimary AS primary
      FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname AND c.relnamespace = 'public'::regnamespace JOIN pg_index x ON x.indexrelid = c.oid
      WHERE i.schemaname = 'public'`;
    // Besides the declared ones: the GiST index behind the exclusion constraint written by hand (db/migrations-pg).
    const constraintIndexes = ["platform_accounts.platform_accounts_no_overlap"];
    const declared = [
      ...tables.flatMap((table) => table.indexes.map((index) => `${table.name}.${index.config.name}`)),
      ...constraintIndexes,
    ].sort();
    expect(
      rows
        .filter((r) => !r.primary)
        .map((r) => `${r.tablename}.${r.indexname}`)
        .sort(),
    ).toEqual(declared);
    expect(rows.find((r) => r.indexname === "platform_accounts_no_overlap")!.indexdef).toContain(
      "USING gist (platform_id, account_id, daterange(pay_day(starts_on), pay_day(ends_on), '[]'::text))",
    );
    // One primary key per table.
    expect(
      rows
        .filter((r) => r.primary)
        .map((r) => r.tablename)
        .sort(),
    ).toEqual(tables.map((t) => t.name).sort());
    const unique = tables
      .flatMap((table) => table.indexes.filter((index) => index.config.unique).map((index) => index.config.name!))
      .sort();
    expect(
      rows
        .filter((r) => !r.primary && r.indexdef.startsWith("CREATE UNIQUE"))
        .map((r) => r.indexname)
        .sort(),
    ).toEqual(unique);
    const trigram = rows.find((r) => r.indexname === "users_search_trgm_idx")!;
    expect(trigram.indexdef).toContain("USING gin (search_key gin_trgm_ops)");
    expect(rows.find((r) => r.indexname === "vehicle_requests_one_pending")!.indexdef).toContain(
      "WHERE (status = 'pending'::text)",
    );
  });

  test("every foreign key is there with its ON DELETE rule", async () => {
    const rows = await db.$client<{ constraint_name: string; delete_rule: string }[]>`
      SELECT constraint_name, delete_rule FROM information_schema.referential_constraints WHERE constraint_schema = 'public'`;
    const declared = tables.flatMap((table) =>
      table.foreignKeys.map((fk) => [fk.getName(), (fk.onDelete ?? "no action").toUpperCase()]),
    );
    expect(rows.map((r) => [r.constraint_name, r.delete_rule]).sort()).toEqual(declared.sort());
  });

  test("a user row gives the same JS values as on SQLite (Date, boolean, null, parsed JSON)", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "courier-twin-"));
    const sqlite = new Database(path.join(dir, "twin.db"));
    try {
      const lite = sqliteDrizzle({ client: sqlite, schema: sqliteSchema });
      sqliteMigrate(lite, { migrationsFolder: path.resolve(import.meta.dirname, "../../db/migrations") });
      const user = {
        email: "twin@example.com",
        passwordHash: "hash",
        active: false,
        fullName: null,
        documentValidUntil: new Date(Date.UTC(2027, 2, 31, 12, 30, 15, 123)),
      };
      const [onSqlite] = lite.insert(sqliteSchema.users).values(user).returning().all();
      const [onPg] = await db.insert(pgSchema.users).values(user).returning();
      const readBack = (await db.select().from(pgSchema.users).where(eq(pgSchema.users.id, onPg!.id)))[0]!;
      expect(readBack).toEqual(onPg!);
      const comparable = (row: typeof onSqlite) => ({
        ...row,
        id: 0,
        createdAt: row!.createdAt instanceof Date ? "a Date" : row!.createdAt,
      });
      expect(comparable(readBack)).toEqual(comparable(onSqlite!));
      expect(readBack.documentValidUntil).toEqual(user.documentValidUntil);
      expect(readBack.active).toBe(false);
      expect(readBack.fullName).toBeNull();
      expect(readBack.updatedAt).toBeNull();
      expect(readBack.role).toBe("user");
      expect(Math.abs(readBack.createdAt.getTime() - Date.now())).toBeLessThan(60_000);

      const application = {
        userId: 0,
        fullName: "Oleh",
        age: 30,
        phone: "+421900000000",
        contactMethod: "phone" as const,
        replaceDocuments: ["passport", "permit"],
      };
      const [appSqlite] = lite
        .insert(sqliteSchema.applications)
        .values({ ...application, userId: onSqlite!.id })
        .returning()
        .all();
      const [appPg] = await db
        .insert(pgSchema.applications)
        .values({ ...application, userId: readBack.id })
        .returning();
      expect(appPg!.replaceDocuments).toEqual(["passport", "permit"]);
      expect({ ...appPg, id: 0, userId: 0, createdAt: null }).toEqual({
        ...appSqlite!,
        id: 0,
        userId: 0,
        createdAt: null,
      });
    } finally {
      sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the users search finds a substring of the e-mail or the name, ignoring case and accents, through the trigram index", async () => {
    await db.insert(pgSchema.users).values([
      { email: "jana.simkova@example.sk", passwordHash: "x", fullName: "Jana Šimková" },
      { email: "oleh@example.ua", passwordHash: "x", fullName: "Олег Коваленко" },
      { email: "peter@example.com", passwordHash: "x", fullName: null },
    ]);
    const search = (term: string) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL enable_seqscan = off`);
        // As app/infra/sql-dialect.server.ts asks: the stored key (e-mail and name folded, one per line).
        const where = sql`search_key LIKE '%' || users_search_key(${term}) || '%'`;
        const plan = (await tx.execute<{ "QUERY PLAN": string }>(sql`EXPLAIN SELECT id FROM users WHERE ${where}`))
          .map((r) => r["QUERY PLAN"])
          .join("\n");
        const found = await tx
          .select({ email: pgSchema.users.email })
          .from(pgSchema.users)
          .where(where)
          .orderBy(pgSchema.users.email);
        return { plan, emails: found.map((r) => r.email) };
      });
    const byName = await search("SIMKO");
    expect(byName.emails).toEqual(["jana.simkova@example.sk"]);
    expect(byName.plan).toContain("users_search_trgm_idx");
    expect((await search("ковал")).emails).toEqual(["oleh@example.ua"]);
    expect((await search("peter@example")).emails).toEqual(["peter@example.com"]);
    expect((await search("šimk")).emails).toEqual(["jana.simkova@example.sk"]);
    // The key follows the row, and a term never matches across the e-mail's end and the name's start.
    await db.update(pgSchema.users).set({ fullName: "Jana Nováková" }).where(sql`email = 'jana.simkova@example.sk'`);
    expect((await search("novák")).emails).toEqual(["jana.simkova@example.sk"]);
    expect((await search("sk jana")).emails).toEqual([]);
  });

  test("each connection has the statement timeout, UTC and the application's name; the pool size and timeout can be set", async () => {
    const [settings] = await db.$client<{ statement_timeout: string; timezone: string; application_name: string }[]>`
      SELECT current_setting('statement_timeout') AS statement_timeout, current_setting('TimeZone') AS timezone, current_setting('application_name') AS application_name`;
    expect(settings).toEqual({ statement_timeout: "30s", timezone: "UTC", application_name: "courier-fleet" });
    const other = await openPostgres(url, { poolSize: 2, statementTimeoutMs: 200 });
    try {
      expect(
        await other.$client`SELECT pg_sleep(1)`.then(
          () => "finished",
          (error: Error) => error.message,
        ),
      ).toContain("statement timeout");
    } finally {
      await other.$client.close();
    }
  });

  test("two servers starting at once on a fresh database migrate it once, one after the other", async () => {
    const fresh = await createDatabase(serverUrl, `${databaseName}_twice`);
    const both = await Promise.all([openPostgres(fresh, { poolSize: 2 }), openPostgres(fresh, { poolSize: 2 })]);
    try {
      const [{ n }] = (await both[0].execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
      )) as unknown as [{ n: number }];
      // Every migration once, not twice.
      expect(n).toBe(readdirSync(postgresMigrationsFolder).filter((file) => file.endsWith(".sql")).length);
      expect(await both[1].select().from(pgSchema.users)).toEqual([]);
    } finally {
      await Promise.all(both.map((connection) => connection.$client.close()));
    }
  });
});
