import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation, type RouterContextProvider } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/vehicle-handover";
import { FieldError } from "~/components/form-messages";
import { FormError, PageHeader, useFormatDate } from "~/components/admin/ui";
import { useLazyValidation } from "~/components/admin/lazy-validation";
import { FileInput } from "~/components/file-input";
import { damagesFromInput, handoverSchema, isHandoverKind, type HandoverInput } from "~/domain/handover";
// From their own module: the handover module holds the schema, which the browser loads only when needed.
import { DAMAGE_LEVELS, DAMAGE_PARTS } from "~/domain/damage-parts";
import { LICENCE_SEEN_CATEGORIES } from "~/domain/licence-seen";
import { MAX_HANDOVER_PHOTOS } from "~/domain/rules";
import { requireAdmin } from "~/services/session.server";
import { receiveUploadForm, UploadError } from "~/infra/uploads.server";
import { getPendingHandover, recordHandover } from "~/models/handovers.server";
import { getVehicle } from "~/models/vehicles.server";
import { idParam, notFound, redirectWithToast, refuse } from "./admin-action.server";
import { getInstance } from "~/infra/i18n.server";
import { formKeyOf, newFormKey, once } from "~/services/idempotency.server";
import { adminRefusal } from "../model-errors.server";

/** `/admin/vehicles/:id/handover?kind=check_out|check_in`: the oldest handover of that kind waiting for this vehicle. */
async function pendingFor(params: { id?: string }, request: Request) {
  const id = idParam(params.id);
  const kind = new URL(request.url).searchParams.get("kind");
  if (!isHandoverKind(kind)) throw notFound();
  const detail = await getVehicle(id);
  if (!detail) throw notFound();
  return { vehicle: detail.vehicle, kind, pending: await getPendingHandover(id, kind) };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { vehicle, kind, pending } = await pendingFor(params, request);
  return {
    vehicle: {
      id: vehicle.id,
      name: vehicle.name,
      serialNumber: vehicle.serialNumber,
      odometerKm: vehicle.odometerKm,
      licenceCategory: vehicle.licenceCategory,
    },
    kind,
    pending: pending && {
      id: pending.handover.id,
      courier: pending.userName ?? pending.userEmail,
      createdAt: pending.handover.createdAt,
      checkOut: pending.checkOut,
    },
    formKey: newFormKey(),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  // The key rides in the URL (the body is a multipart upload): a repeat is recognised before the
  // handover, no longer pending, would refuse it, and goes where the first post went.
  const key = formKeyOf(new URL(request.url).searchParams);
  return await once(admin.id, key, `/admin/vehicles/${idParam(params.id)}#handovers`, async () => {
    const { vehicle, pending } = await pendingFor(params, request);
    if (!pending) return refuse(context, "admin:handovers.errors.notFound", 404);
    try {
      return await receiveUploadForm(
        request,
        { fields: { photos: "image" }, maxFiles: MAX_HANDOVER_PHOTOS },
        async (parsed) => {
          const submission = parseWithZod(parsed.fields, { schema: handoverSchema });
          if (submission.status !== "success")
            return data({ result: submission.reply(), formError: null }, { status: 400 });
          const value = submission.value;
          const outcome = await recordHandover(
            admin.id,
            pending.handover.id,
            {
              batteryPercent: value.batteryPercent,
              odometerKm: value.odometerKm,
              damages: damagesFromInput(value),
              note: value.note,
              licence:
                value.licenceCategory && value.licenceLast4
                  ? { category: value.licenceCategory, last4: value.licenceLast4 }
                  : null,
            },
            parsed.files,
          );
          if (outcome.newDamages.length === 0)
            return redirectWithToast(context, `/admin/vehicles/${vehicle.id}#handovers`, "admin:handovers.saved");
          // New damage is news the admin must not miss: the toast names the parts.
          const t = getInstance(context).t;
          const parts = outcome.newDamages.map((d) => t(`common:handover.part.${d.part}`)).join(", ");
          setToast(context as RouterContextProvider, {
            type: "error",
            message: t("admin:handovers.savedNewDamage", { parts }),
          });
          return redirect(`/admin/vehicles/${vehicle.id}#handovers`);
        },
      );
    } catch (error) {
      if (error instanceof UploadError)
        return refuse(
          context,
          error.code === "tooManyFiles" ? "admin:handovers.errors.tooManyPhotos" : `admin:uploads.${error.code}`,
          error.status,
        );
      return adminRefusal(context, error);
    }
  });
}

export default function AdminVehicleHandover({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const navigation = useNavigation();
  const { vehicle, kind, pending } = loaderData;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const [form, fields] = useForm<HandoverInput>({
    lastResult: result,
    ...useLazyValidation((v, formData) => v.parseWithZod(formData, { schema: v.handoverSchema }), {
      shouldValidate: "onBlur",
      shouldRevalidate: "onInput",
    }),
    // The last known reading saves typing; the admin overwrites it with what the vehicle shows.
    defaultValue: { odometerKm: vehicle.odometerKm ?? pending?.checkOut?.odometerKm ?? undefined },
  });
  const title = t(`handovers.screenTitle.${kind}`, { vehicle: vehicle.name });
  const crumbs: { to: `/${string}`; label: string }[] = [
    { to: "/admin/vehicles", label: t("nav.vehicles") },
    { to: `/admin/vehicles/${vehicle.id}`, label: vehicle.name },
  ];
  if (!pending) {
    return (
      <section className="admin-detail">
        <PageHeader title={title} crumbs={crumbs} />
        <p className="card">{t("handovers.errors.notFound")}</p>
      </section>
    );
  }
  return (
    <section className="admin-detail">
      <PageHeader title={title} crumbs={crumbs} />
      <FormError message={actionData?.formError} />
      <p>
        {t("handovers.courier", { name: pending.courier })} ·{" "}
        <span className="field-hint">{t("handovers.opened", { date: formatDate(pending.createdAt, true) })}</span>
      </p>
      {pending.checkOut ? (
        <p className="alert alert-info">
          {t("handovers.atCheckOut", {
            battery: pending.checkOut.batteryPercent ?? "—",
            km: pending.checkOut.odometerKm ?? "—",
          })}
        </p>
      ) : null}
      <Form
        method="post"
        action={`/admin/vehicles/${vehicle.id}/handover?kind=${kind}&formKey=${loaderData.formKey}`}
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="card form-stack admin-form"
      >
        <label className="field">
          {t("handovers.battery")}
          <input
            {...getInputProps(fields.batteryPercent, { type: "number" })}
            required
            min={0}
            max={100}
            step={1}
            inputMode="numeric"
          />
          <FieldError ns="admin" errors={fields.batteryPercent.errors} id={fields.batteryPercent.errorId} />
        </label>
        <label className="field">
          {t("handovers.odometer")}
          <input
            {...getInputProps(fields.odometerKm, { type: "number" })}
            required
            min={0}
            step={1}
            inputMode="numeric"
          />
          <FieldError ns="admin" errors={fields.odometerKm.errors} id={fields.odometerKm.errorId} />
        </label>
        <fieldset className="field handover-checklist">
          <legend>{t("handovers.damages")}</legend>
          <span className="field-hint">{t("handovers.damagesHint")}</span>
          {DAMAGE_PARTS.map((part) => {
            const field = fields[`damage_${part}`];
            return (
              <label key={part} className="handover-part">
                <span>{t(`common:handover.part.${part}`)}</span>
                <select {...getSelectProps(field)}>
                  {DAMAGE_LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {t(`common:handover.level.${level}`)}
                    </option>
                  ))}
                </select>
              </label>
            );
          })}
        </fieldset>
        {kind === "check_out" && vehicle.licenceCategory === "AM" ? (
          <fieldset className="field" data-testid="handover-licence">
            <legend>{t("handovers.licence.legend")}</legend>
            <span className="field-hint">{t("handovers.licence.hint")}</span>
            <label className="field">
              {t("handovers.licence.category")}
              <select {...getSelectProps(fields.licenceCategory)} required>
                <option value="">{t("handovers.licence.choose")}</option>
                {LICENCE_SEEN_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
              <FieldError ns="admin" errors={fields.licenceCategory.errors} id={fields.licenceCategory.errorId} />
            </label>
            <label className="field">
              {t("handovers.licence.last4")}
              <input
                {...getInputProps(fields.licenceLast4, { type: "text" })}
                required
                minLength={4}
                maxLength={4}
                pattern="[A-Za-z0-9]{4}"
                autoComplete="off"
              />
              <FieldError ns="admin" errors={fields.licenceLast4.errors} id={fields.licenceLast4.errorId} />
            </label>
          </fieldset>
        ) : null}
        <label className="field">
          {t("handovers.photos", { max: MAX_HANDOVER_PHOTOS })}
          <FileInput name="photos" accept="image/jpeg,image/png,image/webp" multiple />
          <span className="field-hint">{t("handovers.photosHint")}</span>
        </label>
        <label className="field">
          {t("handovers.note")}
          <textarea {...getTextareaProps(fields.note)} maxLength={1000} />
          <FieldError ns="admin" errors={fields.note.errors} id={fields.note.errorId} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
          {t("handovers.save")}
        </button>
      </Form>
    </section>
  );
}
