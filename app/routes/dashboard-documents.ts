/**
 * One identity document, uploaded by the job application's script as soon as it is chosen
 * (XMLHttpRequest, for the progress bar). It becomes the courier's draft of that kind, exactly like
 * a file kept from a failed submit, so the final submit only references it. JSON in and out:
 * 201 `{ id, kind, width, height }` or `{ error, field }` with 400/413/429.
 */
import type { Route } from "./+types/dashboard-documents";
import { jsonError, methodNotAllowed } from "~/infra/http.server";
import { hit } from "~/models/limits.server";
import { requireUser } from "~/services/session.server";
import { receiveUploadForm, UploadError } from "~/infra/uploads.server";
import { mayRenewDocument } from "~/models/documents.server";
import { listDocumentDrafts, saveDocumentDrafts } from "~/models/uploads.server";
import { uploadRefusal } from "./dashboard/respond.server";
import { DOCUMENT_KINDS, RIGHT_TO_STAY_KINDS } from "~/domain/documents";

/** POST only: without a loader the router would answer a GET with 400 "Unexpected Server Error". */
export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, ["POST"]);
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  if (request.method !== "POST") return methodNotAllowed(context, ["POST"]);
  // Applicants send any identity document; approved couriers only a new right-to-stay document.
  const applying = user.status === "confirmed_account" || user.status === "job_rejected";
  if (!applying && !mayRenewDocument(user.status)) return jsonError(context, 403, "dashboard:refusals.notAllowed");
  const kinds: readonly string[] = applying ? DOCUMENT_KINDS : RIGHT_TO_STAY_KINDS;
  const limit = await hit("uploads", String(user.id));
  if (!limit.ok) {
    return jsonError(context, 429, "errors:rateLimited", {
      values: { minutes: Math.ceil(limit.retryAfterSeconds / 60) },
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  let field: string | undefined;
  try {
    const missing = await receiveUploadForm(
      request,
      { fields: Object.fromEntries(kinds.map((f) => [f, "image"])), maxFiles: 1 },
      async (parsed) => {
        field = parsed.files[0]?.field;
        if (!field) return true;
        await saveDocumentDrafts(user.id, parsed.files);
        return false;
      },
    );
    if (missing) return jsonError(context, 400, "dashboard:errors.documentRequired");
  } catch (error) {
    if (!(error instanceof UploadError)) throw error;
    const refusal = await uploadRefusal(context, "apply", error);
    return Response.json(
      { error: refusal.data.error, field: error.field ?? field ?? null },
      { status: refusal.init?.status ?? 400 },
    );
  }
  const saved = (await listDocumentDrafts(user.id)).find((draft) => draft.kind === field);
  return Response.json(saved, { status: 201 });
}
