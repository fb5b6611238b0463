/** The courier confirms a handover the admin recorded (only their own: the model's query says so). */
import type { Route } from "./+types/handover";
import { guardNetwork } from "~/client/network";
import { confirmHandover } from "~/models/handovers.server";
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
  const handoverId = Number(form?.get("handoverId"));
  if (!Number.isSafeInteger(handoverId) || handoverId <= 0)
    return refuse(context, "handover", 400, tr(context, "errors:invalidInput"));
  try {
    await confirmHandover(user.id, handoverId);
  } catch (error) {
    return courierRefusal(context, "handover", error);
  }
  return redirectWithToast(context, "/dashboard", "dashboard:handover.confirmed");
}
