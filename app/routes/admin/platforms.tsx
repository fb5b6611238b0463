import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { FormError, PageHeader } from "~/components/admin/ui";
import { platformFormSchema } from "~/domain/pay-schemas";
import { readFormData } from "~/infra/http.server";
import { requireAdmin } from "~/services/session.server";
import { createPlatform, listPlatforms, renamePlatform } from "~/models/platforms.server";
import { redirectWithToast, refuse } from "./admin-action.server";
import type { Route } from "./+types/platforms";
import { FormKey } from "~/components/form-key";
import { formKeyOf, newFormKey, once } from "~/services/idempotency.server";
import { Intent } from "~/components/intent";
import { adminRefusal } from "../model-errors.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return {
    platforms: (await listPlatforms()).map((p) => ({ id: p.id, name: p.name, mapped: p.columnMapping !== null })),
    formKey: newFormKey(),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const formData = await readFormData(context, request);
  const submission = parseWithZod(formData, { schema: platformFormSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return refuse(context, typeof first === "string" && first.includes(":") ? first : "admin:validation.required");
  }
  const value = submission.value;
  return await once(
    admin.id,
    value.intent === "create" ? formKeyOf(formData) : null,
    "/admin/payouts/platforms",
    async () => {
      try {
        if (value.intent === "create") await createPlatform(admin.id, value.name);
        else await renamePlatform(admin.id, value.id, value.name);
      } catch (error) {
        return adminRefusal(context, error);
      }
      return redirectWithToast(context, "/admin/payouts/platforms", "admin:saved");
    },
  );
}

/** Delivery platforms: the list the admin edits (add, rename); each remembers its export's column mapping. */
export default function AdminPlatforms({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <section>
      <PageHeader title={t("pay.platforms.title")} crumbs={[{ to: "/admin/payouts", label: t("nav.payouts") }]} />
      <FormError message={actionData && "formError" in actionData ? actionData.formError : null} />
      <div className="card">
        {loaderData.platforms.length === 0 ? <p className="field-hint">{t("pay.platforms.empty")}</p> : null}
        <ul className="admin-list">
          {loaderData.platforms.map((p) => (
            <li key={p.id}>
              <Form method="post" className="admin-inline-form">
                <Intent value="rename" />
                <input type="hidden" name="id" value={p.id} />
                <label className="field">
                  {t("pay.platforms.name")}
                  <input name="name" defaultValue={p.name} required maxLength={60} />
                </label>
                <button type="submit" className="btn btn-outline">
                  {t("pay.platforms.rename")}
                </button>
                <span className="field-hint">{p.mapped ? t("pay.platforms.mapped") : t("pay.platforms.generic")}</span>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" className="admin-inline-form" key={loaderData.formKey}>
          <Intent value="create" />
          <FormKey value={loaderData.formKey} />
          <label className="field">
            {t("pay.platforms.newName")}
            <input name="name" required maxLength={60} />
          </label>
          <button type="submit" className="btn btn-primary">
            {t("pay.platforms.add")}
          </button>
        </Form>
      </div>
    </section>
  );
}
