/**
 * A new right-to-stay document (residence permit both sides, or refugee document) with its
 * valid-until date. Files that arrive become drafts first (with JS they were sent one by one to
 * /dashboard/documents already), so a refused date keeps them.
 */
import type { DashboardActionData } from "~/components/dashboard/types";
import { data } from "react-router";
import type { Route } from "./+types/document-renewal";
import { guardNetwork } from "~/client/network";
import { parseValidUntil, validUntilIssue } from "~/domain/document-expiry";
import { RIGHT_TO_STAY_KINDS } from "~/domain/documents";
import { now } from "~/infra/clock.server";
import { receiveUploadForm, UploadError } from "~/infra/uploads.server";
import { mayRenewDocument, submitDocumentRenewal } from "~/models/documents.server";
import { saveDocumentDrafts } from "~/models/uploads.server";
import { requireUser } from "~/services/session.server";
import { rateLimited, refuse, tr, uploadRefusal } from "./respond.server";
import { redirectWithToast } from "../toast.server";

export { default, ErrorBoundary, loader, meta } from "../dashboard";
import { dashboardOrAsShown } from "../dashboard";
import { refusalOf } from "../model-errors.server";

export const clientLoader = dashboardOrAsShown;

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardNetwork(serverAction);

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const limited = await rateLimited(context, "renewDocument", user.id);
  if (limited) return limited;
  if (!mayRenewDocument(user.status))
    return refuse(context, "renewDocument", 403, tr(context, "dashboard:refusals.notAllowed"));
  let validUntil = "";
  try {
    const spec = {
      fields: Object.fromEntries(RIGHT_TO_STAY_KINDS.map((f) => [f, "image" as const])),
      maxFiles: RIGHT_TO_STAY_KINDS.length,
    };
    validUntil = await receiveUploadForm(request, spec, async (parsed) => {
      await saveDocumentDrafts(user.id, parsed.files);
      return String(parsed.fields.get("validUntil") ?? "").trim();
    });
  } catch (error) {
    if (error instanceof UploadError) return await uploadRefusal(context, "renewDocument", error);
    throw error;
  }
  const issue = validUntilIssue(validUntil, now());
  const refused = (message: string, status = 400) =>
    data<DashboardActionData>({ intent: "renewDocument", error: message, validUntil }, { status });
  if (issue) return refused(tr(context, `dashboard:errors.validUntil${issue[0]!.toUpperCase()}${issue.slice(1)}`));
  try {
    await submitDocumentRenewal(user.id, parseValidUntil(validUntil)!);
  } catch (error) {
    const refusal = refusalOf(context, error, "courier");
    return refused(refusal.message, refusal.status);
  }
  return redirectWithToast(context, "/dashboard", "dashboard:documents.sent");
}
