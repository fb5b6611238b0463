import { describe, expect, test } from "bun:test";
import path from "node:path";
import { readFileSync } from "node:fs";
import { is, SQL, Table } from "drizzle-orm";
import {
  boolean,
  getTableConfig as pgConfig,
  type IndexedColumn,
  index as pgIndex,
  integer as pgInteger,
  PgDialect,
  pgTable,
  PgTable,
  text as pgText,
} from "drizzle-orm/pg-core";
import {
  getTableConfig as sqliteConfig,
  index,
  integer,
  SQLiteSyncDialect,
  sqliteTable,
  SQLiteTable,
  text,
} from "drizzle-orm/sqlite-core";
import * as schema from "./schema";
import * as pg from "./schema.pg";
import * as sqlite from "./schema.sqlite";
import { pgWords, sqliteWords } from "./schema.dialects";

/**
 * db/schema.sqlite.ts and db/schema.pg.ts are db/schema.tables.ts built in each dialect's words
 * (db/schema.dialects.ts), so they must come out as twins: the same tables, columns, nullability,
 * defaults, keys, indexes and foreign keys, with each SQLite column type mapped to one PostgreSQL type
 * that gives the models the same JS value. This checks the words and what they build: both sides are
 * described in one vocabulary and compared whole.
 */

/** SQLite column type → the PostgreSQL column type that stands for it (and the JS value both give). */
const TYPE_MAP: Record<string, string> = {
  SQLiteInteger: "PgInteger", // number
  SQLiteText: "PgText", // string (enum values kept as text in both)
  SQLiteBoolean: "PgBoolean", // boolean (0/1 in SQLite)
  SQLiteTimestamp: "PgTimestamp", // Date (milliseconds in SQLite; timestamp(3) with time zone)
  SQLiteTextJson: "PgJsonb", // parsed JSON (text in SQLite)
};

/** SQL defaults that mean the same thing in both dialects. */
const SQL_DEFAULT_MAP: Record<string, string> = {
  "(cast(unixepoch('subsec') * 1000 as integer))": "now()",
};

/**
 * Indexes only one dialect declares, each with what stands for it on the other side. users_search_trgm_idx
 * is PostgreSQL's stand-in for SQLite's FTS5 table users_search, which is written by hand in
 * db/migrations/0002_users_search.sql (a virtual table drizzle cannot declare).
 */
const PG_ONLY_INDEXES: Record<string, string[]> = { users: ["users_search_trgm_idx"] };

const sqliteDialect = new SQLiteSyncDialect();
const pgDialect = new PgDialect();
const sqliteSql = (value: SQL) => sqliteDialect.sqlToQuery(value).sql;
const pgSql = (value: SQL) => pgDialect.sqlToQuery(value).sql;

type Shape = {
  name: string;
  columns: Record<
    string,
    {
      type: string;
      notNull: boolean;
      primary: boolean;
      default: unknown;
      identity: boolean;
      enumValues: string[] | null;
    }
  >;
  primaryKeys: string[][];
  uniqueConstraints: { name: string | undefined; columns: string[] }[];
  indexes: Record<string, { unique: boolean; columns: string[]; where: string | null }>;
  foreignKeys: Record<
    string,
    { columns: string[]; foreignTable: string; foreignColumns: string[]; onDelete: string; onUpdate: string }
  >;
};

const tableName = (table: Table) =>
  is(table, SQLiteTable) ? sqliteConfig(table).name : pgConfig(table as PgTable).name;

/** The SQLite table, in PostgreSQL's vocabulary (the type map applied). */
function sqliteShape(table: Table): Shape {
  const config = sqliteConfig(table as SQLiteTable);
  return {
    name: config.name,
    columns: Object.fromEntries(
      config.columns.map((column) => {
        const fallback = column.default;
        const rendered = is(fallback, SQL) ? sqliteSql(fallback) : fallback;
        return [
          column.name,
          {
            type: TYPE_MAP[column.columnType] ?? `unmapped ${column.columnType}`,
            notNull: column.notNull,
            primary: column.primary,
            default:
              typeof rendered === "string" && is(fallback, SQL) ? (SQL_DEFAULT_MAP[rendered] ?? rendered) : rendered,
            identity: "autoIncrement" in column && column.autoIncrement === true,
            enumValues: column.enumValues ?? null,
          },
        ];
      }),
    ),
    primaryKeys: config.primaryKeys.map((key) => key.columns.map((column) => column.name)),
    uniqueConstraints: config.uniqueConstraints.map((unique) => ({
      name: unique.name,
      columns: unique.columns.map((column) => column.name),
    })),
    indexes: Object.fromEntries(
      config.indexes.map(({ config: ix }) => [
        ix.name,
        {
          unique: ix.unique,
          columns: ix.columns.map((column) => (is(column, SQL) ? sqliteSql(column) : column.name)),
          where: ix.where ? sqliteSql(ix.where) : null,
        },
      ]),
    ),
    foreignKeys: Object.fromEntries(
      config.foreignKeys.map((fk) => {
        const reference = fk.reference();
        return [
          fk.getName(),
          {
            columns: reference.columns.map((column) => column.name),
            foreignTable: tableName(reference.foreignTable),
            foreignColumns: reference.foreignColumns.map((column) => column.name),
            onDelete: fk.onDelete ?? "no action",
            onUpdate: fk.onUpdate ?? "no action",
          },
        ];
      }),
    ),
  };
}

/** The PostgreSQL table, with the checks of the type map's promises (ms timestamps with time zone as Date). */
function pgShape(table: Table): Shape {
  const config = pgConfig(table as PgTable);
  return {
    name: config.name,
    columns: Object.fromEntries(
      config.columns.map((column) => {
        let type = column.columnType;
        if (type === "PgTimestamp" && column.getSQLType() !== "timestamp (3) with time zone")
          type = `PgTimestamp as ${column.getSQLType()}`;
        if (type === "PgTimestamp" && column.dataType !== "date") type = `PgTimestamp read as ${column.dataType}`;
        const fallback = column.default;
        return [
          column.name,
          {
            type,
            notNull: column.notNull,
            primary: column.primary,
            default: is(fallback, SQL) ? pgSql(fallback) : fallback,
            identity: column.generatedIdentity !== undefined,
            enumValues: column.enumValues ?? null,
          },
        ];
      }),
    ),
    primaryKeys: config.primaryKeys.map((key) => key.columns.map((column) => column.name)),
    uniqueConstraints: config.uniqueConstraints.map((unique) => ({
      name: unique.name,
      columns: unique.columns.map((column) => column.name),
    })),
    indexes: Object.fromEntries(
      config.indexes.map(({ config: ix }) => [
        ix.name!,
        {
          unique: ix.unique,
          columns: ix.columns.map((column) =>
            is(column, SQL) ? pgSql(column) : ((column as IndexedColumn).name ?? "?"),
          ),
          where: ix.where ? pgSql(ix.where) : null,
        },
      ]),
    ),
    foreignKeys: Object.fromEntries(
      config.foreignKeys.map((fk) => {
        const reference = fk.reference();
        return [
          fk.getName(),
          {
            columns: reference.columns.map((column) => column.name),
            foreignTable: tableName(reference.foreignTable),
            foreignColumns: reference.foreignColumns.map((column) => column.name),
            onDelete: fk.onDelete ?? "no action",
            onUpdate: fk.onUpdate ?? "no action",
          },
        ];
      }),
    ),
  };
}

/** The PostgreSQL shape without the indexes that stand for something SQLite keeps outside drizzle. */
function pgShapeComparable(table: PgTable): Shape {
  const shape = pgShape(table);
  for (const name of PG_ONLY_INDEXES[shape.name] ?? []) delete shape.indexes[name];
  return shape;
}

const tablesOf = (module: Record<string, unknown>) =>
  Object.entries(module).filter(([, value]) => is(value, Table)) as [string, Table][];
const sqliteTables = new Map(tablesOf(sqlite) as [string, SQLiteTable][]);
const pgTables = new Map(tablesOf(pg) as [string, PgTable][]);

describe("the SQLite and PostgreSQL schemas", () => {
  test("declare the same tables under the same export names", () => {
    expect(sqliteTables.size).toBeGreaterThan(25);
    expect([...pgTables.keys()].sort()).toEqual([...sqliteTables.keys()].sort());
    for (const [key, table] of sqliteTables) expect(tableName(pgTables.get(key)!)).toBe(tableName(table));
  });

  for (const [key, table] of sqliteTables) {
    test(`${tableName(table)}: columns, keys, indexes and foreign keys match`, () => {
      const twin = pgTables.get(key);
      expect(twin).toBeDefined();
      expect(pgShapeComparable(twin!)).toEqual(sqliteShape(table));
    });
  }

  test("every PostgreSQL-only index exists there, and only there", () => {
    for (const [table, names] of Object.entries(PG_ONLY_INDEXES)) {
      const key = [...pgTables.entries()].find(([, t]) => tableName(t) === table)![0];
      for (const name of names) {
        expect(Object.keys(pgShape(pgTables.get(key)!).indexes)).toContain(name);
        expect(Object.keys(sqliteShape(sqliteTables.get(key)!).indexes)).not.toContain(name);
      }
    }
    expect(pgShape(pg.users).indexes.users_search_trgm_idx!.columns).toEqual(["search_key gin_trgm_ops"]);
  });

  test("the comparison notices a column, an index or a foreign-key rule one side lacks", () => {
    const parents = sqliteTable("parents", { id: integer("id").primaryKey({ autoIncrement: true }) });
    const pgParents = pgTable("parents", { id: pgInteger("id").primaryKey().generatedByDefaultAsIdentity() });
    const base = sqliteTable(
      "things",
      {
        id: integer("id").primaryKey({ autoIncrement: true }),
        name: text("name").notNull(),
        parentId: integer("parent_id").references(() => parents.id, { onDelete: "cascade" }),
        done: integer("done", { mode: "boolean" }).notNull().default(false),
      },
      (t) => [index("things_name_idx").on(t.name)],
    );
    const twin = (extra: { column?: boolean; index?: boolean; onDelete?: "cascade" | "set null" } = {}) =>
      pgTable(
        "things",
        {
          id: pgInteger("id").primaryKey().generatedByDefaultAsIdentity(),
          name: pgText("name").notNull(),
          parentId: pgInteger("parent_id").references(() => pgParents.id, { onDelete: extra.onDelete ?? "cascade" }),
          done: boolean("done").notNull().default(false),
          ...(extra.column ? { note: pgText("note") } : {}),
        },
        (t) => [pgIndex("things_name_idx").on(t.name), ...(extra.index ? [pgIndex("things_done_idx").on(t.done)] : [])],
      );
    expect(pgShape(twin())).toEqual(sqliteShape(base));
    expect(pgShape(twin({ column: true }))).not.toEqual(sqliteShape(base));
    expect(pgShape(twin({ index: true }))).not.toEqual(sqliteShape(base));
    expect(pgShape(twin({ onDelete: "set null" }))).not.toEqual(sqliteShape(base));
    const nullable = pgTable("things", {
      id: pgInteger("id").primaryKey().generatedByDefaultAsIdentity(),
      name: pgText("name"),
    });
    expect(pgShape(nullable).columns.name).not.toEqual(sqliteShape(base).columns.name);
  });
});

describe("the tables declared once", () => {
  const source = readFileSync(path.join(import.meta.dirname, "schema.tables.ts"), "utf8");

  test("db/schema.tables.ts speaks only the dialect's words, never a dialect's own builders", () => {
    expect(source).not.toMatch(/from "drizzle-orm\/(sqlite-core|pg-core)"/);
    expect(source).not.toMatch(/\b(sqliteTable|pgTable)\(/);
    expect(Object.keys(pgWords).sort()).toEqual(Object.keys(sqliteWords).sort());
  });

  test("each dialect file exports every table it builds, as the very objects the models get", () => {
    for (const [module, built] of [
      [sqlite, sqlite.sqliteTables],
      [pg, pg.pgTables],
    ] as const) {
      const exported = tablesOf(module);
      expect(exported.map(([key]) => key).sort()).toEqual(Object.keys(built).sort());
      for (const [key, table] of exported) expect(table).toBe(built[key as keyof typeof built] as never);
    }
  });
});

describe("db/schema.ts", () => {
  test("exports every table of both schemas", () => {
    const exported = new Set(tablesOf(schema).map(([key]) => key));
    const missing = [...new Set([...sqliteTables.keys(), ...pgTables.keys()])].filter((key) => !exported.has(key));
    expect(missing).toEqual([]);
    expect(schema.DOCUMENT_RENEWAL_STATUSES).toEqual(sqlite.DOCUMENT_RENEWAL_STATUSES);
  });

  test("chooses the dialect DATABASE_URL names", () => {
    expect(schema.dialectOf("postgres://u@h/db")).toBe("postgres");
    expect(schema.dialectOf("postgresql://u@h:5433/db")).toBe("postgres");
    expect(schema.dialectOf("file:./data/app.db")).toBe("sqlite");
    expect(schema.dialectOf(undefined)).toBe("sqlite");
    expect(schema.schemaOf("postgres").users).toBe(pg.users as never);
    expect(schema.schemaOf("sqlite").users).toBe(sqlite.users);
    // The tests run on SQLite, or on PostgreSQL under `bun run test:scale-out` (tests/setup-unit.ts).
    expect(schema.dialect).toBe(process.env.TEST_POSTGRES_URL ? "postgres" : "sqlite");
    const chosen = schema.dialect === "postgres" ? pgTables : sqliteTables;
    for (const [key, table] of tablesOf(schema)) expect(table).toBe(chosen.get(key) as never);
  });

  test("exports the PostgreSQL tables when DATABASE_URL is postgres://", async () => {
    const probe = `
      const schema = await import("./db/schema.ts");
      const pg = await import("./db/schema.pg.ts");
      const keys = Object.keys(pg).filter((k) => typeof pg[k] === "object" && k !== "pgTables");
      console.log(JSON.stringify({ dialect: schema.dialect, same: keys.filter((k) => schema[k] === pg[k]).length, keys: keys.length }));`;
    const proc = Bun.spawn(["bun", "-e", probe], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: { ...process.env, DATABASE_URL: "postgresql://postgres@127.0.0.1:1/x" },
      stdout: "pipe",
    });
    const result = JSON.parse(await new Response(proc.stdout).text()) as {
      dialect: string;
      same: number;
      keys: number;
    };
    expect(result.dialect).toBe("postgres");
    expect(result.keys).toBe(pgTables.size);
    expect(result.same).toBe(pgTables.size);
  });
});
