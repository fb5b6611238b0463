/** Deletes a vehicle that nobody holds; a refusal renders the vehicle page with the reason. */
import { data } from "react-router";
import type { Route } from "./+types/vehicle-delete";
import { deleteVehicle } from "~/models/vehicles.server";
import { requireAdmin } from "~/services/session.server";
import { idParam, notFound, redirectWithToast, refuse } from "./admin-action.server";
import { isModelError, refusalOf } from "../model-errors.server";

export { default, loader } from "./vehicle-form";

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const id = idParam(params.id);
  try {
    await deleteVehicle(admin.id, id);
  } catch (error) {
    // Whatever else stopped the delete, the page says so: nothing was deleted.
    if (!isModelError(error, "admin")) return refuse(context, "admin:vehicles.deleteFailed", 409);
    const refusal = refusalOf(context, error, "admin", { inUse: "admin:vehicles.errors.deleteInUse" });
    if (refusal.missing) throw notFound();
    return data({ formError: refusal.message }, { status: refusal.status });
  }
  return redirectWithToast(context, "/admin/vehicles", "admin:vehicles.deleted");
}
