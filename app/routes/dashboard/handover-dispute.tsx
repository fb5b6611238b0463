/** "I disagree" on a recorded handover: the note opens a problem report (a conversation); once per rendered form. */
import type { Route } from "./+types/handover-dispute";
import { guardNetwork } from "~/client/network";
import { handoverDisputeNote } from "~/domain/handover";
import { disputeHandover } from "~/models/handovers.server";
import { formKeyOf, once } from "~/services/idempotency.server";
import { requireUser } from "~/services/session.server";
import { refuse, tr } from "./respond.server";
import { redirectWithToast } from "../toast.server";

export { default, ErrorBoundary, loader, meta } from "../dashboard";
import { dashboardOrAsShown } from "../dashboard";
import { courierRefusal } from "../model-errors.server";

export const clientLoader = dashboardOrAsShown;

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardNetwork(serverAction);

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData().catch(() => null);
  const note = typeof form?.get("note") === "string" ? String(form.get("note")).trim() : "";
  const handoverId = Number(form?.get("handoverId"));
  if (!Number.isSafeInteger(handoverId) || handoverId <= 0)
    return refuse(context, "handoverDispute", 400, tr(context, "errors:invalidInput"));
  const parsed = handoverDisputeNote.safeParse(note);
  if (!parsed.success)
    return refuse(
      context,
      "handoverDispute",
      400,
      tr(context, parsed.error.issues[0]?.message ?? "dashboard:handover.noteRequired"),
    );
  return await once(user.id, formKeyOf(form!), "/dashboard", async () => {
    try {
      const reportId = await disputeHandover(user.id, handoverId, parsed.data);
      return redirectWithToast(context, `/dashboard#report-${reportId}`, "dashboard:handover.disputed");
    } catch (error) {
      return courierRefusal(context, "handoverDispute", error);
    }
  });
}
