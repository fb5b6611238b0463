/** With JS the application form posts its text fields here about a second after the courier stops typing. */
import type { DashboardActionData } from "~/components/dashboard/types";
import { data } from "react-router";
import type { Route } from "./+types/draft";
import { guardNetwork } from "~/client/network";
import { pickDraftFields } from "~/domain/application-draft";
import { saveApplicationDraft } from "~/models/application-drafts.server";
import { requireUser } from "~/services/session.server";
import { keepApplicationIfLoggedOut } from "./respond.server";

export { default, ErrorBoundary, loader, meta } from "../dashboard";
import { dashboardOrAsShown } from "../dashboard";

export const clientLoader = dashboardOrAsShown;

// A failed save is retried by the next keystroke, not toasted.
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardNetwork(serverAction, { silent: true });

export async function action({ context, request }: Route.ActionArgs) {
  await keepApplicationIfLoggedOut(context, request);
  const user = requireUser(context, request);
  const form = await request.formData().catch(() => null);
  if (!form) return data<DashboardActionData>({ intent: "draft", error: "invalid" }, { status: 400 });
  if (user.status === "confirmed_account" || user.status === "job_rejected")
    await saveApplicationDraft(user.id, pickDraftFields(form));
  return data<DashboardActionData>({ intent: "draft" });
}
