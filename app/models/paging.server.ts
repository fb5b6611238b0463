import type { SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { db } from "~/infra/db.server";

/** Rows per page in every admin table. */
export const PAGE_SIZE = 20;

export type Page<T> = { rows: T[]; total: number; page: number; pageCount: number; pageSize: number };

export function offsetOf(page: number) {
  return (page - 1) * PAGE_SIZE;
}

export function toPage<T>(rows: T[], total: number, page: number): Page<T> {
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)), pageSize: PAGE_SIZE };
}

/**
 * The ids of one page, as a subquery for `inArray(table.id, …)`. It reads only an index, so the
 * OFFSET skips index entries instead of full rows (page 500 skipped 10,000 joined rows before).
 */
export function pageIds(table: SQLiteTable & { id: SQLiteColumn }, where: SQL | undefined, order: SQL[], page: number) {
  return db()
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(PAGE_SIZE)
    .offset(offsetOf(page));
}
