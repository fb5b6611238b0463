import path from "node:path";
import { SQL } from "bun";
import { drizzle, type BunSQLDatabase } from "drizzle-orm/bun-sql";
import { migrate } from "drizzle-orm/bun-sql/migrator";
import * as schema from "~db/schema.pg";

/** A PostgreSQL connection pool with the pg schema (DATABASE_URL=postgres://…). */
export type PostgresDB = BunSQLDatabase<typeof schema> & { $client: SQL };

export const postgresMigrationsFolder = path.resolve(import.meta.dirname, "../../db/migrations-pg");

/** One constant key for pg_advisory_lock, so two processes starting at once migrate one after the other. */
const MIGRATION_LOCK = 7_412_093_118;

export type PostgresOptions = {
  /** Connections in the pool; DATABASE_POOL_SIZE, default 10. Each server process holds its own pool. */
  poolSize?: number;
  /** A statement running longer is cancelled by the server; DATABASE_STATEMENT_TIMEOUT_MS, default 30 s. */
  statementTimeoutMs?: number;
  migrationsFolder?: string;
};

function positiveInteger(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got "${value}"`);
  return n;
}

/**
 * Opens a pool on URL, applies the pending migrations of db/migrations-pg (under an advisory lock) and
 * returns drizzle on Bun's own PostgreSQL client. Every connection of the pool starts with UTC as its
 * time zone, a statement timeout, an idle-in-transaction timeout (a transaction left open must not hold
 * its locks for ever) and the application's name (visible in pg_stat_activity).
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<PostgresDB> {
  const poolSize = options.poolSize ?? positiveInteger(process.env.DATABASE_POOL_SIZE, "DATABASE_POOL_SIZE", 10);
  const statementTimeoutMs =
    options.statementTimeoutMs ??
    positiveInteger(process.env.DATABASE_STATEMENT_TIMEOUT_MS, "DATABASE_STATEMENT_TIMEOUT_MS", 30_000);
  const client = new SQL(url, {
    max: poolSize,
    idleTimeout: 60,
    connectionTimeout: 10,
    connection: {
      application_name: "courier-fleet",
      TimeZone: "UTC",
      statement_timeout: statementTimeoutMs,
      idle_in_transaction_session_timeout: Math.max(statementTimeoutMs, 60_000),
    },
  });
  const db = drizzle({ client, schema });
  try {
    await migratePostgres(db, options.migrationsFolder ?? postgresMigrationsFolder);
  } catch (error) {
    await client.close();
    throw error;
  }
  return db;
}

/** Applies pending migrations; one process at a time (the others wait on the lock, then find nothing to do). */
export async function migratePostgres(db: PostgresDB, migrationsFolder = postgresMigrationsFolder) {
  const lock = await db.$client.reserve();
  try {
    await lock`SELECT pg_advisory_lock(${MIGRATION_LOCK})`;
    await migrate(db, { migrationsFolder });
  } finally {
    await lock`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.catch(() => {});
    lock.release();
  }
}
