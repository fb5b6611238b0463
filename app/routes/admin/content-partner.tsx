import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/content-partner";
import { FileInput } from "~/components/file-input";
import { FormKey } from "~/components/form-key";
import { FieldError } from "~/components/form-messages";
import { FormError, PageHeader } from "~/components/admin/ui";
import { useLazyValidation } from "~/components/admin/lazy-validation";
import { Intent } from "~/components/intent";
import { partnerSchema } from "~/domain/content-schemas";
import { getPartner, savePartner } from "~/models/content.server";
import { newFormKey } from "~/services/idempotency.server";
import { requireAdmin } from "~/services/session.server";
import { idParam, notFound } from "./admin-action.server";
import { contentUploadAction } from "./upload-action.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const id = params.id ? idParam(params.id) : null;
  const partner = id === null ? null : await getPartner(id);
  if (id !== null && !partner) throw notFound();
  return { partner, formKey: newFormKey() };
}

/** Adds or edits a partner: name, link, logo (re-encoded on upload). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const id = params.id ? idParam(params.id) : null;
  return contentUploadAction(context, request, {
    adminId: admin.id,
    id,
    field: "logo",
    schema: partnerSchema,
    back: "/admin/content#partners",
    save: (value, files) => savePartner(admin.id, id, { name: value.name, url: value.url }, files),
  });
}

export default function AdminContentPartner({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const { partner } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    ...useLazyValidation((v, formData) => v.parseWithZod(formData, { schema: v.partnerSchema }), {
      shouldValidate: "onBlur",
      shouldRevalidate: "onInput",
    }),
    defaultValue: partner ? { name: partner.name, url: partner.url ?? "" } : {},
  });
  const logo = partner?.logoUploadId ? `/media/${partner.logoUploadId}` : (partner?.logo ?? null);
  return (
    <section className="admin-detail">
      <PageHeader
        title={partner ? partner.name : t("siteContent.partners.new")}
        crumbs={[{ to: "/admin/content", label: t("nav.content") }]}
      />
      <FormError message={actionData && "formError" in actionData ? actionData.formError : null} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="card form-stack admin-form">
        <Intent value="save" />
        {partner ? null : <FormKey value={loaderData.formKey} />}
        <label className="field">
          {t("siteContent.partners.name")}
          <input {...getInputProps(fields.name, { type: "text" })} maxLength={80} />
          <FieldError ns="admin" id={fields.name.errorId} errors={fields.name.errors} />
        </label>
        <label className="field">
          {t("siteContent.partners.url")}
          <input {...getInputProps(fields.url, { type: "url" })} maxLength={500} />
          <span className="field-hint">{t("siteContent.partners.urlHint")}</span>
          <FieldError ns="admin" id={fields.url.errorId} errors={fields.url.errors} />
        </label>
        {logo ? <img src={logo} alt={partner?.name ?? ""} width={140} height={40} className="content-logo" /> : null}
        <label className="field">
          {t(logo ? "siteContent.partners.replaceLogo" : "siteContent.partners.logo")}
          <FileInput name="logo" accept="image/jpeg,image/png,image/webp" />
          <span className="field-hint">{t("siteContent.imageHint")}</span>
        </label>
        <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
          {t("common:save")}
        </button>
      </Form>
    </section>
  );
}
