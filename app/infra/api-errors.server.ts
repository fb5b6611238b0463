import { BUSY_RETRY_AFTER_SECONDS } from "./db-busy.server";
import { languageOf } from "~/infra/i18n.server";
import { translatorFor } from "./i18n.server";

/**
 * The router answers a wrong method or a crash on a resource route with its own body; docs/api.md
 * wants `{ error }` in the request's language for every `/api` error, so those two are rewritten here.
 */
export async function normalizeApiError(request: Request, response: Response): Promise<Response> {
  if (response.status !== 405 && response.status < 500) return response;
  const type = response.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { error?: unknown } | null;
    if (body && typeof body.error === "string") return response;
  }
  const t = translatorFor(await languageOf(request));
  const key = response.status === 405 ? "errors:methodNotAllowed" : "errors:unexpected";
  const headers = new Headers(response.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.delete("Content-Length");
  return new Response(JSON.stringify({ error: t(key) }), { status: response.status, headers });
}

/** An `{ error }` answer for refusals made before the router runs (e.g. a cross-site mutation). */
export async function earlyError(request: Request, status: number, key: string) {
  const t = translatorFor(await languageOf(request));
  return Response.json({ error: t(key) }, { status });
}

/** 503 for a request whose write outwaited the database's lock (app/infra/db-busy.server.ts). */
export async function busyAnswer(request: Request) {
  const t = translatorFor(await languageOf(request));
  return Response.json(
    { error: t("errors:busy") },
    { status: 503, headers: { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } },
  );
}
