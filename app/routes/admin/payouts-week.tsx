import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AppLink } from "~/components/app-link";
import { IntentForm } from "~/components/intent";
import { AnomalySummary, ReviewTable, StatementDetail, UnlinkedAccounts } from "~/components/admin/pay-review";
import { FormError, PageHeader } from "~/components/admin/ui";
import { weekActionSchema } from "~/domain/pay-review";
import { isWeekId, paydayOf } from "~/domain/pay-week";
import { getInstance } from "~/infra/i18n.server";
import { readFormData } from "~/infra/http.server";
import { requireAdmin } from "~/services/session.server";
import { approveAndNotify, exportPayouts } from "~/services/payout.server";
import { PayoutFileError } from "~/services/payout-file.server";
import { addAdjustment, AdjustmentError } from "~/models/pay-adjustments.server";
import { statementOf, weekReview } from "~/models/pay-review.server";
import { PayoutBatchError } from "~/models/payout-batches.server";
import { getPaySettings } from "~/models/settings.server";
import { refuse, samePage } from "./admin-action.server";
import type { Route } from "./+types/payouts-week";

function weekParam(value: string | undefined) {
  if (!value || !isWeekId(value)) throw data(null, { status: 404 });
  return value;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const week = weekParam(params.week);
  const courier = Number(new URL(request.url).searchParams.get("courier"));
  const review = await weekReview(week);
  const detail = Number.isInteger(courier) && courier > 0 ? await statementOf(week, courier) : null;
  return { week, payday: paydayOf(week, (await getPaySettings()).paydayWeekday), ...review, detail };
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
      setToast(context, { type: "success", message: t("admin:pay.batch.exported", { count: batch.count }) });
      return redirect(`/admin/payouts/batches/${batch.batchId}`);
    }
    const result = await approveAndNotify(admin.id, week, value.intent === "approveAll" ? "all" : value.ids);
    const skipped = result.skipped.map((s) =>
      t("admin:pay.review.skippedOne", { name: s.name, reason: t(`admin:pay.skip.${s.reason}`) }),
    );
    return data({ formError: null, approved: result.approved.length, skipped }, { status: 200 });
  } catch (error) {
    if (error instanceof AdjustmentError) return refuse(context, `admin:pay.adjust.errors.${error.key}`, error.status);
    if (error instanceof PayoutBatchError) return refuse(context, `admin:pay.batch.errors.${error.key}`, error.status);
    if (error instanceof PayoutFileError) {
      if (error.problem === "debtorMissing")
        return data(
          {
            formError: t("admin:pay.batch.errors.debtorMissing", {
              variables: (error.details.missing ?? []).join(", "),
            }),
          },
          { status: 400 },
        );
      return data(
        {
          formError: t("admin:pay.batch.errors.file", {
            statement: String(error.details.statementId ?? "—"),
            problem: t(`admin:pay.batch.fileProblem.${error.problem}`),
          }),
        },
        { status: 400 },
      );
    }
    throw error;
  }
}

/** One pay week: a row per courier, anomalies first, approval and the payout export. */
export default function AdminPayWeek({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { week, payday, rows, unlinked, anomalyCounts, detail } = loaderData;
  const approvedCount = rows.filter((r) => r.status === "approved").length;
  const result = actionData && "approved" in actionData ? actionData : null;
  return (
    <section>
      <PageHeader
        title={t("pay.review.title", { week })}
        crumbs={[{ to: "/admin/payouts", label: t("nav.payouts") }]}
      />
      <p className="field-hint">{t("pay.review.payday", { payday })}</p>
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
      <AnomalySummary counts={anomalyCounts} />
      <UnlinkedAccounts rows={unlinked} />
      {detail ? <StatementDetail week={week} detail={detail} /> : null}
      <div className="card">
        <ReviewTable rows={rows} week={week} />
        <div className="admin-page-actions mt-4">
          <Form method="post" id="approve-selected">
            <button type="submit" name="intent" value="approveSelected" className="btn btn-outline">
              {t("pay.review.approveSelected")}
            </button>
          </Form>
          <IntentForm value="approveAll" className="btn btn-primary">
            {t("pay.review.approveAll")}
          </IntentForm>
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
