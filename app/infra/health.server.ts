import { databaseAnswers } from "./db.server";

/** `GET /api/health` (docs/api.md): 200 when the database answers, 503 otherwise. */
export function healthAnswer(): Response {
  if (databaseAnswers()) return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
}
