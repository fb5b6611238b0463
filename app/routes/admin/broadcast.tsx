/**
 * A message to a group of couriers through each one's channels (docs/operations.md#telegram): per
 * language, audited, rate limited per admin. Plain form; works without JavaScript.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import type { Route } from "./+types/broadcast";
import { LanguageFields } from "~/components/admin/language-fields";
import { useLazyValidation } from "~/components/admin/lazy-validation";
import { FormError, PageHeader } from "~/components/admin/ui";
import { FormKey } from "~/components/form-key";
import { BROADCAST_GROUPS, broadcastSchema } from "~/domain/admin-schemas";
import { getInstance } from "~/infra/i18n.server";
import { readFormData } from "~/infra/http.server";
import { broadcastCounts, broadcastMessage } from "~/models/broadcast.server";
import { formKeyOf, newFormKey, once } from "~/services/idempotency.server";
import { requireAdmin } from "~/services/session.server";
import { redirectWithToast } from "./admin-action.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { counts: await broadcastCounts(), formKey: newFormKey() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const form = await readFormData(context, request);
  const submission = parseWithZod(form, { schema: broadcastSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), formError: null }, { status: 400 });
  // Once per rendered form: a second click does not send the message twice.
  return await once(admin.id, formKeyOf(form), "/admin/broadcast", async () => {
    const sent = await broadcastMessage(admin.id, submission.value);
    if (!sent.ok)
      return data(
        {
          result: submission.reply(),
          formError: getInstance(context).t("errors:rateLimited", {
            minutes: Math.ceil(sent.retryAfterSeconds / 60),
          }),
        },
        { status: 429, headers: { "Retry-After": String(sent.retryAfterSeconds) } },
      );
    return redirectWithToast(context, "/admin/mail", "admin:broadcast.sent", { values: { count: sent.count } });
  });
}

export default function AdminBroadcast({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    ...useLazyValidation((v, formData) => v.parseWithZod(formData, { schema: v.broadcastSchema }), {
      shouldValidate: "onBlur",
      shouldRevalidate: "onInput",
    }),
    defaultValue: { group: "withVehicle" },
  });
  return (
    <section className="admin-detail">
      <PageHeader title={t("broadcast.title")} crumbs={[{ to: "/admin/mail", label: t("nav.mail") }]} />
      <p className="field-hint">{t("broadcast.explain")}</p>
      <FormError message={actionData?.formError} />
      <Form method="post" {...getFormProps(form)} className="card form-stack admin-form">
        <FormKey value={loaderData.formKey} />
        <fieldset className="field">
          <legend>{t("broadcast.group")}</legend>
          <div className="admin-choices">
            {BROADCAST_GROUPS.map((group) => (
              <label key={group}>
                <input
                  type="radio"
                  name={fields.group.name}
                  value={group}
                  defaultChecked={(fields.group.initialValue ?? "withVehicle") === group}
                />
                {t(`broadcast.groups.${group}`, { count: loaderData.counts[group] })}
              </label>
            ))}
          </div>
        </fieldset>
        <LanguageFields
          legend={t("broadcast.messageTitle")}
          fields={{ sk: fields.titleSk, ua: fields.titleUa, en: fields.titleEn }}
          maxLength={120}
        />
        <LanguageFields
          legend={t("broadcast.body")}
          hint={t("broadcast.bodyHint")}
          fields={{ sk: fields.bodySk, ua: fields.bodyUa, en: fields.bodyEn }}
          multiline
          maxLength={1000}
        />
        <label className="admin-check">
          <input type="checkbox" name={fields.urgent.name} value="on" />
          {t("broadcast.urgent")}
        </label>
        <button type="submit" className="btn btn-primary">
          {t("broadcast.send")}
        </button>
      </Form>
    </section>
  );
}
