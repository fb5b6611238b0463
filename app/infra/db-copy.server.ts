/**
 * Moving house: copies a SQLite installation (rows and files) into an empty PostgreSQL database and,
 * optionally, another file storage (an S3 bucket). Rows go in one PostgreSQL transaction, parents
 * before children, ids kept (identity sequences moved past them afterwards); row counts are compared
 * table by table and every file's SHA-256 is checked after it was read back from the target.
 */
import { Database } from "bun:sqlite";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { getTableName, is, sql, Table } from "drizzle-orm";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as pgSchema from "~db/schema.pg";
import * as sqliteSchema from "~db/schema.sqlite";
import { openPostgres, type PostgresDB } from "./db-postgres.server";
import type { FileStorage, StoredFile } from "./storage.server";

export class CopyError extends Error {}

type Progress = (line: string) => void;
const BATCH = 500;

/** The pg tables in an order where every table comes after the tables it references. */
export function tablesInDependencyOrder(): PgTable[] {
  const tables = (Object.values(pgSchema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const byName = new Map<string, PgTable>(tables.map((t) => [getTableName(t), t]));
  const ordered: PgTable[] = [];
  const seen = new Set<string>();
  const visit = (table: PgTable, path: string[]) => {
    const name = getTableName(table);
    if (seen.has(name)) return;
    if (path.includes(name)) throw new CopyError(`Foreign keys form a cycle: ${[...path, name].join(" → ")}`);
    for (const fk of getTableConfig(table).foreignKeys) {
      const parent = getTableName(fk.reference().foreignTable);
      // A row pointing at a row of its own table would need a second pass; no table does that today.
      if (parent === name) throw new CopyError(`${name} references itself: copy its rows in a second pass`);
      visit(byName.get(parent)!, [...path, name]);
    }
    seen.add(name);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

function sqliteTableOf(name: string): Table {
  const table = Object.values(sqliteSchema).find((value) => is(value, Table) && getTableName(value as Table) === name);
  if (!table) throw new CopyError(`The SQLite schema has no table ${name}`);
  return table as Table;
}

/** Opens the SQLite file read-only and checks that it is at the newest migration this version knows. */
function openSource(file: string) {
  if (!existsSync(file)) throw new CopyError(`No SQLite database at ${file}`);
  const client = new Database(file, { readonly: true });
  const migrations = readdirSync(path.resolve(import.meta.dirname, "../../db/migrations")).filter((f) =>
    f.endsWith(".sql"),
  ).length;
  const applied =
    (client.query("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number } | null)?.n ?? 0;
  if (applied !== migrations)
    throw new CopyError(
      `The SQLite database has ${applied} of ${migrations} migrations: start the server on this version once, then copy`,
    );
  return { client, db: drizzle({ client, schema: sqliteSchema }) };
}

async function countRows(target: PostgresDB, name: string) {
  const [row] = (await target.$client.unsafe(`SELECT count(*)::int AS n FROM "${name}"`)) as [{ n: number }];
  return row.n;
}

export async function copyRows(options: { sqliteFile: string; target: PostgresDB; progress?: Progress }) {
  const { target, progress = () => {} } = options;
  const source = openSource(options.sqliteFile);
  const order = tablesInDependencyOrder();
  const counts: Record<string, number> = {};
  try {
    for (const table of order) {
      const name = getTableName(table);
      if ((await countRows(target, name)) > 0)
        throw new CopyError(`The target database is not empty (${name} has rows): copy into a new database`);
    }
    await target.transaction(async (tx) => {
      for (const table of order) {
        const name = getTableName(table);
        const rows = source.db
          .select()
          .from(sqliteTableOf(name) as never)
          .all() as Record<string, unknown>[];
        try {
          for (let i = 0; i < rows.length; i += BATCH) await tx.insert(table).values(rows.slice(i, i + BATCH) as never);
        } catch (error) {
          // The driver's message lists the row values (names, e-mails, password hashes): only the cause is told.
          const cause = (error as { cause?: unknown }).cause;
          throw new CopyError(
            `Copying ${name} failed: ${cause instanceof Error ? cause.message : "the database refused the rows"}`,
          );
        }
        counts[name] = rows.length;
        progress(`  ${name.padEnd(26)} ${rows.length}`);
      }
      // Ids were copied as they were: move each identity past the largest one.
      for (const table of order) {
        const name = getTableName(table);
        const identity = Object.values(getTableConfig(table).columns).find((c) => c.name === "id" && c.primary);
        if (!identity) continue;
        await tx.execute(
          sql.raw(
            `SELECT setval(pg_get_serial_sequence('"${name}"', 'id'), coalesce((SELECT max(id) FROM "${name}"), 0) + 1, false)`,
          ),
        );
      }
    });
    for (const table of order) {
      const name = getTableName(table);
      const copied = await countRows(target, name);
      if (copied !== counts[name])
        throw new CopyError(`Row count of ${name}: ${copied} in PostgreSQL, ${counts[name]} in SQLite`);
    }
    return counts;
  } finally {
    source.client.close();
  }
}

async function sha256(file: StoredFile) {
  return new Bun.CryptoHasher("sha256").update(await file.arrayBuffer()).digest("hex");
}

/** Copies every committed file and checks it by reading it back from the target. */
export async function copyFiles(options: {
  from: FileStorage;
  to: FileStorage;
  referenced: string[];
  progress?: Progress;
}) {
  const { from, to, progress = () => {} } = options;
  if ((await to.list()).length > 0)
    throw new CopyError("The target file storage is not empty: copy into an empty bucket or prefix");
  let count = 0;
  let bytes = 0;
  for (const { key } of await from.list()) {
    if (key.startsWith(".tmp-")) continue;
    const blob = await from.get(key);
    if (!blob) continue;
    const expected = await sha256(blob);
    await to.put(key, new Uint8Array(await blob.arrayBuffer()));
    const back = await to.get(key);
    if (!back || (await sha256(back)) !== expected) throw new CopyError(`Checksum mismatch after copying ${key}`);
    count++;
    bytes += blob.size;
  }
  const present = new Set((await to.list()).map((e) => e.key));
  const missing = options.referenced.filter((key) => !present.has(key));
  progress(
    `  files: ${count} copied (${(bytes / 1024 / 1024).toFixed(1)} MB), checksums ok${missing.length ? `, ${missing.length} referenced but missing at the source` : ""}`,
  );
  return { count, bytes, missing };
}

export async function copyInstallation(options: {
  sqliteFile: string;
  to: string;
  files?: { from: FileStorage; to: FileStorage };
  progress?: Progress;
}) {
  const target = await openPostgres(options.to);
  try {
    const rows = await copyRows({ sqliteFile: options.sqliteFile, target, progress: options.progress });
    // Private files are referenced by uploads and by earnings imports (the source record of each week's earnings).
    const referenced = (
      (await target.$client`SELECT storage_key AS k FROM uploads UNION ALL SELECT storage_key FROM earning_imports`) as {
        k: string;
      }[]
    ).map((r) => r.k);
    const files = options.files
      ? await copyFiles({ ...options.files, referenced, progress: options.progress })
      : undefined;
    return { rows, files };
  } finally {
    await target.$client.close();
  }
}
