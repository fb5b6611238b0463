import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { IntentForm } from "~/components/intent";
import { AdminTable } from "~/components/admin/admin-table";
import { useCents, usePayDates } from "~/components/admin/pay-review";
import { FormError, PageHeader, useFormatDate } from "~/components/admin/ui";
import { batchActionSchema } from "~/domain/pay-review";
import { readFormData } from "~/infra/http.server";
import { requireAdmin } from "~/services/session.server";
import { payBatch } from "~/services/payout.server";
import { cancelBatch, getBatch, PayoutBatchError } from "~/models/payout-batches.server";
import { idParam, redirectWithToast, refuse } from "./admin-action.server";
import type { Route } from "./+types/payouts-batch";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const batch = await getBatch(idParam(params.id));
  if (!batch) throw data(null, { status: 404 });
  const { fileKey: _key, ...shown } = batch;
  return { batch: shown };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const id = idParam(params.id);
  const submission = parseWithZod(await readFormData(context, request), { schema: batchActionSchema });
  if (submission.status !== "success") return refuse(context, "admin:validation.required");
  try {
    if (submission.value.intent === "pay") await payBatch(admin.id, id);
    else await cancelBatch(admin.id, id);
  } catch (error) {
    if (error instanceof PayoutBatchError) return refuse(context, `admin:pay.batch.errors.${error.key}`, error.status);
    throw error;
  }
  return redirectWithToast(
    context,
    `/admin/payouts/batches/${id}`,
    submission.value.intent === "pay" ? "admin:pay.batch.paidDone" : "admin:pay.batch.cancelledDone",
  );
}

/** One payout batch: its file and CSV, who exported, paid or cancelled it, its statements; mark paid or cancel. */
export default function AdminPayoutBatch({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["admin", "pay"]);
  const cents = useCents();
  const dates = usePayDates();
  const formatDate = useFormatDate();
  const { batch } = loaderData;
  const base = `/admin/payouts/batches/${batch.id}`;
  return (
    <section>
      <PageHeader
        title={t("pay.batch.title", { id: batch.id })}
        crumbs={[{ to: "/admin/payouts", label: t("nav.payouts") }]}
      />
      <FormError message={actionData && "formError" in actionData ? actionData.formError : null} />
      <div className="card">
        <dl className="admin-dl">
          <dt>{t("pay.batch.status")}</dt>
          <dd data-testid="batch-status">{t(`pay.batch.statuses.${batch.status}`)}</dd>
          <dt>{t("pay.batch.payday")}</dt>
          <dd>{dates.day(batch.payday)}</dd>
          <dt>{t("pay.batch.total")}</dt>
          <dd>{t("pay.batch.totalValue", { count: batch.count, total: cents(batch.totalCents) })}</dd>
        </dl>
        <ul className="admin-list" data-testid="batch-history">
          <li>{t("pay.batch.exportedBy", { who: batch.createdBy ?? "—", when: formatDate(batch.createdAt, true) })}</li>
          {batch.paidAt ? (
            <li>{t("pay.batch.paidBy", { who: batch.paidBy ?? "—", when: formatDate(batch.paidAt, true) })}</li>
          ) : null}
          {batch.cancelledAt ? (
            <li>
              {t("pay.batch.cancelledBy", { who: batch.cancelledBy ?? "—", when: formatDate(batch.cancelledAt, true) })}
            </li>
          ) : null}
        </ul>
        <div className="admin-page-actions mt-4">
          <a href={`${base}/sepa.xml`} className="btn btn-outline" download>
            {t("pay.batch.downloadXml")}
          </a>
          {batch.statements.length ? (
            <a href={`${base}/accountant.csv`} className="btn btn-outline" download>
              {t("pay.batch.downloadCsv")}
            </a>
          ) : null}
          {batch.status === "exported" ? (
            <>
              <IntentForm value="pay" className="btn btn-primary">
                {t("pay.batch.markPaid")}
              </IntentForm>
              <IntentForm value="cancel" className="btn btn-outline">
                {t("pay.batch.cancel")}
              </IntentForm>
            </>
          ) : null}
        </div>
      </div>
      <div className="card">
        <AdminTable
          rows={batch.statements}
          empty={t("pay.batch.noStatements")}
          columns={[
            { header: t("pay.week"), render: (s) => dates.week(s.weekStart), className: "whitespace-nowrap" },
            { header: t("pay.review.courier"), render: (s) => s.holder ?? s.email ?? "—", className: "min-w-0" },
            { header: t("pay:statement.iban"), render: (s) => s.iban ?? "—", className: "whitespace-nowrap" },
            {
              header: t("pay:total.payout"),
              render: (s) => cents(s.payoutCents),
              className: "whitespace-nowrap text-right",
            },
            { header: t("pay:statement.status"), render: (s) => t(`pay:status.${s.status}`) },
          ]}
        />
      </div>
    </section>
  );
}
