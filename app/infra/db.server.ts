import { Database as SQLite } from "bun:sqlite";
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import * as schema from "~db/schema";
import { config } from "./config.server";

/** A drizzle handle with its driver client, for infrastructure and tests that speak SQLite itself. */
export type SQLiteHandle = BunSQLiteDatabase<typeof schema> & { $client: SQLite };

/**
 * What models query through: drizzle's query surface, without the driver client and without
 * drizzle's own transactions (`transaction()` below is the one way to write).
 */
export type Database = Omit<BunSQLiteDatabase<typeof schema>, "$client" | "transaction" | "batch">;

declare const inTransaction: unique symbol;
/** The handle a `transaction()` body writes through; only `transaction()` makes one. */
export type Tx = Database & { readonly [inTransaction]: true };

const migrationsFolder = path.resolve(import.meta.dirname, "../../db/migrations");

function connect(file: string): SQLite {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file, { create: true, strict: true });
  sqlite.exec("PRAGMA journal_mode = WAL");
  sqlite.exec("PRAGMA synchronous = NORMAL");
  sqlite.exec("PRAGMA busy_timeout = 5000");
  return sqlite;
}

/** Opens a database file with the pragmas every connection needs and applies pending migrations. */
export function openDatabase(file: string, folder = migrationsFolder): SQLiteHandle {
  const sqlite = connect(file);
  // Table rebuilds in migrations need foreign keys off on the connection, not inside their transaction.
  sqlite.exec("PRAGMA foreign_keys = OFF");
  const handle = drizzle({ client: sqlite, schema });
  migrate(handle, { migrationsFolder: folder });
  const broken = sqlite.query("PRAGMA foreign_key_check").all();
  if (broken.length > 0) throw new Error(`Foreign key check failed after migration: ${JSON.stringify(broken[0])}`);
  sqlite.exec("PRAGMA foreign_keys = ON");
  // Statistics for indexes a migration added (the query planner picked a worse index without them);
  // a no-op when nothing changed much. SQLite's advice for long-lived connections.
  sqlite.exec("PRAGMA optimize = 0x10002");
  reuseStatements(sqlite);
  return handle as SQLiteHandle;
}

/** A second connection to a migrated file that refuses every write: the one `db()` reads through. */
function openReader(file: string): SQLiteHandle {
  const sqlite = connect(file);
  sqlite.exec("PRAGMA foreign_keys = ON");
  sqlite.exec("PRAGMA query_only = ON");
  reuseStatements(sqlite);
  return drizzle({ client: sqlite, schema }) as SQLiteHandle;
}

const MAX_STATEMENTS = 1_000;

/**
 * Drizzle prepares a new SQLite statement for every query it runs; compiling the same SQL again on
 * every request was a few per cent of a page's time. The connection keeps each statement by its SQL
 * text (values are bound parameters, so the texts are few) and hands it out again. Statements are
 * used synchronously, so one never serves two queries at once.
 */
function reuseStatements(sqlite: SQLite) {
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, ReturnType<SQLite["prepare"]>>();
  sqlite.prepare = ((sql: string, ...rest: unknown[]) => {
    if (rest.length > 0) return (prepare as (...args: unknown[]) => unknown)(sql, ...rest);
    let statement = statements.get(sql);
    if (!statement) {
      statement = prepare(sql);
      if (statements.size < MAX_STATEMENTS) statements.set(sql, statement);
    }
    return statement;
  }) as SQLite["prepare"];
}

/** A first-come, first-served lock: each caller waits for the one before it to release. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => released);
    return ready;
  }
}

type Connections = { reader: SQLiteHandle; writer: SQLiteHandle; mutex: Mutex };

// One reader and one writer per process; kept on globalThis so dev hot reloads reuse them.
const globalForDb = globalThis as unknown as { __courierDb?: Connections };

function connections(): Connections {
  if (!globalForDb.__courierDb) {
    const file = config().databasePath;
    const writer = openDatabase(file);
    globalForDb.__courierDb = { writer, reader: openReader(file), mutex: new Mutex() };
  }
  return globalForDb.__courierDb;
}

/** The handle models read through. It is read-only: a write outside `transaction()` throws. */
export function db(): Database {
  return connections().reader;
}

/**
 * A query built once per connection and run again with new values (`sql.placeholder`, then
 * `await prepared.execute({...})`): Drizzle builds the SQL text anew on every call, which cost more
 * than running a small query (about 50–80 µs against 5–15 µs). Placeholders carry no column
 * encoding, so pass ids and strings, not dates. Reads only.
 */
export function preparedQuery<T>(build: (connection: Database) => T): () => T {
  let made: { on: Database; query: T } | undefined;
  return () => {
    const current = db();
    if (made?.on !== current) made = { on: current, query: build(current) };
    return made.query;
  };
}

const holder = new AsyncLocalStorage<true>();

/**
 * Runs `body` as one transaction on the writer connection. Bodies are async, and with one writer
 * another request's query would run inside our open transaction between two awaits; so a
 * process-wide FIFO lock admits one body at a time. `BEGIN IMMEDIATE` takes SQLite's write lock at
 * the start (waiting up to the busy timeout while another process writes) rather than failing with
 * "database is locked" at the first write. A body awaits only database calls through `tx`: files
 * are written before and moved, mails sent, after the commit. Never call `transaction()` inside a
 * body: pass its `tx` down (the guard below turns the deadlock into an error).
 */
export async function transaction<T>(body: (tx: Tx) => Promise<T>): Promise<T> {
  if (holder.getStore()) throw new Error("transaction() called inside a transaction body; pass its tx down instead");
  const { writer, mutex } = connections();
  const release = await mutex.acquire();
  try {
    return await holder.run(true, () => transactionOn(writer)(body));
  } finally {
    release();
  }
}

/**
 * `transaction()` for another SQLite file opened with `openDatabase` (a copy being seeded, a bench
 * database): `BEGIN IMMEDIATE`, the body, `COMMIT` or `ROLLBACK`. No lock: one caller at a time.
 */
export function transactionOn(handle: SQLiteHandle) {
  return async <T>(body: (tx: Tx) => Promise<T>): Promise<T> => {
    handle.$client.exec("BEGIN IMMEDIATE");
    try {
      const result = await body(handle as unknown as Tx);
      handle.$client.exec("COMMIT");
      return result;
    } catch (error) {
      if (handle.$client.inTransaction) handle.$client.exec("ROLLBACK");
      throw error;
    }
  };
}

let savepoints = 0;

/** A nested unit inside a transaction: its writes are undone alone when `body` throws. */
export async function savepoint<T>(tx: Tx, body: (tx: Tx) => Promise<T>): Promise<T> {
  const sqlite = (tx as unknown as SQLiteHandle).$client;
  const name = `sp_${++savepoints}`;
  sqlite.exec(`SAVEPOINT ${name}`);
  try {
    const result = await body(tx);
    sqlite.exec(`RELEASE ${name}`);
    return result;
  } catch (error) {
    sqlite.exec(`ROLLBACK TO ${name}`);
    sqlite.exec(`RELEASE ${name}`);
    throw error;
  }
}

/**
 * The writer connection itself, for test set-up and fault injection (rows, temporary triggers)
 * outside the lock. Tests only, and never while a `transaction()` may be open.
 */
export function writerForTests(): SQLiteHandle {
  return connections().writer;
}

/** Opens the connections now (applying pending migrations) rather than at the first query. */
export function migrateDatabase() {
  connections();
}

/**
 * A number that changes when another process (another server, a backup restore) commits:
 * SQLite's `PRAGMA data_version`, read on the writer, whose own commits do not change it.
 */
export function dataVersion(): number {
  return (connections().writer.$client.query("PRAGMA data_version").get() as { data_version: number }).data_version;
}

/** Whether the database answers a query (the health check). */
export function databaseAnswers(): boolean {
  try {
    connections().reader.$client.query("select 1").get();
    return true;
  } catch {
    return false;
  }
}

export function closeDatabase() {
  const current = globalForDb.__courierDb;
  if (!current) return;
  current.writer.$client.exec("PRAGMA optimize");
  current.reader.$client.close();
  current.writer.$client.close();
  globalForDb.__courierDb = undefined;
}
