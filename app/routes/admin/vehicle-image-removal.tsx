/** Removes one of a vehicle's images (the image's id in the form). */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/vehicle-image-removal";
import { idIntentSchema } from "~/domain/admin-schemas";
import { readFormData } from "~/infra/http.server";
import { removeVehicleImage } from "~/models/vehicles.server";
import { requireAdmin } from "~/services/session.server";
import { idParam, notFound, redirectWithToast } from "./admin-action.server";

export { default, loader } from "./vehicle-form";

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const id = idParam(params.id);
  const submission = parseWithZod(await readFormData(context, request), { schema: idIntentSchema("removeImage") });
  if (submission.status !== "success") return data({ result: submission.reply(), formError: null }, { status: 400 });
  if (!(await removeVehicleImage(admin.id, id, submission.value.id))) throw notFound();
  return redirectWithToast(context, `/admin/vehicles/${id}`, "admin:vehicles.imageRemoved");
}
