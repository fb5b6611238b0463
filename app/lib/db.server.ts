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
  return db as DB;
}

// One connection per process; kept on globalThis so dev hot reloads reuse it.
const globalForDb = globalThis as unknown as { __courierDb?: DB };

export function db(): DB {
  globalForDb.__courierDb ??= openDatabase(config().databasePath);
  return globalForDb.__courierDb;
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

export function closeDatabase() {
  const current = globalForDb.__courierDb;
  if (!current) return;
  current.$client.exec("PRAGMA optimize");
  current.$client.close();
  globalForDb.__courierDb = undefined;
}
