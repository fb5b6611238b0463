/** The courier asks to renew the lease of the vehicle they hold (window and rules: app/domain/lease-renewal.ts). */
import type { Route } from "./+types/lease-renewal";
import { guardNetwork } from "~/client/network";
import { createRenewalRequest } from "~/models/vehicle-requests.server";
import { requireUser } from "~/services/session.server";
import { redirectWithToast } from "../toast.server";

export { default, ErrorBoundary, loader, meta } from "../dashboard";
import { dashboardOrAsShown } from "../dashboard";
import { courierRefusal } from "../model-errors.server";

export const clientLoader = dashboardOrAsShown;

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardNetwork(serverAction);

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  try {
    await createRenewalRequest(user.id);
  } catch (error) {
    return courierRefusal(context, "renew", error);
  }
  return redirectWithToast(context, "/dashboard", "dashboard:vehicle.sent.renewal");
}
