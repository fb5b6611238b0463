import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { AppLink } from "~/components/app-link";
import { IntentForm } from "~/components/intent";
import { AdminTable } from "~/components/admin/admin-table";
import { useCents, usePayDates } from "~/components/admin/pay-review";
import { FormError, PageHeader, useFormatDate } from "~/components/admin/ui";
import { batchActionSchema } from "~/domain/pay-review";
import { readFormData } from "~/infra/http.server";
import { requireAdmin } from "~/services/session.server";
import { payBatch } from "~/services/payout.server";
import { cancelBatch, getBatch } from "~/models/payout-batches.server";
import { idParam, redirectWithToast, refuse } from "./admin-action.server";
import type { Route } from "./+types/payouts-batch";
import { adminRefusal } from "../model-errors.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const batch = await getBatch(idParam(params.id));
  if (!batch) throw data(null, { status: 404 });
  const { fileKey: _key, ...shown } = batch;
  // "Mark paid" e-mails every courier of the batch: its confirmation is a URL step showing the count and sum.
  const confirmPay = new URL(request.url).searchParams.get("confirm") === "pay" && batch.status === "exported";
  return { batch: shown, confirmPay };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const id = idParam(params.id);
  const submission = parseWithZod(await readFormData(context, request), { schema: batchActionSchema });
  if (submission.status !== "success") return refuse(context, "admin:validation.required");
  try {
    const value = submission.value;
    if (value.intent === "pay")
      await payBatch(admin.id, id, undefined, { count: value.count, totalCents: value.totalCents });
    else await cancelBatch(admin.id, id);
  } catch (error) {
    return adminRefusal(context, error);
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
  const { batch, confirmPay } = loaderData;
  // Statements with nothing to transfer: in the batch (settled with it), not transactions of its file.
  const nothingToTransfer = batch.statements.filter((s) => s.payoutCents === 0).length;
  const base = `/admin/payouts/batches/${batch.id}` as const;
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
          <dd data-testid="batch-payday">{dates.day(batch.payday)}</dd>
          <dt>{t("pay.batch.total")}</dt>
          <dd>{t("pay.batch.totalValue", { count: batch.count, total: cents(batch.totalCents) })}</dd>
        </dl>
        {nothingToTransfer ? (
          <p className="field-hint" data-testid="batch-nothing-to-transfer">
            {t("pay.batch.nothingToTransferCount", { count: nothingToTransfer })}
          </p>
        ) : null}
        {batch.hasFile ? null : (
          <p className="field-hint" data-testid="batch-no-file">
            {t("pay.batch.noFile")}
          </p>
        )}
        <ul className="admin-list" data-testid="batch-history">
          <li>{t("pay.batch.exportedBy", { who: batch.createdBy ?? "—", when: formatDate(batch.createdAt, true) })}</li>
          {batch.paidAt ? (
            <li>{t("pay.batch.paidBy", { who: batch.paidBy ?? "—", when: formatDate(batch.paidAt, true) })}</li>
          ) : null}
          <li data-testid="batch-downloaded">
            {batch.downloadedAt
              ? t("pay.batch.downloadedBy", {
                  who: batch.downloadedBy ?? "—",
                  when: formatDate(batch.downloadedAt, true),
                })
              : t("pay.batch.notDownloaded")}
          </li>
          {batch.cancelledAt ? (
            <li>
              {t("pay.batch.cancelledBy", { who: batch.cancelledBy ?? "—", when: formatDate(batch.cancelledAt, true) })}
            </li>
          ) : null}
        </ul>
        <div className="admin-page-actions mt-4">
          {batch.hasFile ? (
            <a href={`${base}/sepa.xml`} className="btn btn-outline" download>
              {t("pay.batch.downloadXml")}
            </a>
          ) : null}
          {batch.statements.length > nothingToTransfer ? (
            <a href={`${base}/accountant.csv`} className="btn btn-outline" download>
              {t("pay.batch.downloadCsv")}
            </a>
          ) : null}
          {batch.status === "exported" ? (
            <>
              <AppLink to={`${base}?confirm=pay#confirm`} className="btn btn-primary">
                {t("pay.batch.markPaid")}
              </AppLink>
              <IntentForm value="cancel" className="btn btn-outline">
                {t("pay.batch.cancel")}
              </IntentForm>
            </>
          ) : null}
        </div>
      </div>
      {confirmPay ? (
        <section className="card" id="confirm" data-testid="confirm-pay" aria-labelledby="confirm-title">
          <h2 id="confirm-title">{t("pay.batch.confirmTitle")}</h2>
          <p>{t("pay.batch.confirmText", { count: batch.count, total: cents(batch.totalCents) })}</p>
          {nothingToTransfer ? <p>{t("pay.batch.confirmNothing", { count: nothingToTransfer })}</p> : null}
          <Form method="post" action={base} className="admin-page-actions mt-4">
            <input type="hidden" name="count" value={batch.count} />
            <input type="hidden" name="totalCents" value={batch.totalCents} />
            <button type="submit" name="intent" value="pay" className="btn btn-primary">
              {t("pay.batch.confirmPay", { count: batch.count, total: cents(batch.totalCents) })}
            </button>
            <AppLink to={base} className="btn btn-outline">
              {t("pay.review.confirmBack")}
            </AppLink>
          </Form>
        </section>
      ) : null}
      {batch.heldBack?.length ? (
        <div className="card" data-testid="batch-held-back">
          <h2>{t("pay.batch.heldBackTitle")}</h2>
          <p className="field-hint">{t("pay.batch.heldBackHint")}</p>
          <ul className="admin-list">
            {batch.heldBack.map((h) => (
              <li key={h.statementId}>
                {t("pay.batch.heldBackOne", { name: h.name, problem: t(`pay.batch.fileProblem.${h.problem}`) })}
                {h.week && h.userId ? (
                  <>
                    {" "}
                    <AppLink to={`/admin/payouts/${h.week}?courier=${h.userId}#statement`}>
                      {t("pay.batch.heldBackOpen")}
                    </AppLink>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
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
              render: (s) =>
                s.payoutCents === 0 ? (
                  // Not a transfer: the words may wrap, so the table keeps to the page.
                  <span className="whitespace-normal">
                    {t("pay.batch.nothingToTransfer", { carried: cents(-s.carryOutCents) })}
                  </span>
                ) : (
                  cents(s.payoutCents)
                ),
              className: "whitespace-nowrap text-right",
            },
            {
              header: t("pay:statement.status"),
              // In this batch: "Exported" (the couriers read "sent to the bank" only once the file was downloaded).
              render: (s) => (s.status === "exported" ? t("pay.batch.statuses.exported") : t(`pay:status.${s.status}`)),
            },
          ]}
        />
      </div>
    </section>
  );
}
