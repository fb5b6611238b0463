import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AppLink } from "~/components/app-link";
import { formatCalendarDate, formatCents, formatDuration, formatWeekLabel, lineLabelValues } from "~/domain/pay-format";
import type { PayAnomaly } from "~/domain/pay-review";
import type { StatementLine } from "~/domain/pay-rule";
import { isLanguage, type Language } from "~/domain/rules";
import { AdminTable } from "./admin-table";
import { Intent } from "../intent";

/** Money in the page's language. */
export function useCents() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : "sk";
  return (cents: number) => formatCents(cents, language);
}

/** Calendar days and pay weeks in the page's language, never as ISO dates. */
export function usePayDates() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : "sk";
  return {
    day: (date: string) => formatCalendarDate(date, language),
    week: (week: string) => formatWeekLabel(week, language),
  };
}

/** Worked time in the page's language, as the courier reads it ("42 h 35 min"). */
function useDuration() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : "sk";
  return (minutes: number) => formatDuration(minutes, language);
}

export type ReviewRowView = {
  id: number;
  userId: number | null;
  email: string | null;
  fullName: string | null;
  status: string;
  minutes: number;
  grossCents: number;
  tipsCents: number;
  payCents: number;
  deductionsCents: number;
  netCents: number;
  payoutCents: number;
  batchId: number | null;
  anomalies: PayAnomaly[];
  skip: string | null;
};

/** The week's rows: hours, money, status and the anomalies of each courier. */
export function ReviewTable({ rows, week }: { rows: ReviewRowView[]; week: string }) {
  const { t } = useTranslation(["admin", "pay"]);
  const cents = useCents();
  const hours = useDuration();
  const name = (row: ReviewRowView) => row.fullName ?? row.email ?? `#${row.id}`;
  return (
    <AdminTable
      rows={rows}
      empty={t("pay.review.empty")}
      label={t("pay.review.tableLabel")}
      className="admin-pay-week"
      selection={{ form: "approve-selected", label: name }}
      rowProps={(row) => ({
        "data-testid": `pay-row-${row.userId ?? row.id}`,
        className:
          row.anomalies.includes("noIban") ||
          row.anomalies.includes("negativeNet") ||
          row.anomalies.includes("largePayout")
            ? "admin-row-alert"
            : undefined,
      })}
      columns={[
        {
          header: t("pay.review.courier"),
          render: (row) =>
            row.userId ? (
              <AppLink to={`/admin/payouts/${week}?courier=${row.userId}#statement`}>{name(row)}</AppLink>
            ) : (
              name(row)
            ),
          className: "min-w-0",
        },
        {
          header: t("pay.import.hours"),
          render: (row) => hours(row.minutes),
          className: "whitespace-nowrap text-right",
        },
        {
          header: t("pay.import.gross"),
          render: (row) => cents(row.grossCents),
          className: "whitespace-nowrap text-right",
        },
        // The row adds up: pay + tips + (rent, damage, adjustments, carried balance) = net.
        {
          header: t("pay:total.pay"),
          render: (row) => cents(row.payCents),
          className: "whitespace-nowrap text-right",
        },
        {
          header: t("pay.import.tips"),
          render: (row) => cents(row.tipsCents),
          className: "whitespace-nowrap text-right",
        },
        {
          header: t("pay.review.otherLines"),
          render: (row) => cents(row.netCents - row.payCents - row.tipsCents),
          className: "whitespace-nowrap text-right",
        },
        { header: t("pay:total.net"), render: (row) => cents(row.netCents), className: "whitespace-nowrap text-right" },
        {
          header: t("pay:total.payout"),
          render: (row) => cents(row.payoutCents),
          className: "whitespace-nowrap text-right",
        },
        {
          header: t("pay:statement.status"),
          render: (row) => (
            <>
              {t(`pay:status.${row.status}`)}
              {row.batchId ? (
                <>
                  {" "}
                  <AppLink to={`/admin/payouts/batches/${row.batchId}`}>
                    {t("pay.batch.short", { id: row.batchId })}
                  </AppLink>
                </>
              ) : null}
            </>
          ),
        },
        {
          header: t("pay.review.anomalies"),
          render: (row) =>
            row.anomalies.length ? (
              <>
                <ul className="flex flex-wrap gap-1">
                  {row.anomalies.map((a) => (
                    <li key={a} className="badge badge-warn">
                      {t(`pay.anomaly.${a}`)}
                    </li>
                  ))}
                </ul>
                {row.anomalies.includes("largePayout") && row.status === "draft" ? (
                  // A payout far above the usual is approved only with this box ticked as well as the row's.
                  <label className="mt-1 flex items-center gap-1 text-sm">
                    <input type="checkbox" name="confirmLarge" value={row.id} form="approve-selected" />
                    {t("pay.review.confirmLarge", { amount: cents(row.payoutCents) })}
                  </label>
                ) : null}
              </>
            ) : (
              "—"
            ),
        },
      ]}
    />
  );
}

/** The count of each anomaly over the week, at the top of the page. */
export function AnomalySummary({ counts }: { counts: Record<string, number> }) {
  const { t } = useTranslation("admin");
  const entries = Object.entries(counts);
  if (entries.length === 0) return <p className="alert alert-success">{t("pay.review.noAnomalies")}</p>;
  return (
    <output className="alert alert-info" data-testid="pay-anomalies">
      <p>{t("pay.review.anomaliesTitle")}</p>
      <ul>
        {entries.map(([key, n]) => (
          <li key={key}>{t("pay.review.anomalyCount", { label: t(`pay.anomaly.${key}`), count: n })}</li>
        ))}
      </ul>
    </output>
  );
}

/** Hours on accounts linked to nobody: nobody is paid for them until the account is linked. */
export function UnlinkedAccounts({
  rows,
}: {
  rows: { platformName: string; accountId: string; days: number; minutes: number; grossCents: number }[];
}) {
  const { t } = useTranslation("admin");
  const cents = useCents();
  const hours = useDuration();
  if (rows.length === 0) return null;
  return (
    <div className="card">
      <h2>{t("pay.review.unlinkedTitle")}</h2>
      <p className="field-hint">{t("pay.review.unlinkedHint")}</p>
      <ul className="admin-list">
        {rows.map((r) => (
          <li key={`${r.platformName}-${r.accountId}`}>
            {t("pay.review.unlinkedRow", {
              platform: r.platformName,
              account: r.accountId,
              days: r.days,
              count: r.days,
              duration: hours(r.minutes),
              gross: cents(r.grossCents),
            })}{" "}
            <AppLink to="/admin/users">{t("pay.review.linkIt")}</AppLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

type Detail = {
  courier: { id: number; email: string; fullName: string | null };
  statement: {
    id: number;
    status: string;
    lines: StatementLine[];
    netCents: number;
    payoutCents: number;
    carryOutCents: number;
    iban: string | null;
    approvedAt: Date | string | null;
    approvedBy: string | null;
  } | null;
  adjustments: { id: number; kind: string; amountCents: number; reason: string; statementId: number | null }[];
};

/** One courier's statement lines and the form for a bonus or correction (works without JS). */
export function StatementDetail({ week, detail }: { week: string; detail: Detail }) {
  const { t, i18n } = useTranslation(["admin", "pay"]);
  const cents = useCents();
  const language: Language = isLanguage(i18n.language) ? i18n.language : "sk";
  const { courier, statement, adjustments } = detail;
  return (
    <div className="card" id="statement" data-testid="statement-detail">
      <h2>{t("pay.review.statementOf", { name: courier.fullName ?? courier.email })}</h2>
      {statement ? (
        <>
          <p>{t(`pay:status.${statement.status}`)}</p>
          <table className="w-full text-sm">
            <tbody>
              {statement.lines.map((line, i) => (
                <tr key={i}>
                  <td>
                    {t(`pay:${line.key}`, lineLabelValues(line, language))}
                    {line.reason ? <span className="field-hint"> — {line.reason}</span> : null}
                  </td>
                  <td className="text-right whitespace-nowrap">{cents(line.amountCents)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">{t("pay:total.net")}</th>
                <td className="text-right whitespace-nowrap">{cents(statement.netCents)}</td>
              </tr>
              <tr>
                <th scope="row">{t("pay:total.payout")}</th>
                <td className="text-right whitespace-nowrap">{cents(statement.payoutCents)}</td>
              </tr>
            </tbody>
          </table>
        </>
      ) : (
        <p className="field-hint">{t("pay.review.noStatement")}</p>
      )}
      {adjustments.length ? (
        <ul className="admin-list">
          {adjustments.map((a) => (
            <li key={a.id}>
              {t(`pay:line.${a.kind}`)}: {cents(a.amountCents)} — {a.reason}
            </li>
          ))}
        </ul>
      ) : null}
      <Form method="post" className="admin-inline-form" action={`/admin/payouts/${week}?courier=${courier.id}`}>
        <Intent value="adjust" />
        <input type="hidden" name="userId" value={courier.id} />
        <label className="field">
          {t("pay.adjust.kind")}
          <select name="kind" defaultValue="bonus">
            <option value="bonus">{t("pay:line.bonus")}</option>
            <option value="correction">{t("pay:line.correction")}</option>
          </select>
        </label>
        <label className="field">
          {t("pay.adjust.amount")}
          <input name="amount" required inputMode="decimal" pattern="-?\d{1,7}([.,]\d{1,2})?" placeholder="-12,50" />
        </label>
        <label className="field">
          {t("pay.adjust.reason")}
          <input name="reason" required maxLength={300} />
        </label>
        <button type="submit" className="btn btn-outline">
          {t("pay.adjust.add")}
        </button>
      </Form>
      {statement && statement.status !== "draft" ? <p className="field-hint">{t("pay.adjust.frozenHint")}</p> : null}
    </div>
  );
}
