/**
 * Nothing typed is lost when the session ends mid-form (docs/resilience.md): a post of the
 * application (or of its background draft) that arrives without a session keeps its text fields in
 * a signed cookie and sends the courier to log in; at the next dashboard load they become the draft
 * and the page says so. Files are not kept this way (documents already sent stay as upload drafts).
 */
import { DOCUMENT_KINDS } from "~/domain/documents";
import { isEmptyDraft, pickDraftFields, type ApplicationDraft } from "~/domain/application-draft";
import { keptApplicationCookie } from "~/infra/cookies.server";
import { receiveUploadForm } from "~/infra/uploads.server";
import { saveApplicationDraft } from "~/models/application-drafts.server";

/** A cookie holds about 4 KB; a longer comment is shortened so the rest always fits. */
const MAX_COOKIE_BYTES = 3800;

async function postedFields(request: Request): Promise<FormData | null> {
  try {
    if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
      // The photos of a logged-out post are not stored; only the text around them is read.
      const spec = {
        fields: Object.fromEntries(DOCUMENT_KINDS.map((f) => [f, "image" as const])),
        maxFiles: DOCUMENT_KINDS.length,
        collectRefusals: true,
      };
      return await receiveUploadForm(request, spec, async ({ fields }) => fields);
    }
    return await request.formData();
  } catch {
    return null;
  }
}

/** The Set-Cookie that keeps the posted application's text, or null when there is nothing to keep. */
export async function keepApplicationForLogin(request: Request): Promise<string | null> {
  const fields = await postedFields(request);
  if (!fields) return null;
  const draft = pickDraftFields(fields);
  if (isEmptyDraft(draft)) return null;
  const cookie = keptApplicationCookie();
  let header = await cookie.serialize(draft);
  for (let comment = draft.comment ?? ""; header.length > MAX_COOKIE_BYTES && comment.length > 0; ) {
    comment = comment.slice(0, Math.floor(comment.length / 2));
    header = await cookie.serialize({ ...draft, comment });
  }
  return header.length > MAX_COOKIE_BYTES ? null : header;
}

/**
 * After log-in: the kept text becomes the courier's draft (when they may apply). Returns whether
 * something was kept and the Set-Cookie that clears the cookie (null when there was none).
 */
export async function restoreKeptApplication(
  request: Request,
  userId: number,
  mayApply: boolean,
): Promise<{ kept: boolean; clear: string | null }> {
  const cookie = keptApplicationCookie();
  const value: unknown = await cookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (!value || typeof value !== "object") return { kept: false, clear: null };
  const clear = await cookie.serialize("", { maxAge: 0 });
  const draft: ApplicationDraft = pickDraftFields(value as Record<string, unknown>);
  if (!mayApply || isEmptyDraft(draft)) return { kept: false, clear };
  await saveApplicationDraft(userId, draft);
  return { kept: true, clear };
}
