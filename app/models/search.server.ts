import { or, sql, type SQLWrapper } from "drizzle-orm";
import { applications, users, vehicles } from "~db/schema";
import { phoneDigits } from "~/domain/review-queue";
import { caseInsensitiveLike, likePattern } from "~/infra/sql-dialect.server";

export { likePattern };

/** `column` contains `term` (its wildcards taken literally), ignoring case, on either engine. */
export function likeEscaped(column: SQLWrapper, term: string) {
  return caseInsensitiveLike(column, likePattern(term));
}

/** A search term against a person: name, e-mail, the phone of any of their applications, their vehicle. */
export function personMatches(userId: SQLWrapper, q: string) {
  const digits = phoneDigits(q);
  const phone = digits
    ? sql`exists (select 1 from ${applications} a where a.user_id = ${userId} and ${likeEscaped(sql`replace(replace(replace(replace(a.phone, ' ', ''), '-', ''), '+', ''), '/', '')`, digits)})`
    : sql`exists (select 1 from ${applications} a where a.user_id = ${userId} and ${likeEscaped(sql`a.phone`, q)})`;
  return or(
    sql`exists (select 1 from ${users} u where u.id = ${userId} and (${likeEscaped(sql`u.email`, q)} or ${likeEscaped(sql`u.full_name`, q)}))`,
    phone,
    sql`exists (select 1 from ${vehicles} v where v.assigned_user_id = ${userId} and (${likeEscaped(sql`v.name`, q)} or ${likeEscaped(sql`v.serial_number`, q)}))`,
  );
}

/** A vehicle (by its id column) whose name or serial number matches the term. */
export function vehicleMatches(vehicleId: SQLWrapper, q: string) {
  return sql`exists (select 1 from ${vehicles} rv where rv.id = ${vehicleId} and (${likeEscaped(sql`rv.name`, q)} or ${likeEscaped(sql`rv.serial_number`, q)}))`;
}
