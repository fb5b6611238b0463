import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/content-fleet";
import { FileInput } from "~/components/file-input";
import { FormKey } from "~/components/form-key";
import { FieldError } from "~/components/form-messages";
import { LanguageFields } from "~/components/admin/language-fields";
import { FormError, PageHeader } from "~/components/admin/ui";
import { useLazyValidation } from "~/components/admin/lazy-validation";
import { Intent } from "~/components/intent";
import { LICENCE_CATEGORIES } from "~/domain/content";
import { fleetModelSchema } from "~/domain/content-schemas";
import { getFleetModel, saveFleetModel } from "~/models/content.server";
import { newFormKey } from "~/services/idempotency.server";
import { requireAdmin } from "~/services/session.server";
import { idParam, notFound } from "./admin-action.server";
import { contentUploadAction } from "./upload-action.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const id = params.id ? idParam(params.id) : null;
  const model = id === null ? null : await getFleetModel(id);
  if (id !== null && !model) throw notFound();
  return { model, formKey: newFormKey() };
}

/** Adds or edits a fleet banner model: name, specification per language, licence, picture (re-encoded on upload). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const id = params.id ? idParam(params.id) : null;
  return contentUploadAction(context, request, {
    adminId: admin.id,
    id,
    field: "image",
    schema: fleetModelSchema,
    back: "/admin/content#fleet",
    save: (value, files) => {
      const { name, specSk, specUa, specEn, licenceCategory } = value;
      const input = { name, spec: { sk: specSk, ua: specUa, en: specEn }, licenceCategory };
      return saveFleetModel(admin.id, id, input, files);
    },
  });
}

export default function AdminContentFleet({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const { model } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    ...useLazyValidation((v, formData) => v.parseWithZod(formData, { schema: v.fleetModelSchema }), {
      shouldValidate: "onBlur",
      shouldRevalidate: "onInput",
    }),
    defaultValue: model
      ? {
          name: model.name,
          specSk: model.specSk,
          specUa: model.specUa ?? "",
          specEn: model.specEn ?? "",
          licenceCategory: model.licenceCategory,
        }
      : { licenceCategory: "none" },
  });
  const picture = model?.imageUploadId
    ? `/media/${model.imageUploadId}`
    : model?.image
      ? `/images/fleet/${model.image}-320.webp`
      : null;
  return (
    <section className="admin-detail">
      <PageHeader
        title={model ? model.name : t("siteContent.fleet.new")}
        crumbs={[{ to: "/admin/content", label: t("nav.content") }]}
      />
      <FormError message={actionData && "formError" in actionData ? actionData.formError : null} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="card form-stack admin-form">
        <Intent value="save" />
        {model ? null : <FormKey value={loaderData.formKey} />}
        <label className="field">
          {t("siteContent.fleet.name")}
          <input {...getInputProps(fields.name, { type: "text" })} maxLength={80} />
          <FieldError ns="admin" id={fields.name.errorId} errors={fields.name.errors} />
        </label>
        <LanguageFields
          legend={t("siteContent.fleet.spec")}
          hint={t("content.hint")}
          fields={{ sk: fields.specSk, ua: fields.specUa, en: fields.specEn }}
          maxLength={300}
        />
        <fieldset className="field">
          <legend>{t("siteContent.fleet.licence")}</legend>
          <span className="field-hint">{t("siteContent.fleet.licenceHint")}</span>
          <div className="admin-choices">
            {LICENCE_CATEGORIES.map((category) => (
              <label key={category}>
                <input
                  type="radio"
                  name={fields.licenceCategory.name}
                  value={category}
                  defaultChecked={(fields.licenceCategory.initialValue ?? "none") === category}
                />
                {t(category === "AM" ? "siteContent.fleet.licenceAM" : "siteContent.fleet.licenceNone")}
              </label>
            ))}
          </div>
        </fieldset>
        {picture ? (
          <img
            src={picture}
            alt={t("siteContent.fleet.currentImage")}
            width={192}
            height={144}
            className="content-picture"
          />
        ) : null}
        <label className="field">
          {t(picture ? "siteContent.fleet.replaceImage" : "siteContent.fleet.image")}
          <FileInput name="image" accept="image/jpeg,image/png,image/webp" />
          <span className="field-hint">{t("siteContent.imageHint")}</span>
        </label>
        <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
          {t("common:save")}
        </button>
      </Form>
    </section>
  );
}
