import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { Route } from "./+types/mail";
import { AdminTable } from "~/components/admin/admin-table";
import { FormError, PageHeader, useFormatDate } from "~/components/admin/ui";
import { mailResendSchema } from "~/domain/admin-schemas";
import { OUTBOX_MAX_ATTEMPTS } from "~/domain/outbox";
import { readFormData } from "~/infra/http.server";
import { listFailingMail, outboxCounts, resendFailingMail } from "~/models/outbox.server";
import { requireAdmin } from "~/services/session.server";
import { redirectWithToast, refuse } from "./admin-action.server";
import { FormKey } from "~/components/form-key";
import { formKeyOf, newFormKey, once } from "~/services/idempotency.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return {
    failing: await listFailingMail(),
    counts: await outboxCounts(),
    maxAttempts: OUTBOX_MAX_ATTEMPTS,
    formKey: newFormKey(),
  };
}

/** "Send again": the message gets a fresh set of attempts; the outbox sender is woken after the commit. */
export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const form = await readFormData(context, request);
  const submission = parseWithZod(form, { schema: mailResendSchema });
  if (submission.status !== "success") return refuse(context, "admin:mail.invalid");
  const { value } = submission;
  // Once per rendered page: a second click does not answer "not failing" for mail the first one queued.
  return await once(admin.id, formKeyOf(form), "/admin/mail", async () => {
    const queued = await resendFailingMail(admin.id, value.intent === "resend" ? value.id : null);
    if (queued === 0) return refuse(context, "admin:mail.notFailing", 409);
    return redirectWithToast(context, "/admin/mail", "admin:mail.queued");
  });
}

export default function AdminMail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const { failing, counts } = loaderData;
  return (
    <section>
      <PageHeader title={t("mail.title")} />
      <p>
        <Link to="/admin/broadcast" className="btn btn-outline">
          {t("broadcast.title")}
        </Link>
      </p>
      <p className="field-hint" data-testid="mail-counts">
        {t("mail.counts", { waiting: counts.waiting, failing: counts.failing })}
      </p>
      <p className="field-hint">{t("mail.explain", { attempts: loaderData.maxAttempts })}</p>
      <FormError message={actionData?.formError} />
      {failing.length > 1 ? (
        <Form method="post" className="admin-inline-form">
          <FormKey value={loaderData.formKey} />
          <button type="submit" name="intent" value="resendAll" className="btn btn-primary">
            {t("mail.resendAll")}
          </button>
        </Form>
      ) : null}
      <AdminTable
        rows={failing}
        empty={t("mail.empty")}
        label={t("mail.title")}
        columns={[
          { header: t("mail.channel"), render: (m) => t(`mail.channels.${m.channel}`) },
          {
            header: t("mail.recipient"),
            className: "min-w-0",
            render: (m) =>
              m.channel === "telegram" && m.userEmail
                ? t("mail.telegramChat", { chat: m.recipient, email: m.userEmail })
                : m.channel === "push" && m.userEmail
                  ? t("mail.pushPhone", { phone: m.recipient, email: m.userEmail })
                  : m.recipient,
          },
          { header: t("mail.subject"), className: "min-w-0", render: (m) => m.subject },
          { header: t("mail.attempts"), render: (m) => m.attempts },
          { header: t("mail.lastError"), className: "min-w-0", render: (m) => <code>{m.lastError ?? "—"}</code> },
          { header: t("mail.created"), className: "whitespace-nowrap", render: (m) => formatDate(m.createdAt, true) },
          {
            header: t("list.actions"),
            render: (m) => (
              <Form method="post">
                <input type="hidden" name="id" value={m.id} />
                <FormKey value={loaderData.formKey} />
                <button
                  type="submit"
                  name="intent"
                  value="resend"
                  className="btn btn-outline"
                  aria-label={t("mail.resendTo", { recipient: m.recipient })}
                >
                  {t("mail.resend")}
                </button>
              </Form>
            ),
          },
        ]}
      />
    </section>
  );
}
