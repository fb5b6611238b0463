/**
 * Raw SQL and fault injection for tests, on whichever engine the run uses (SQLite, or PostgreSQL
 * under `bun run test:scale-out`). Rows are set up with drizzle through `writerForTests()`; this is
 * for what the query builder cannot say.
 */
import { sql, type SQL } from "drizzle-orm";
import { databaseEngine, writerForTests } from "~/infra/db.server";
import type { PostgresDB } from "~/infra/db-postgres.server";

/** Runs one raw statement on the writer (outside any `transaction()`) and returns its rows. */
export async function rawSql<T = Record<string, unknown>>(query: SQL | string): Promise<T[]> {
  const statement = typeof query === "string" ? sql.raw(query) : query;
  if (databaseEngine() === "postgres")
    return (await (writerForTests() as unknown as PostgresDB).execute(statement)) as unknown as T[];
  return writerForTests().all<T>(statement);
}

let faults = 0;

/**
 * Makes every `event` of a row of `table` for which `when` holds (SQL over `NEW`, e.g.
 * `NEW.id = 7`, the same in both dialects) fail with `message`, as a broken disk or a bug would,
 * until the returned function removes it. SQLite: a temporary trigger that raises ABORT.
 * PostgreSQL: a plpgsql trigger function that raises an exception, and its trigger.
 */
export async function failWrites(
  table: string,
  event: "insert" | "update" | "delete",
  when: string,
  message: string,
): Promise<() => Promise<void>> {
  const name = `test_fault_${++faults}`;
  const quoted = message.replaceAll("'", "''");
  const row = event === "delete" ? "OLD" : "NEW";
  const condition = event === "delete" ? when.replaceAll(/\bNEW\./g, "OLD.") : when;
  if (databaseEngine() === "postgres") {
    await rawSql(
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF ${condition} THEN RAISE EXCEPTION '${quoted}'; END IF; RETURN ${row}; END $$`,
    );
    await rawSql(
      `CREATE TRIGGER ${name} BEFORE ${event.toUpperCase()} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`,
    );
    return async () => {
      await rawSql(`DROP TRIGGER ${name} ON ${table}`);
      await rawSql(`DROP FUNCTION ${name}()`);
    };
  }
  await rawSql(
    `CREATE TEMP TRIGGER ${name} BEFORE ${event.toUpperCase()} ON ${table} WHEN ${condition} BEGIN SELECT RAISE(ABORT, '${quoted}'); END`,
  );
  return async () => {
    await rawSql(`DROP TRIGGER ${name}`);
  };
}

/**
 * The messages of the error `work` rejects with and of its causes, one per line ("" when it
 * resolves): drizzle reports a failed statement as "Failed query: …" with the database's own
 * error as its cause, on PostgreSQL; SQLite's arrives as it is.
 */
export async function failureOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return "";
  } catch (error) {
    const lines: string[] = [];
    for (let current: unknown = error; current instanceof Error; current = current.cause) lines.push(current.message);
    return lines.join("\n");
  }
}

/**
 * Makes every `event` of a row of `table` for which `when` holds wait `ms` inside its transaction
 * (holding the row), so that a second transaction started at the same moment surely meets the first
 * one still open: what two admins clicking at once look like on PostgreSQL, whose transactions run
 * side by side. SQLite runs one transaction at a time anyway (and has no sleep), so there it does
 * nothing. Returns the way back.
 */
export async function slowWrites(
  table: string,
  event: "insert" | "update",
  when: string,
  ms: number,
): Promise<() => Promise<void>> {
  if (databaseEngine() !== "postgres") return async () => undefined;
  const name = `test_slow_${++faults}`;
  await rawSql(
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF ${when} THEN PERFORM pg_sleep(${ms / 1000}); END IF; RETURN NEW; END $$`,
  );
  await rawSql(
    `CREATE TRIGGER ${name} BEFORE ${event.toUpperCase()} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`,
  );
  return async () => {
    await rawSql(`DROP TRIGGER ${name} ON ${table}`);
    await rawSql(`DROP FUNCTION ${name}()`);
  };
}
