/**
 * The job application. Files that arrive are kept as drafts even when another field fails, so a
 * resubmission only needs what is still missing ("uploaded ✓ — replace").
 */
import type { DashboardActionData } from "~/components/dashboard/types";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/apply";
import { guardNetwork } from "~/client/network";
import { pickDraftFields } from "~/domain/application-draft";
import { applicationSchema } from "~/domain/application-schema";
import { validUntilIssue } from "~/domain/document-expiry";
import { DOCUMENT_KINDS, needsRightToStay } from "~/domain/documents";
import { now } from "~/infra/clock.server";
import { receiveUploadForm, UploadError } from "~/infra/uploads.server";
import { saveApplicationDraft } from "~/models/application-drafts.server";
import { submitApplication } from "~/models/applications.server";
import { listDocumentDrafts, saveDocumentDrafts } from "~/models/uploads.server";
import { requireUser } from "~/services/session.server";
import { keepApplicationIfLoggedOut, rateLimited, uploadRefusal } from "./respond.server";
import { redirectWithToast } from "../toast.server";

// A refused post without JavaScript renders the dashboard here, with the action's message.
export { default, ErrorBoundary, loader, meta } from "../dashboard";
import { dashboardOrAsShown } from "../dashboard";
import { courierRefusal } from "../model-errors.server";

export const clientLoader = dashboardOrAsShown;

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardNetwork(serverAction);

export async function action({ context, request }: Route.ActionArgs) {
  await keepApplicationIfLoggedOut(context, request);
  const user = requireUser(context, request);
  const limited = await rateLimited(context, "apply", user.id);
  if (limited) return limited;
  let fields: FormData;
  try {
    const spec = {
      fields: Object.fromEntries(DOCUMENT_KINDS.map((f) => [f, "image" as const])),
      maxFiles: DOCUMENT_KINDS.length,
      collectRefusals: true,
    };
    const parsed = await receiveUploadForm(request, spec, async (form) => {
      // A refused photo costs neither the text typed around it nor the other photos of the same post.
      if (form.refusals.length > 0) await saveApplicationDraft(user.id, pickDraftFields(form.fields));
      await saveDocumentDrafts(user.id, form.files);
      return form;
    });
    fields = parsed.fields;
    const refused = parsed.refusals[0];
    if (refused)
      return await uploadRefusal(
        context,
        "apply",
        refused,
        refused.field ? `dashboard:apply.documents.${refused.field}` : undefined,
      );
  } catch (error) {
    if (error instanceof UploadError) return await uploadRefusal(context, "apply", error);
    throw error;
  }
  // Which documents exist is the server's own record, never the client's word.
  for (const field of DOCUMENT_KINDS) fields.delete(field);
  for (const draft of await listDocumentDrafts(user.id)) fields.set(draft.kind, "kept");
  const submission = parseWithZod(fields, { schema: applicationSchema });
  if (submission.status !== "success") {
    // Without JS this is the only moment the typed fields reach the server: keep them as the draft.
    await saveApplicationDraft(user.id, pickDraftFields(fields));
    return data<DashboardActionData>({ intent: "apply", lastResult: submission.reply() }, { status: 400 });
  }
  // Whether the document is still valid is the server clock's call, so it is checked here, not in the browser.
  if (
    needsRightToStay(submission.value.citizenship) &&
    validUntilIssue(submission.value.documentValidUntil, now()) === "past"
  ) {
    await saveApplicationDraft(user.id, pickDraftFields(fields));
    return data<DashboardActionData>(
      {
        intent: "apply",
        lastResult: submission.reply({ fieldErrors: { documentValidUntil: ["errors.validUntilPast"] } }),
      },
      { status: 400 },
    );
  }
  try {
    await submitApplication(user.id, submission.value);
  } catch (error) {
    const refusal = courierRefusal(context, "apply", error);
    await saveApplicationDraft(user.id, pickDraftFields(fields));
    return refusal;
  }
  return redirectWithToast(context, "/dashboard", "dashboard:apply.submitted");
}
