import { type SQL, sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import * as lite from "drizzle-orm/sqlite-core";

/**
 * The words db/schema.tables.ts declares its tables in, one set per dialect. Each word gives the models
 * the same JS value on both engines (docs/architecture.md, "Two database dialects, one model code");
 * db/schema-twins.test.ts compares what the two sets build, column for column.
 */
export const sqliteWords = {
  table: lite.sqliteTable,
  /** A string; `{ enum }` narrows its type (kept as plain text in both dialects). */
  text: lite.text,
  integer: <N extends string>(name: N) => lite.integer(name),
  /** The row id: INTEGER PRIMARY KEY AUTOINCREMENT. */
  id: () => lite.integer("id").primaryKey({ autoIncrement: true }),
  bool: <N extends string>(name: N) => lite.integer(name, { mode: "boolean" }),
  /** A Date, kept as milliseconds. */
  timestamp: <N extends string>(name: N) => lite.integer(name, { mode: "timestamp_ms" }),
  /** A parsed JSON value, kept as text. */
  json: <N extends string>(name: N) => lite.text(name, { mode: "json" }),
  /** The current time as a column default. */
  now: sql`(cast(unixepoch('subsec') * 1000 as integer))` as SQL,
  index: lite.index,
  uniqueIndex: lite.uniqueIndex,
  primaryKey: lite.primaryKey,
  check: lite.check,
  /** An index column in the order the admin lists sort by (SQLite's own: NULLs first ascending). */
  sorted: <C extends lite.SQLiteColumn>(column: C) => column,
  /**
   * A trigram index, PostgreSQL's way to search text. SQLite has none: it searches with an FTS5 table,
   * which drizzle cannot declare (db/migrations/0002_users_search.sql).
   */
  trigramIndex: (_name: string, _expression: SQL): lite.IndexBuilder[] => [],
};

/** The vocabulary's types are SQLite's: the types the models compile against, for both dialects. */
export type Words = typeof sqliteWords;

/** Milliseconds, as SQLite keeps them and as a JS Date holds them; read back as a Date. */
const PG_TIMESTAMP = { withTimezone: true, mode: "date", precision: 3 } as const;

/**
 * The same words in PostgreSQL: `timestamp(3) with time zone` for timestamps, `boolean`, `jsonb`,
 * identity ids, `now()`. Typed as SQLite's words (the models' one view of both dialects): each builder
 * stands for its SQLite twin with the same JS value, which the twin test checks on every column.
 */
export const pgWords = {
  table: pg.pgTable,
  text: pg.text,
  integer: <N extends string>(name: N) => pg.integer(name),
  id: () => pg.integer("id").primaryKey().generatedByDefaultAsIdentity(),
  bool: <N extends string>(name: N) => pg.boolean(name),
  timestamp: <N extends string>(name: N) => pg.timestamp(name, PG_TIMESTAMP),
  json: <N extends string>(name: N) => pg.jsonb(name),
  now: sql`now()`,
  index: pg.index,
  uniqueIndex: pg.uniqueIndex,
  primaryKey: pg.primaryKey,
  check: pg.check,
  // The admin users table orders ascending with NULLs first and descending with NULLs last, as SQLite
  // does (ascNullsFirst / descNullsLast in sql-dialect.server.ts): its sort indexes are built in that
  // order, so a page is read from the index (backwards when descending) instead of sorting every user.
  sorted: (column: pg.ExtraConfigColumn) => column.asc().nullsFirst(),
  trigramIndex: (name: string, expression: SQL) => [pg.index(name).using("gin", expression)],
} satisfies Record<keyof Words, unknown> as unknown as Words;

/** A SQLite-typed table as what it is on PostgreSQL: a PgTable with the same columns and JS values. */
type PgTableOf<T> =
  T extends lite.SQLiteTable<infer C>
    ? pg.PgTableWithColumns<{
        name: C["name"];
        schema: undefined;
        columns: {
          [K in keyof C["columns"]]: C["columns"][K] extends lite.SQLiteColumn<infer Config>
            ? pg.PgColumn<Config>
            : never;
        };
        dialect: "pg";
      }>
    : T;

/** The PostgreSQL tables typed for drizzle's pg API (db-postgres, db-copy), not the models' view. */
export type AsPostgres<Tables> = { [K in keyof Tables]: PgTableOf<Tables[K]> };
