/** The courier asks for a vehicle (or a change of vehicle) from the vehicle modal; once per rendered form. */
import type { Route } from "./+types/vehicle-request";
import { guardNetwork } from "~/client/network";
import type { RentAgreementInput } from "~/domain/rent-agreement";
import { createVehicleRequest } from "~/models/vehicle-requests.server";
import { formKeyOf, once } from "~/services/idempotency.server";
import { requireUser } from "~/services/session.server";
import { refuse, tr } from "./respond.server";
import { redirectWithToast } from "../toast.server";

export { default, ErrorBoundary, loader, meta } from "../dashboard";
import { dashboardOrAsShown } from "../dashboard";
import { courierRefusal } from "../model-errors.server";

export const clientLoader = dashboardOrAsShown;

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardNetwork(serverAction);

/** The ticked rent agreement: the wording's version and the rent per day the dialog showed (else none). */
function rentAgreementOf(form: FormData): RentAgreementInput | null {
  const version = form.get("rentAgreement");
  const rentPerDayCents = Number(form.get("rentPerDayCents"));
  if (typeof version !== "string" || !version || !Number.isSafeInteger(rentPerDayCents) || rentPerDayCents < 0)
    return null;
  return { version, rentPerDayCents };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData().catch(() => null);
  const vehicleId = Number(form?.get("vehicleId"));
  if (!Number.isSafeInteger(vehicleId) || vehicleId <= 0)
    return refuse(context, "vehicle", 400, tr(context, "dashboard:vehicle.chooseVehicle"));
  return await once(user.id, formKeyOf(form as FormData), "/dashboard", async () => {
    try {
      const created = await createVehicleRequest(user.id, vehicleId, rentAgreementOf(form as FormData));
      return redirectWithToast(context, "/dashboard", `dashboard:vehicle.sent.${created.kind}`);
    } catch (error) {
      return courierRefusal(context, "vehicle", error);
    }
  });
}
