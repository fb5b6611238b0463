import { Database as SQLite } from "bun:sqlite";
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { migrate } from "drizzle-orm/bun-sqlite/migrator";
import * as schema from "~db/schema";
import { config } from "./config.server";
import { openPostgres, type PostgresDB } from "./db-postgres.server";
import { pgChangeSignal } from "./pg-change-signal.server";

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

type SQLiteConnections = { engine: "sqlite"; reader: SQLiteHandle; writer: SQLiteHandle; mutex: Mutex };
type PostgresConnections = { engine: "postgres"; pool: PostgresDB; signal: ReturnType<typeof pgChangeSignal> };
type Connections = SQLiteConnections | PostgresConnections;

// One set of connections per process; kept on globalThis so dev hot reloads (and the server's own
// imports beside the build's copy of this module) share them.
const globalForDb = globalThis as unknown as { __courierDb?: Connections; __courierDbOpening?: Promise<Connections> };

/**
 * The open connections. SQLite opens on first use; PostgreSQL opens (and migrates) asynchronously,
 * so a process on PostgreSQL awaits `migrateDatabase()` before its first query (start-up does).
 */
function connections(): Connections {
  if (!globalForDb.__courierDb) {
    const cfg = config();
    if (cfg.databaseEngine === "postgres")
      throw new Error("PostgreSQL is not open yet: await migrateDatabase() at start-up");
    const file = cfg.databasePath;
    const writer = openDatabase(file);
    globalForDb.__courierDb = { engine: "sqlite", writer, reader: openReader(file), mutex: new Mutex() };
  }
  return globalForDb.__courierDb;
}

/** Which engine the process runs on (the dialect pieces in sql-dialect.server.ts ask). */
export function databaseEngine(): "sqlite" | "postgres" {
  return config().databaseEngine;
}

/**
 * The handle models read through. It is read-only: a write outside `transaction()` throws. Inside a
 * transaction body it throws too: on PostgreSQL it would take a second pool connection while the
 * body's holds row locks (twenty such requests at once exhaust the pool and stall every request), and
 * on SQLite it would read the snapshot from before the body's own writes. Pass the body's `tx` down.
 */
export function db(): Database {
  if (holder.getStore()) throw new Error("db() called inside a transaction body; pass its tx down instead");
  const open = connections();
  return open.engine === "sqlite" ? open.reader : (open.pool as unknown as Database);
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

type Open = { afterCommit: (() => void)[] };
const holder = new AsyncLocalStorage<Open>();

/**
 * Runs `callback` once the current transaction has committed (never after a rollback): a signal
 * for work outside the database, such as waking the outbox sender. Outside a transaction it runs at
 * once. A callback must not throw; errors are dropped so a committed change never fails.
 */
export function afterCommit(callback: () => void) {
  const open = holder.getStore();
  if (open) open.afterCommit.push(callback);
  else runCallbacks([callback]);
}

function runCallbacks(callbacks: (() => void)[]) {
  for (const callback of callbacks) {
    try {
      callback();
    } catch {
      // A signal only; the committed change stands.
    }
  }
}

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
  const open = connections();
  const store: Open = { afterCommit: [] };
  let result: T;
  if (open.engine === "postgres")
    // Each transaction has its own pooled connection, so no lock; READ COMMITTED, and a decision reads
    // its row FOR UPDATE (sql-dialect.server.ts, forUpdate): of two admins deciding one row, the second
    // waits for the first to commit, then finds the row decided and is refused.
    result = await open.pool.transaction((tx) => holder.run(store, () => body(tx as unknown as Tx)), {
      isolationLevel: "read committed",
    });
  else {
    const release = await open.mutex.acquire();
    try {
      result = await holder.run(store, () => transactionOn(open.writer)(body));
    } finally {
      release();
    }
  }
  runCallbacks(store.afterCommit);
  return result;
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
  const name = `sp_${++savepoints}`;
  const run = async (statement: string) => {
    if (databaseEngine() === "postgres") await (tx as unknown as PostgresDB).execute(sql.raw(statement));
    else (tx as unknown as SQLiteHandle).$client.exec(statement);
  };
  await run(`SAVEPOINT ${name}`);
  try {
    const result = await body(tx);
    await run(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await run(`ROLLBACK TO SAVEPOINT ${name}`);
    await run(`RELEASE SAVEPOINT ${name}`);
    throw error;
  }
}

/**
 * The writing handle itself, for test set-up and fault injection (rows, temporary triggers) outside
 * the lock: SQLite's writer connection, or the PostgreSQL pool. Tests only, and never while a
 * `transaction()` may be open.
 */
export function writerForTests(): SQLiteHandle {
  const open = connections();
  return open.engine === "sqlite" ? open.writer : (open.pool as unknown as SQLiteHandle);
}

/** Opens the connections now (applying pending migrations) rather than at the first query. */
export async function migrateDatabase() {
  if (globalForDb.__courierDb) return;
  const cfg = config();
  if (cfg.databaseEngine === "sqlite") {
    connections();
    return;
  }
  globalForDb.__courierDbOpening ??= (async () => {
    const pool = await openPostgres(cfg.databaseUrl, cfg.databasePool);
    const open: Connections = { engine: "postgres", pool, signal: pgChangeSignal(cfg.databaseUrl) };
    await open.signal.poll();
    globalForDb.__courierDb = open;
    return open;
  })();
  await globalForDb.__courierDbOpening;
}

/**
 * A number that changes when another process (another server, a backup restore) commits. SQLite:
 * `PRAGMA data_version`, read on the writer, whose own commits do not change it. PostgreSQL: the
 * write-ahead log position, polled in the background (pg-change-signal.server.ts).
 */
export function dataVersion(): number {
  const open = connections();
  if (open.engine === "postgres") return open.signal.version();
  return (open.writer.$client.query("PRAGMA data_version").get() as { data_version: number }).data_version;
}

/** Whether the database answers (the health check); on PostgreSQL, whether it answered within the last second. */
export function databaseAnswers(): boolean {
  try {
    const open = connections();
    if (open.engine === "postgres") return open.signal.answeredWithin(1_000);
    open.reader.$client.query("select 1").get();
    return true;
  } catch {
    return false;
  }
}

export async function closeDatabase() {
  const current = globalForDb.__courierDb;
  if (!current) return;
  globalForDb.__courierDb = undefined;
  globalForDb.__courierDbOpening = undefined;
  if (current.engine === "postgres") {
    await current.signal.stop();
    await current.pool.$client.close();
    return;
  }
  current.writer.$client.exec("PRAGMA optimize");
  current.reader.$client.close();
  current.writer.$client.close();
}
