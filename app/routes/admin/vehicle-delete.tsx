/** Deletes a vehicle that nobody holds; a refusal renders the vehicle page with the reason. */
import type { Route } from "./+types/vehicle-delete";
import { deleteVehicle, VehicleError } from "~/models/vehicles.server";
import { requireAdmin } from "~/services/session.server";
import { idParam, notFound, redirectWithToast, refuse } from "./admin-action.server";

export { default, loader } from "./vehicle-form";

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const id = idParam(params.id);
  try {
    await deleteVehicle(admin.id, id);
  } catch (error) {
    if (error instanceof VehicleError && error.key === "notFound") throw notFound();
    return refuse(
      context,
      error instanceof VehicleError && error.key === "inUse"
        ? "admin:vehicles.errors.deleteInUse"
        : "admin:vehicles.deleteFailed",
      409,
    );
  }
  return redirectWithToast(context, "/admin/vehicles", "admin:vehicles.deleted");
}
