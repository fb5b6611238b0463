import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import * as schema from "~db/schema";
import { config } from "./config.server";

export type DB = BunSQLiteDatabase<typeof schema> & { $client: Database };

const migrationsFolder = path.resolve(import.meta.dirname, "../../db/migrations");

/** Opens a database file with the pragmas every connection needs and applies pending migrations. */
export function openDatabase(file: string, folder = migrationsFolder): DB {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file, { create: true, strict: true });
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  // Table rebuilds in migrations need foreign keys off on the connection, not inside their transaction.
  sqlite.exec("PRAGMA foreign_keys = OFF");
  const db = drizzle({ client: sqlite, schema });
  migrate(db, { migrationsFolder: folder });
  const broken = sqlite.query("PRAGMA foreign_key_check").all();
  if (broken.length > 0) throw new Error(`Foreign key check failed after migration: ${JSON.stringify(broken[0])}`);
  sqlite.exec("PRAGMA foreign_keys = ON");
  // Statistics for indexes a migration added (the query planner picked a worse index without them);
  // a no-op when nothing changed much. SQLite's advice for long-lived connections.
  sqlite.exec("PRAGMA optimize = 0x10002");
  reuseStatements(sqlite);
  return db as DB;
}

const MAX_STATEMENTS = 1_000;

/**
 * Drizzle prepares a new SQLite statement for every query it runs; compiling the same SQL again on
 * every request was a few per cent of a page's time. The connection keeps each statement by its SQL
 * text (values are bound parameters, so the texts are few) and hands it out again. Statements are
 * used synchronously, so one never serves two queries at once.
 */
function reuseStatements(sqlite: Database) {
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, ReturnType<Database["prepare"]>>();
  sqlite.prepare = ((sql: string, ...rest: unknown[]) => {
    if (rest.length > 0) return (prepare as (...args: unknown[]) => unknown)(sql, ...rest);
    let statement = statements.get(sql);
    if (!statement) {
      statement = prepare(sql);
      if (statements.size < MAX_STATEMENTS) statements.set(sql, statement);
    }
    return statement;
  }) as Database["prepare"];
}

// One connection per process; kept on globalThis so dev hot reloads reuse it.
const globalForDb = globalThis as unknown as { __courierDb?: DB };

export function db(): DB {
  globalForDb.__courierDb ??= openDatabase(config().databasePath);
  return globalForDb.__courierDb;
}

/**
 * A query built once per connection and run again with new values (`sql.placeholder`): Drizzle
 * builds the SQL text anew on every call, which cost more than running a small query (about 50–80 µs
 * against 5–15 µs). Placeholders carry no column encoding, so pass ids and strings, not dates.
 */
export function preparedQuery<T>(build: (connection: DB) => T): () => T {
  let made: { on: DB; query: T } | undefined;
  return () => {
    const current = db();
    if (made?.on !== current) made = { on: current, query: build(current) };
    return made.query;
  };
}

type Transaction = Parameters<Parameters<DB["transaction"]>[0]>[0];

/**
 * A transaction that writes. `BEGIN IMMEDIATE` takes the write lock at the start, waiting up to the
 * busy timeout while another connection or process writes; a deferred transaction would start as a
 * read and fail with "database is locked" when it tries to write after someone else committed.
 * Keep the body synchronous (TOOLCHAIN.md).
 */
export function writeTransaction<T>(body: (tx: Transaction) => T): T {
  return db().transaction(body, { behavior: "immediate" });
}

/** Opens the connection now (applying pending migrations) rather than at the first query. */
export function migrateDatabase() {
  db();
}

/**
 * A number that changes when another connection (another process, a backup restore) commits:
 * SQLite's `PRAGMA data_version`. Writes through this connection do not change it.
 */
export function dataVersion(): number {
  return (db().$client.query("PRAGMA data_version").get() as { data_version: number }).data_version;
}

/** Whether the database answers a query (the health check). */
export function databaseAnswers(): boolean {
  try {
    db().$client.query("select 1").get();
    return true;
  } catch {
    return false;
  }
}

export function closeDatabase() {
  const current = globalForDb.__courierDb;
  if (!current) return;
  current.$client.exec("PRAGMA optimize");
  current.$client.close();
  globalForDb.__courierDb = undefined;
}
