import { or, sql, type SQLWrapper } from "drizzle-orm";
import { applications, users, vehicles } from "~db/schema";
import { phoneDigits } from "~/domain/review-queue";

/** `%term%` for LIKE with `%`, `_` and the escape character itself taken literally. */
export function likePattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column LIKE pattern ESCAPE '\'`, case-insensitive for ASCII as SQLite's LIKE is. */
export function likeEscaped(column: SQLWrapper, term: string) {
  return sql`${column} LIKE ${likePattern(term)} ESCAPE '\\'`;
}

/** A search term against a person: name, e-mail, the phone of any of their applications, their vehicle. */
export function personMatches(userId: SQLWrapper, q: string) {
  const digits = phoneDigits(q);
  const phone = digits
    ? sql`exists (select 1 from ${applications} a where a.user_id = ${userId} and replace(replace(replace(replace(a.phone, ' ', ''), '-', ''), '+', ''), '/', '') like ${likePattern(digits)} escape '\\')`
    : sql`exists (select 1 from ${applications} a where a.user_id = ${userId} and a.phone like ${likePattern(q)} escape '\\')`;
  return or(
    sql`exists (select 1 from ${users} u where u.id = ${userId} and (u.email like ${likePattern(q)} escape '\\' or u.full_name like ${likePattern(q)} escape '\\'))`,
    phone,
    sql`exists (select 1 from ${vehicles} v where v.assigned_user_id = ${userId} and (v.name like ${likePattern(q)} escape '\\' or v.serial_number like ${likePattern(q)} escape '\\'))`,
  );
}

/** A vehicle (by its id column) whose name or serial number matches the term. */
export function vehicleMatches(vehicleId: SQLWrapper, q: string) {
  return sql`exists (select 1 from ${vehicles} rv where rv.id = ${vehicleId} and (rv.name like ${likePattern(q)} escape '\\' or rv.serial_number like ${likePattern(q)} escape '\\'))`;
}
