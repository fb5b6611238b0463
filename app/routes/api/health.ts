import { sql } from "drizzle-orm";
import { db } from "~/lib/db.server";

/** CONTRACT §4: 200 when the database answers, 503 otherwise. */
export function loader() {
  try {
    db().get(sql`select 1`);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
