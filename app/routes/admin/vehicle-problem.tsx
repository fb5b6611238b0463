/** A problem the admin notes on a vehicle, once per rendered form; a refusal renders the vehicle page. */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/vehicle-problem";
import { vehicleProblemSchema } from "~/domain/admin-schemas";
import { readFormData } from "~/infra/http.server";
import { addVehicleProblem } from "~/models/vehicles.server";
import { formKeyOf, once } from "~/services/idempotency.server";
import { requireAdmin } from "~/services/session.server";
import { idParam, redirectWithToast } from "./admin-action.server";
import { adminRefusal } from "../model-errors.server";

export { default, loader } from "./vehicle-form";

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const id = idParam(params.id);
  const form = await readFormData(context, request);
  const submission = parseWithZod(form, { schema: vehicleProblemSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), formError: null }, { status: 400 });
  return await once(admin.id, formKeyOf(form), `/admin/vehicles/${id}`, async () => {
    try {
      await addVehicleProblem(admin.id, id, submission.value.description);
    } catch (error) {
      return adminRefusal(context, error);
    }
    return redirectWithToast(context, `/admin/vehicles/${id}`, "admin:vehicles.problemAdded");
  });
}
