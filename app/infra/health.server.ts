import { db } from "./db.server";

/** CONTRACT §4: 200 when the database answers, 503 otherwise. */
export function healthAnswer(): Response {
  try {
    db().$client.query("select 1").get();
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
