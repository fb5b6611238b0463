import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/referrals";
import { FormKey } from "~/components/form-key";
import { formKeyOf, newFormKey, once } from "~/services/idempotency.server";
import { CopyLink } from "~/components/admin/copy-link";
import { idIntentSchema, referralSchema } from "~/domain/admin-schemas";
import { AdminTable } from "~/components/admin/admin-table";
import { ConfirmDialog, FormError, PageHeader } from "~/components/admin/ui";
import { useLazyValidation } from "~/components/admin/lazy-validation";
import { log } from "~/infra/log.server";
import { requireAdmin } from "~/services/session.server";
import { createReferralLink, deleteReferralLink, listReferralLinks } from "~/models/referrals.server";
import { redirectWithToast, refuse } from "./admin-action.server";
import { readFormData } from "~/infra/http.server";
import { Intent } from "~/components/intent";

const actionSchema = z.discriminatedUnion("intent", [referralSchema, idIntentSchema("delete")]);

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { links: await listReferralLinks(), formKey: newFormKey() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const formData = await readFormData(context, request);
  const submission = parseWithZod(formData, { schema: actionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), formError: null }, { status: 400 });
  const value = submission.value;
  if (value.intent === "create") {
    return await once(admin.id, formKeyOf(formData), "/admin/referrals", async () => {
      try {
        await createReferralLink(admin.id, value.name);
      } catch (error) {
        log("error", "referral link not created", { error: String(error) });
        return refuse(context, "admin:referrals.createFailed", 500);
      }
      return redirectWithToast(context, "/admin/referrals", "admin:referrals.created");
    });
  }
  if (!(await deleteReferralLink(admin.id, value.id))) return refuse(context, "admin:referrals.deleteFailed", 404);
  return redirectWithToast(context, "/admin/referrals", "admin:referrals.deleted");
}

export default function AdminReferrals({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const [params] = useSearchParams();
  const [form, fields] = useForm({
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    ...useLazyValidation((v, formData) => v.parseWithZod(formData, { schema: v.referralSchema }), {
      shouldRevalidate: "onInput",
    }),
  });
  const confirmId = params.get("confirm") === "delete" ? Number(params.get("id")) : null;
  const toDelete = loaderData.links.find((l) => l.id === confirmId);
  return (
    <section>
      <PageHeader title={t("referrals.title")} />
      <FormError message={actionData?.formError} />
      {/* Keyed by the form key: a new key after "created" mounts an empty form. */}
      <Form method="post" {...getFormProps(form)} key={loaderData.formKey} className="card admin-inline-form">
        <Intent value="create" />
        <FormKey value={loaderData.formKey} />
        <label className="field">
          {t("referrals.name")}
          <input {...getInputProps(fields.name, { type: "text" })} required maxLength={120} />
          {fields.name.errors ? (
            <span className="field-error" id={fields.name.errorId}>
              {t(fields.name.errors[0]!)}
            </span>
          ) : null}
        </label>
        <button type="submit" className="btn btn-primary">
          {t("referrals.create")}
        </button>
      </Form>
      <AdminTable
        rows={loaderData.links}
        empty={t("referrals.empty")}
        columns={[
          { header: t("referrals.name"), render: (link) => link.name },
          { header: t("referrals.code"), render: (link) => <code>{link.code}</code> },
          { header: t("referrals.fullLink"), className: "min-w-0", render: (link) => <CopyLink url={link.url} /> },
          { header: t("referrals.clicks"), render: (link) => link.clicks },
          { header: t("referrals.totalRegs"), render: (link) => link.totalRegistrations },
          { header: t("referrals.activatedRegs"), render: (link) => link.activatedRegistrations },
          {
            header: t("list.actions"),
            render: (link) => (
              <Link
                className="btn btn-outline"
                to={`?confirm=delete&id=${link.id}`}
                preventScrollReset
                aria-label={t("referrals.deleteNamed", { name: link.name })}
              >
                {t("delete")}
              </Link>
            ),
          },
        ]}
      />
      {toDelete ? (
        <ConfirmDialog
          title={t("referrals.deleteTitle")}
          text={t("referrals.deleteText", { name: toDelete.name })}
          intent="delete"
          confirmLabel={t("delete")}
          fields={{ id: toDelete.id }}
        />
      ) : null}
    </section>
  );
}
