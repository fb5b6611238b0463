import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/settings-company";
import { useLazyValidation } from "~/components/admin/lazy-validation";
import { FormError, PageHeader } from "~/components/admin/ui";
import { FieldError } from "~/components/form-messages";
import { formatIban } from "~/domain/bank-details";
import { formatIco, type CompanyField } from "~/domain/company-profile";
import { companyProfileSchema } from "~/domain/company-profile-form";
import { readFormData } from "~/infra/http.server";
import { getCompanyProfileForEdit, saveCompanyProfile } from "~/models/company-profile.server";
import { requireAdmin } from "~/services/session.server";
import { redirectWithToast } from "./admin-action.server";
import { refusalOf } from "../model-errors.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return await getCompanyProfileForEdit();
}

/**
 * Saves the whole profile against the version the form was rendered with. A refused post (bad input,
 * or another admin's save meanwhile) answers with the typed values, so nothing typed is lost; after a
 * conflict the form carries the newer version, and saving again keeps what this admin typed.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const formData = await readFormData(context, request);
  const submission = parseWithZod(formData, { schema: companyProfileSchema });
  const postedVersion = Number(formData.get("version")) || 0;
  if (submission.status !== "success")
    return data({ result: submission.reply(), formError: null, version: postedVersion }, { status: 400 });
  const { version, ...profile } = submission.value;
  try {
    await saveCompanyProfile(admin.id, version, profile);
  } catch (error) {
    const refusal = refusalOf(context, error, "admin");
    const current = await getCompanyProfileForEdit();
    return data(
      {
        result: submission.reply(),
        formError: refusal.message,
        version: current.version,
      },
      { status: refusal.status },
    );
  }
  return redirectWithToast(context, "/admin/settings/company", "admin:company.saved");
}

const SECTIONS: { legend: string; hint?: string; fields: { name: CompanyField; type?: string; hint?: boolean }[] }[] = [
  {
    legend: "identity",
    fields: [
      { name: "legalName", hint: true },
      { name: "address", hint: true },
      { name: "ico", hint: true },
      { name: "vatId", hint: true },
      { name: "registerEntry", hint: true },
    ],
  },
  {
    legend: "contact",
    fields: [
      { name: "email", type: "email" },
      { name: "phone", type: "tel", hint: true },
    ],
  },
  {
    legend: "payout",
    hint: "payoutHint",
    fields: [{ name: "payoutName", hint: true }, { name: "payoutIban" }, { name: "payoutBic" }],
  },
];

const MAX_LENGTH: Record<CompanyField, number> = {
  legalName: 140,
  address: 200,
  ico: 20,
  vatId: 20,
  registerEntry: 200,
  email: 254,
  phone: 30,
  payoutName: 70,
  payoutIban: 42,
  payoutBic: 11,
};
const OPTIONAL = new Set<CompanyField>(["vatId", "payoutBic"]);

/** The operator's company profile: one no-JS form in three groups (company, contact, payout account). */
export default function AdminCompanyProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const { profile } = loaderData;
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    ...useLazyValidation((v, formData) => v.parseWithZod(formData, { schema: v.companyProfileSchema }), {
      shouldValidate: "onBlur",
      shouldRevalidate: "onInput",
    }),
    defaultValue: {
      ...profile,
      ico: profile.ico ? formatIco(profile.ico) : undefined,
      payoutIban: profile.payoutIban ? formatIban(profile.payoutIban) : undefined,
    },
  });
  return (
    <section className="admin-detail">
      <PageHeader title={t("company.title")} />
      <p className="field-hint admin-form">{t("company.intro")}</p>
      <FormError message={actionData?.formError} />
      <Form method="post" {...getFormProps(form)} className="card form-stack admin-form" data-testid="company-form">
        <input type="hidden" name="version" value={actionData?.version ?? loaderData.version} />
        {SECTIONS.map((section) => (
          <fieldset key={section.legend} className="admin-lang-fields">
            <legend>{t(`company.${section.legend}`)}</legend>
            {section.hint ? <p className="field-hint">{t(`company.${section.hint}`)}</p> : null}
            {section.fields.map(({ name, type, hint }) => (
              <CompanyInput
                key={name}
                field={fields[name]}
                label={t(`company.${name}`)}
                hint={hint ? t(`company.${name}Hint`) : null}
                type={type ?? "text"}
                required={!OPTIONAL.has(name)}
                maxLength={MAX_LENGTH[name]}
              />
            ))}
          </fieldset>
        ))}
        <div>
          <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
            {t("company.save")}
          </button>
        </div>
      </Form>
    </section>
  );
}

function CompanyInput({
  field,
  label,
  hint,
  type,
  required,
  maxLength,
}: {
  field: FieldMetadata<string | undefined>;
  label: string;
  hint: string | null;
  type: string;
  required: boolean;
  maxLength: number;
}) {
  return (
    <label className="field">
      {label}
      <input
        {...getInputProps(field, { type: type as "text" })}
        required={required}
        maxLength={maxLength}
        autoComplete="off"
      />
      {hint ? <span className="field-hint">{hint}</span> : null}
      <FieldError ns="admin" errors={field.errors} id={field.errorId} />
    </label>
  );
}
