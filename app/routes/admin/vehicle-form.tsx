import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { FileInput } from "~/components/file-input";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/vehicle-form";
import { FormKey } from "~/components/form-key";
import { newFormKey } from "~/services/idempotency.server";
import { vehicleSchema } from "~/domain/admin-schemas";
import { VehicleService } from "~/components/admin/vehicle-service";
import { now } from "~/infra/clock.server";
import { listServiceRecords, vehicleNextService } from "~/models/maintenance.server";
import { LanguageFields } from "~/components/admin/language-fields";
import { VehicleImages, VehicleProblems } from "~/components/admin/vehicle-sections";
import { FieldError } from "~/components/form-messages";
import { HandoverHistory } from "~/components/admin/handover-history";
import { ConfirmDialog, dateInputValue, FormError, PageHeader } from "~/components/admin/ui";
import { useLazyValidation } from "~/components/admin/lazy-validation";
import { MAX_VEHICLE_IMAGES } from "~/domain/rules";
import { VEHICLE_STATUSES } from "~/domain/status";
import { LICENCE_CATEGORIES } from "~/domain/content";
import { requireAdmin } from "~/services/session.server";
import { listVehicleHandovers } from "~/models/handovers.server";
import { assignableUsers, getVehicle, saveVehicleWithImages } from "~/models/vehicles.server";
import { idParam, notFound, redirectWithToast } from "./admin-action.server";
import { uploadFormAction } from "./upload-action.server";
import { Intent } from "~/components/intent";
import { adminRefusal } from "../model-errors.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const id = params.id ? idParam(params.id) : null;
  const detail = id === null ? null : await getVehicle(id);
  if (id !== null && !detail) throw notFound();
  const service = detail
    ? {
        records: await listServiceRecords(detail.vehicle.id),
        due: (await vehicleNextService(detail.vehicle.id, detail.vehicle.odometerKm)).due,
      }
    : null;
  return {
    detail,
    service,
    today: now().toISOString().slice(0, 10),
    users: await assignableUsers(id),
    handovers: id === null ? [] : await listVehicleHandovers(id),
    formKey: newFormKey(),
  };
}

/**
 * Creates or saves the vehicle with its new images: the one form here that carries files. The
 * page's other forms post to their own routes (vehicle-service, vehicle-problem,
 * vehicle-image-removal, vehicle-delete), which parse no multipart.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const id = params.id ? idParam(params.id) : null;
  try {
    // Creating a vehicle happens once per rendered form.
    return await uploadFormAction(context, request, {
      adminId: admin.id,
      id,
      files: { field: "images", accept: "image", max: MAX_VEHICLE_IMAGES },
      tooManyFiles: "admin:vehicles.errors.tooManyImages",
      schema: vehicleSchema,
      back: "/admin/vehicles",
      save: async (value, files) => {
        const input = {
          name: value.name,
          characteristics: {
            sk: value.characteristicsSk,
            ua: value.characteristicsUa,
            en: value.characteristicsEn,
          },
          serialNumber: value.serialNumber,
          licenceCategory: value.licenceCategory,
          comment: value.comment,
          status: value.status,
          availableSince: value.availableSince ?? null,
          assignedUserId: value.assignedUserId ?? null,
          seenAssignedUserId: value.seenAssignedUserId === undefined ? undefined : value.seenAssignedUserId || null,
        };
        const savedId = await saveVehicleWithImages(admin.id, id, input, files);
        return redirectWithToast(context, `/admin/vehicles/${savedId}`, "admin:saved");
      },
    });
  } catch (error) {
    return adminRefusal(context, error);
  }
}

export default function AdminVehicleForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const { detail, service, today, users, handovers, formKey } = loaderData;
  const vehicle = detail?.vehicle;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const [form, fields] = useForm({
    lastResult: result?.initialValue?.intent === "save" ? result : undefined,
    ...useLazyValidation((v, formData) => v.parseWithZod(formData, { schema: v.vehicleSchema }), {
      shouldValidate: "onBlur",
      shouldRevalidate: "onInput",
    }),
    defaultValue: vehicle
      ? {
          name: vehicle.name,
          characteristicsSk: vehicle.characteristicsSk,
          characteristicsUa: vehicle.characteristicsUa ?? "",
          characteristicsEn: vehicle.characteristicsEn ?? "",
          serialNumber: vehicle.serialNumber,
          licenceCategory: vehicle.licenceCategory,
          comment: vehicle.comment ?? "",
          status: vehicle.status,
          availableSince: dateInputValue(vehicle.availableSince),
          assignedUserId: vehicle.assignedUserId ? String(vehicle.assignedUserId) : "",
        }
      : { status: "available", licenceCategory: "none" },
  });
  const imageCount = detail?.images.length ?? 0;
  return (
    <section className="admin-detail">
      <PageHeader
        title={vehicle ? vehicle.name : t("vehicles.new")}
        crumbs={[{ to: "/admin/vehicles", label: t("nav.vehicles") }]}
      />
      <FormError message={actionData?.formError} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="card form-stack admin-form">
        <Intent value="save" />
        {vehicle ? null : <FormKey value={formKey} />}
        <input type="hidden" name="seenAssignedUserId" value={vehicle?.assignedUserId ?? ""} />
        <label className="field">
          {t("vehicles.name")}
          <input {...getInputProps(fields.name, { type: "text" })} required maxLength={120} />
          <FieldError ns="admin" errors={fields.name.errors} id={fields.name.errorId} />
        </label>
        <LanguageFields
          legend={t("vehicles.characteristics")}
          hint={t("content.hint")}
          fields={{ sk: fields.characteristicsSk, ua: fields.characteristicsUa, en: fields.characteristicsEn }}
          multiline
          maxLength={2000}
        />
        <label className="field">
          {t("vehicles.serialNumber")}
          <input {...getInputProps(fields.serialNumber, { type: "text" })} required maxLength={80} />
          <FieldError ns="admin" errors={fields.serialNumber.errors} id={fields.serialNumber.errorId} />
        </label>
        <label className="field">
          {t("vehicles.licenceCategory")}
          <select {...getSelectProps(fields.licenceCategory)}>
            {LICENCE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`common:vehicleLicence.${c}`)}
              </option>
            ))}
          </select>
          <span className="field-hint">{t("vehicles.licenceCategoryHint")}</span>
        </label>
        <label className="field">
          {t("vehicles.comment")}
          <textarea {...getTextareaProps(fields.comment)} maxLength={2000} />
        </label>
        <label className="field">
          {t("vehicles.assignedUser")}
          <select {...getSelectProps(fields.assignedUserId)}>
            <option value="">{t("vehicles.unassigned")}</option>
            {users.map((u) => (
              <option key={u.id} value={u.id}>
                {u.fullName ? `${u.fullName} (${u.email})` : u.email}
              </option>
            ))}
          </select>
          <span className="field-hint">{t("vehicles.assignHint")}</span>
          <FieldError ns="admin" errors={fields.assignedUserId.errors} id={fields.assignedUserId.errorId} />
        </label>
        <label className="field">
          {t("vehicles.status")}
          <select {...getSelectProps(fields.status)}>
            {VEHICLE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`common:vehicleStatus.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          {t("vehicles.availableSince")}
          <input {...getInputProps(fields.availableSince, { type: "date" })} />
          <span className="field-hint">{t("vehicles.availableSinceHint")}</span>
          <FieldError ns="admin" errors={fields.availableSince.errors} id={fields.availableSince.errorId} />
        </label>
        <label className="field">
          {t("vehicles.addImages", { count: Math.max(0, MAX_VEHICLE_IMAGES - imageCount) })}
          <FileInput name="images" accept="image/jpeg,image/png,image/webp" multiple />
          <span className="field-hint">{t("vehicles.imagesHint", { max: MAX_VEHICLE_IMAGES, count: imageCount })}</span>
        </label>
        <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
          {t("common:save")}
        </button>
      </Form>
      {detail ? (
        <>
          {service ? (
            <VehicleService
              key={`service-${formKey}`}
              formKey={formKey}
              vehicle={detail.vehicle}
              assignee={detail.assignee}
              records={service.records}
              due={service.due}
              today={today}
              result={result?.initialValue?.intent === "serviceRecord" ? result : undefined}
            />
          ) : null}
          <HandoverHistory vehicleId={detail.vehicle.id} handovers={handovers} />
          <VehicleImages vehicleId={detail.vehicle.id} images={detail.images} />
          <VehicleProblems
            key={`problems-${formKey}`}
            vehicleId={detail.vehicle.id}
            formKey={formKey}
            problems={detail.problems}
            result={result?.initialValue?.intent === "problem" ? result : undefined}
          />
          <div className="card">
            <h2>{t("vehicles.dangerZone")}</h2>
            <Link className="btn btn-danger" to="?confirm=delete" preventScrollReset>
              {t("vehicles.delete")}
            </Link>
          </div>
        </>
      ) : null}
      {detail && params.get("confirm") === "delete" ? (
        <ConfirmDialog
          title={t("vehicles.deleteTitle")}
          text={t("vehicles.deleteText", { name: detail.vehicle.name })}
          intent="delete"
          confirmLabel={t("delete")}
          action={`/admin/vehicles/${detail.vehicle.id}/delete`}
        />
      ) : null}
    </section>
  );
}
