import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { UserSort } from "~/domain/admin-filters";
import { db } from "./db.server";

/**
 * The few pieces of SQL the two dialects do not share, in one place. Models write everything else
 * in the subset SQLite and PostgreSQL both speak; each function here is written for SQLite today
 * and is where the PostgreSQL variant goes.
 */

/** Whether `error` is a unique-constraint violation on `table.column` (e.g. `users.email`). */
export function isUniqueViolation(error: unknown, column: string) {
  return String(error).includes(`UNIQUE constraint failed: ${column}`);
}

/**
 * `id IN (users matching the full-text phrase)`: SQLite keeps the users' search index in the FTS5
 * table `users_search` (rowid = users.id), kept in step by triggers.
 */
export function userSearchMatches(userId: SQLWrapper, phrase: SQL | string) {
  return sql`${userId} IN (SELECT rowid FROM users_search WHERE users_search MATCH ${phrase})`;
}

/** How many users the full-text phrase matches, counted on the index alone. */
export async function countUserSearchMatches(phrase: string) {
  const [row] = db().all<{ n: number }>(sql`SELECT count(*) AS n FROM users_search WHERE users_search MATCH ${phrase}`);
  return row?.n ?? 0;
}

/** The index that yields each sort's order (column, then rowid) without sorting. */
const SORT_INDEX: Record<UserSort, { index: string; columns: string[] }> = {
  createdAt: { index: "users_created_idx", columns: ["created_at"] },
  email: { index: "users_email_unique", columns: ["email"] },
  fullName: { index: "users_full_name_idx", columns: ["full_name"] },
  status: { index: "users_status_created_idx", columns: ["status", "created_at"] },
};

/**
 * One page of the users the phrase matches, in the sort's order, by walking the sort's own index
 * (`INDEXED BY`) and keeping the entries the search index matched: for a common term this stops
 * when the page is full instead of reading and sorting every match.
 */
export async function walkUserSearch(phrase: string, sort: UserSort, dir: "asc" | "desc", page: { limit: number; offset: number }) {
  const { index, columns } = SORT_INDEX[sort];
  const order = [...columns, "id"].map((column) => `${column} ${dir === "asc" ? "ASC" : "DESC"}`).join(", ");
  return db().all<{ id: number }>(
    sql`SELECT id FROM users INDEXED BY ${sql.raw(index)} WHERE id IN (SELECT rowid FROM users_search WHERE users_search MATCH ${phrase}) ORDER BY ${sql.raw(order)} LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}
