/**
 * A vehicle's service log: a service record (once per rendered form), the odometer, and putting
 * the vehicle into service and back. Plain form posts, no files; a refusal renders the vehicle page.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/vehicle-service";
import { odometerSchema, serviceRecordSchema } from "~/domain/admin-schemas";
import { readFormData } from "~/infra/http.server";
import { addServiceRecord, completeService, putVehicleInService, recordOdometer } from "~/models/maintenance.server";
import { formKeyOf, once } from "~/services/idempotency.server";
import { requireAdmin } from "~/services/session.server";
import { idParam, redirectWithToast } from "./admin-action.server";
import { adminRefusal } from "../model-errors.server";

export { default, loader } from "./vehicle-form";

const serviceSchema = z.discriminatedUnion("intent", [
  serviceRecordSchema,
  odometerSchema,
  z.object({ intent: z.literal("serviceStart") }),
  z.object({ intent: z.literal("serviceComplete") }),
]);

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const id = idParam(params.id);
  const form = await readFormData(context, request);
  const submission = parseWithZod(form, { schema: serviceSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), formError: null }, { status: 400 });
  const value = submission.value;
  return await once(
    admin.id,
    value.intent === "serviceRecord" ? formKeyOf(form) : null,
    `/admin/vehicles/${id}`,
    async () => {
      try {
        if (value.intent === "serviceRecord") {
          await addServiceRecord(admin.id, id, {
            serviceDate: value.serviceDate,
            description: value.description,
            costCents: value.cost,
            nextDueAt: value.nextDueAt ?? null,
            nextDueKm: value.nextDueKm ?? null,
          });
        } else if (value.intent === "odometer") await recordOdometer(admin.id, id, value.odometerKm);
        else if (value.intent === "serviceStart") await putVehicleInService(admin.id, id);
        else await completeService(admin.id, id);
      } catch (error) {
        return adminRefusal(context, error);
      }
      const toasts = {
        serviceRecord: "recordAdded",
        odometer: "odometerSaved",
        serviceStart: "started",
        serviceComplete: "completed",
      } as const;
      return redirectWithToast(
        context,
        `/admin/vehicles/${id}#service`,
        `admin:vehicles.service.${toasts[value.intent]}`,
      );
    },
  );
}
