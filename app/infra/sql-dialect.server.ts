import { asc, desc, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { UserSort } from "~/domain/admin-filters";
import { databaseEngine, db } from "./db.server";
import type { PostgresDB } from "./db-postgres.server";

/**
 * The few pieces of SQL the two dialects do not share, in one place. Models write everything else
 * in the subset SQLite and PostgreSQL both speak; each function here has a SQLite and a PostgreSQL
 * variant, chosen by `databaseEngine()` (fixed for the life of the process, so a query built once
 * with a piece stays right).
 */

const onPostgres = () => databaseEngine() === "postgres";

/** Raw rows of a query that is not built with drizzle's query builder, on either engine. */
async function rows<T>(query: SQL): Promise<T[]> {
  if (onPostgres()) return (await (db() as unknown as PostgresDB).execute(query)) as unknown as T[];
  return db().all<T>(query);
}

/**
 * Whether `error` (or its cause: drizzle wraps the driver's error) is a unique-constraint violation
 * on `table.column` (e.g. `users.email`). SQLite says `UNIQUE constraint failed: users.email`;
 * PostgreSQL answers SQLSTATE 23505 with the table and, in its detail, the key's columns.
 */
export function isUniqueViolation(error: unknown, column: string) {
  const [table, name] = column.split(".");
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (current.message.includes(`UNIQUE constraint failed: ${column}`)) return true;
    const pg = current as Error & { errno?: unknown; table?: unknown; detail?: unknown };
    if (pg.errno === "23505" && pg.table === table && String(pg.detail ?? "").startsWith(`Key (${name})=`)) return true;
  }
  return false;
}

/**
 * Whether `error` (or a cause) is the refusal of the `vehicles_one_holder` trigger: an update that
 * would hand a leased vehicle straight to another courier (docs/architecture.md, "Invariants").
 * The trigger's message is the same on both engines.
 */
export function isVehicleAlreadyLeased(error: unknown) {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (current.message.includes("vehicle_already_leased")) return true;
  }
  return false;
}

/**
 * Whether an error (or one of its causes) is the database refusing a rule it holds itself: on SQLite a
 * trigger's `RAISE(ABORT, 'rule')` or a unique index named in `constraints`; on PostgreSQL an exclusion
 * (23P01) or unique (23505) violation of a constraint named in `constraints`.
 */
export function isRuleViolation(error: unknown, rule: string, constraints: string[]) {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (current.message.includes(rule)) return true;
    const pg = current as Error & { errno?: unknown; constraint?: unknown };
    if ((pg.errno === "23P01" || pg.errno === "23505") && constraints.includes(String(pg.constraint))) return true;
    if (constraints.some((name) => current instanceof Error && current.message.includes(`"${name}"`))) return true;
  }
  return false;
}

/**
 * `column LIKE pattern ESCAPE '\'`, ignoring case: SQLite's LIKE already ignores the case of ASCII
 * letters; PostgreSQL's LIKE does not, its ILIKE does (of every letter).
 */
export function caseInsensitiveLike(column: SQLWrapper, pattern: SQLWrapper | string) {
  return onPostgres() ? sql`${column} ILIKE ${pattern} ESCAPE '\\'` : sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/**
 * Ascending order with NULLs first and descending with NULLs last, as SQLite orders (a missing
 * name sorts before every name, and after every name when reversed); PostgreSQL's default is the
 * opposite, so it is told.
 */
export function ascNullsFirst(column: SQLWrapper) {
  return onPostgres() ? sql`${column} ASC NULLS FIRST` : asc(column);
}
export function descNullsLast(column: SQLWrapper) {
  return onPostgres() ? sql`${column} DESC NULLS LAST` : desc(column);
}

/** `%term%` for LIKE with `%`, `_` and the escape character itself taken literally. */
export function likePattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The value the users search binds for a term (`userSearchMatches`, `countUserSearchMatches`,
 * `walkUserSearch`), or null for a term under 3 characters, which no trigram index can serve (the
 * caller falls back to a plain LIKE). SQLite: an FTS5 phrase, its quotes doubled so they are text.
 * PostgreSQL: the LIKE pattern `%term%` with its wildcards escaped.
 */
export function userSearchValue(term: string): string | null {
  if ([...term].length < 3) return null;
  return onPostgres() ? likePattern(term) : `"${term.replaceAll('"', '""')}"`;
}

/**
 * Users whose e-mail or name contains the term, ignoring case and accents, by the search index.
 * SQLite: the FTS5 trigram table `users_search` (rowid = users.id), kept in step by triggers.
 * PostgreSQL: the stored `search_key` (both columns folded by `users_search_key()`, lower + unaccent,
 * one per line) against the folded pattern, which the trigram GIN index `users_search_trgm_idx` serves
 * (db/migrations-pg/0002_users_search_key.sql).
 */
function searchCondition(value: SQL | string, alias: string) {
  return sql`${sql.raw(alias)}.search_key LIKE users_search_key(${value}) ESCAPE '\\'`;
}

/** `id IN (users matching the search value)`; `value` comes from `userSearchValue`. */
export function userSearchMatches(userId: SQLWrapper, value: SQL | string) {
  if (onPostgres()) return sql`${userId} IN (SELECT s.id FROM users s WHERE ${searchCondition(value, "s")})`;
  return sql`${userId} IN (SELECT rowid FROM users_search WHERE users_search MATCH ${value})`;
}

/** How many users the search value matches, counted on the index alone. */
export async function countUserSearchMatches(value: string) {
  const [row] = onPostgres()
    ? await rows<{ n: number | string }>(sql`SELECT count(*) AS n FROM users s WHERE ${searchCondition(value, "s")}`)
    : await rows<{ n: number }>(sql`SELECT count(*) AS n FROM users_search WHERE users_search MATCH ${value}`);
  return Number(row?.n ?? 0);
}

/** The index that yields each sort's order (column, then rowid) without sorting. */
const SORT_INDEX: Record<UserSort, { index: string; columns: string[] }> = {
  createdAt: { index: "users_created_idx", columns: ["created_at"] },
  email: { index: "users_email_unique", columns: ["email"] },
  fullName: { index: "users_full_name_idx", columns: ["full_name"] },
  status: { index: "users_status_created_idx", columns: ["status", "created_at"] },
};

/**
 * One page of the users the search value matches, in the sort's order (NULL names first when
 * ascending, as `ascNullsFirst` says). SQLite walks the sort's own index (`INDEXED BY`) and keeps
 * the entries the search index matched: for a common term this stops when the page is full instead
 * of reading and sorting every match. PostgreSQL has no `INDEXED BY`; its planner chooses between
 * the trigram index and the sort's index itself.
 */
export async function walkUserSearch(
  value: string,
  sort: UserSort,
  dir: "asc" | "desc",
  page: { limit: number; offset: number },
) {
  const { index, columns } = SORT_INDEX[sort];
  const direction = dir === "asc" ? "ASC" : "DESC";
  if (onPostgres()) {
    const nulls = dir === "asc" ? "NULLS FIRST" : "NULLS LAST";
    const order = [...columns, "id"].map((column) => `u.${column} ${direction} ${nulls}`).join(", ");
    return rows<{ id: number }>(
      sql`SELECT u.id FROM users u WHERE ${searchCondition(value, "u")} ORDER BY ${sql.raw(order)} LIMIT ${page.limit} OFFSET ${page.offset}`,
    );
  }
  const order = [...columns, "id"].map((column) => `${column} ${direction}`).join(", ");
  return rows<{ id: number }>(
    sql`SELECT id FROM users INDEXED BY ${sql.raw(index)} WHERE id IN (SELECT rowid FROM users_search WHERE users_search MATCH ${value}) ORDER BY ${sql.raw(order)} LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/**
 * A read of the row a decision is about to change, inside its transaction, that keeps other
 * deciders off the row until the commit. SQLite: the query as it is (`BEGIN IMMEDIATE` already holds
 * the whole database's write lock, one transaction at a time). PostgreSQL: `… FOR UPDATE`; under
 * READ COMMITTED a second decider's read waits for the first commit, then sees the row as decided.
 */
export function forUpdate<Q>(query: Q): Q {
  if (!onPostgres()) return query;
  return (query as unknown as { for(strength: "update"): Q }).for("update");
}
