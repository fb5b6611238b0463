import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AppLink } from "~/components/app-link";
import { IntentForm } from "~/components/intent";
import {
  AnomalySummary,
  ReviewTable,
  StatementDetail,
  UnlinkedAccounts,
  useCents,
  usePayDates,
} from "~/components/admin/pay-review";
import { FormError, PageHeader, useFormatDate } from "~/components/admin/ui";
import { weekActionSchema } from "~/domain/pay-review";
import { isWeekId } from "~/domain/pay-week";
import { getInstance } from "~/infra/i18n.server";
import { readFormData } from "~/infra/http.server";
import { requireAdmin } from "~/services/session.server";
import { approveAndNotify, exportPayouts, sendBackToDraft } from "~/services/payout.server";
import { addAdjustment } from "~/models/pay-adjustments.server";
import { approvalPreview, statementOf, weekReview } from "~/models/pay-review.server";
import { refuse, samePage } from "./admin-action.server";
import type { Route } from "./+types/payouts-week";
import { adminRefusal } from "../model-errors.server";

function weekParam(value: string | undefined) {
  if (!value || !isWeekId(value)) throw data(null, { status: 404 });
  return value;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const week = weekParam(params.week);
  const search = new URL(request.url).searchParams;
  const courier = Number(search.get("courier"));
  const review = await weekReview(week);
  const detail = Number.isInteger(courier) && courier > 0 ? await statementOf(week, courier) : null;
  // "Approve all" e-mails every courier: its confirmation (a URL, so it opens without JavaScript) shows
  // the count and sum, and the post repeats them so a page gone stale approves nothing.
  const confirm = search.get("confirm") === "approve-all" ? await approvalPreview(week) : null;
  return { week, ...review, detail, confirm };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const week = weekParam(params.week);
  const submission = parseWithZod(await readFormData(context, request), { schema: weekActionSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return refuse(context, typeof first === "string" && first.includes(":") ? first : "admin:validation.required");
  }
  const { t } = getInstance(context);
  const value = submission.value;
  const back = (message: string) => {
    setToast(context, { type: "success", message });
    return redirect(samePage(request));
  };
  try {
    if (value.intent === "adjust") {
      const landed = await addAdjustment(admin.id, {
        userId: value.userId,
        week,
        kind: value.kind,
        amountCents: value.amount,
        reason: value.reason,
      });
      return back(landed.moved ? t("admin:pay.adjust.movedTo", { week: landed.week }) : t("admin:pay.adjust.added"));
    }
    if (value.intent === "export") {
      const batch = await exportPayouts(admin.id, week);
      const message = [
        batch.count ? t("admin:pay.batch.exported", { count: batch.count }) : t("admin:pay.batch.exportedNoFile"),
        ...(batch.nothingToTransfer
          ? [t("admin:pay.batch.nothingToTransferCount", { count: batch.nothingToTransfer })]
          : []),
        ...(batch.heldBack.length ? [t("admin:pay.batch.heldBackCount", { count: batch.heldBack.length })] : []),
      ].join(" ");
      setToast(context, { type: "success", message });
      return redirect(`/admin/payouts/batches/${batch.batchId}`);
    }
    if (value.intent === "returnToDraft") {
      await sendBackToDraft(admin.id, value.statementId);
      return back(t("admin:pay.review.returnedToDraft"));
    }
    const result =
      value.intent === "approveAll"
        ? await approveAndNotify(admin.id, week, "all", undefined, {
            expected: { count: value.count, totalCents: value.totalCents },
          })
        : await approveAndNotify(admin.id, week, value.ids, undefined, { confirmLarge: value.confirmLarge });
    const skipped = result.skipped.map((s) =>
      t("admin:pay.review.skippedOne", { name: s.name, reason: t(`admin:pay.skip.${s.reason}`) }),
    );
    return data({ formError: null, approved: result.approved.length, skipped }, { status: 200 });
  } catch (error) {
    return adminRefusal(context, error);
  }
}

/** One pay week: a row per courier, anomalies first, approval (confirmed) and the payout export. */
export default function AdminPayWeek({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const cents = useCents();
  const formatDate = useFormatDate();
  const dates = usePayDates();
  const { week, payday, expectedPayday, paydayPassed, rows, unlinked, anomalyCounts, detail, confirm } = loaderData;
  const approvedCount = rows.filter((r) => r.status === "approved").length;
  const result = actionData && "approved" in actionData ? actionData : null;
  const here = `/admin/payouts/${week}` as const;
  return (
    <section>
      <PageHeader
        title={t("pay.review.title", { week: dates.week(week) })}
        crumbs={[{ to: "/admin/payouts", label: t("nav.payouts") }]}
      />
      <p className="field-hint">{t("pay.review.payday", { payday: formatDate(payday) })}</p>
      {paydayPassed ? (
        <p className="alert alert-error" data-testid="payday-passed">
          {t("pay.review.paydayPassed", { payday: formatDate(payday), expected: formatDate(expectedPayday) })}
        </p>
      ) : null}
      <FormError message={actionData && "formError" in actionData ? actionData.formError : null} />
      {result ? (
        <output className="alert alert-success">
          <p>{t("pay.review.approved", { count: result.approved })}</p>
          {result.skipped.length ? (
            <ul>
              {result.skipped.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </output>
      ) : null}
      {confirm && !result ? (
        <section className="card" id="confirm" data-testid="confirm-approve-all" aria-labelledby="confirm-title">
          <h2 id="confirm-title">{t("pay.review.confirmTitle")}</h2>
          {confirm.count ? (
            <>
              <p>{t("pay.review.confirmText", { count: confirm.count, total: cents(confirm.totalCents) })}</p>
              <p className="field-hint">{t("pay.review.confirmHint")}</p>
              <Form method="post" action={here} className="admin-page-actions mt-4">
                <input type="hidden" name="count" value={confirm.count} />
                <input type="hidden" name="totalCents" value={confirm.totalCents} />
                <button type="submit" name="intent" value="approveAll" className="btn btn-primary">
                  {t("pay.review.confirmApprove", { count: confirm.count, total: cents(confirm.totalCents) })}
                </button>
                <AppLink to={here} className="btn btn-outline">
                  {t("pay.review.confirmBack")}
                </AppLink>
              </Form>
            </>
          ) : (
            <p>
              {t("pay.review.confirmNothing")} <AppLink to={here}>{t("pay.review.confirmBack")}</AppLink>
            </p>
          )}
        </section>
      ) : null}
      <AnomalySummary counts={anomalyCounts} />
      <UnlinkedAccounts rows={unlinked} />
      {detail ? <StatementDetail week={week} detail={detail} /> : null}
      {detail?.statement?.status === "approved" ? (
        <Form method="post" className="card" data-testid="return-to-draft">
          <p className="field-hint">{t("pay.review.returnToDraftHint")}</p>
          <input type="hidden" name="statementId" value={detail.statement.id} />
          <button type="submit" name="intent" value="returnToDraft" className="btn btn-outline">
            {t("pay.review.returnToDraft")}
          </button>
        </Form>
      ) : null}
      <div className="card">
        <ReviewTable rows={rows} week={week} />
        <div className="admin-page-actions mt-4">
          <Form method="post" id="approve-selected">
            <button type="submit" name="intent" value="approveSelected" className="btn btn-outline">
              {t("pay.review.approveSelected")}
            </button>
          </Form>
          <AppLink to={`${here}?confirm=approve-all#confirm`} className="btn btn-primary">
            {t("pay.review.approveAll")}
          </AppLink>
          <IntentForm value="export" className="btn btn-primary" disabled={approvedCount === 0}>
            {t("pay.review.export", { count: approvedCount })}
          </IntentForm>
          <AppLink to="/admin/payouts/import" className="btn btn-outline">
            {t("pay.import.title")}
          </AppLink>
        </div>
      </div>
    </section>
  );
}
