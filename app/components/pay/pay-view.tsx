import type { SubmissionResult } from "@conform-to/react";
import { lazy, Suspense, type ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { formatCalendarDate, formatCents, formatDuration } from "~/domain/pay-format";
import type { PayModel } from "~/domain/rules";
import { addDays, isoWeekLabel } from "~/domain/pay-week";
import { isLanguage, type Language } from "~/domain/rules";
import type { BankView } from "./bank-details-form";
import { StatementCard, type QuestionView, type StatementView } from "./statement-card";

// The bank details form validates with Zod and Conform (about 35 KB compressed): its chunk loads after the
// page's. The server renders it whole, so it is there and posts without JavaScript meanwhile.
export const loadBankDetailsForm = () => import("./bank-details-form");
const LazyBankDetailsForm = lazy(() => loadBankDetailsForm().then((m) => ({ default: m.BankDetailsForm })));
const BankDetailsForm = (props: ComponentProps<typeof LazyBankDetailsForm>) => (
  <Suspense fallback={null}>
    <LazyBankDetailsForm {...props} />
  </Suspense>
);

export type PayActionData =
  | { intent: "bank"; lastResult: SubmissionResult<string[]> }
  | { intent: "question" | "questionReply"; error: string; body: string; target: string }
  | { intent: "unknown"; error: string };

export type PayData = {
  language: Language;
  week: {
    week: string;
    days: number;
    minutes: number;
    deliveries: number;
    grossCents: number;
    tipsCents: number;
    beforeDeductionsCents: number;
    lastDay: string | null;
  };
  rule: { payModel: PayModel; hourlyRateCents: number; sharePercent: number };
  next: {
    payday: string;
    week: string;
    statement: { id: number; status: string; payoutCents: number; carryOutCents: number } | null;
  };
  statements: StatementView[];
  questions: QuestionView[];
  bank: BankView | null;
};

/** The courier's Pay page: this week so far, the next payday, the statements with their questions, the bank details. */
export function PayView({ data, actionData }: { data: PayData; actionData: PayActionData | undefined }) {
  const { t, i18n } = useTranslation("pay");
  const language = isLanguage(i18n.language) ? i18n.language : data.language;
  const money = (cents: number) => formatCents(cents, language);
  const day = (date: string) => formatCalendarDate(date, language);
  const w = data.week;
  const payCents = w.beforeDeductionsCents - w.tipsCents;
  return (
    <>
      <div className="dash-grid-2">
        <section className="card dash-section" data-testid="pay-week">
          <h2 className="dash-h2">{t("week.title")}</h2>
          <p className="field-hint">{t("statement.weekRange", { from: day(w.week), to: day(addDays(w.week, 6)) })}</p>
          {w.days === 0 ? (
            <p>{t("week.empty")}</p>
          ) : (
            <>
              <dl className="pay-dl">
                <dt>{t("week.days")}</dt>
                <dd>{w.days}</dd>
                <dt>{t("week.hours")}</dt>
                <dd>{formatDuration(w.minutes, language)}</dd>
                <dt>{t("week.deliveries")}</dt>
                <dd>{w.deliveries}</dd>
                <dt>{t("week.gross")}</dt>
                <dd>{money(w.grossCents)}</dd>
                <dt>{t("week.tips")}</dt>
                <dd>{money(w.tipsCents)}</dd>
              </dl>
              <p className="field-hint" data-testid="pay-week-rule">
                {data.rule.payModel === "hourly"
                  ? t("week.payByHour", {
                      duration: formatDuration(w.minutes, language),
                      rate: money(data.rule.hourlyRateCents),
                      pay: money(payCents),
                      tips: money(w.tipsCents),
                    })
                  : t("week.payByShare", {
                      percent: new Intl.NumberFormat(language === "ua" ? "uk" : language).format(
                        data.rule.sharePercent,
                      ),
                      pay: money(payCents),
                      tips: money(w.tipsCents),
                    })}
              </p>
              <p className="pay-figure" data-testid="pay-week-amount">
                <strong>{money(w.beforeDeductionsCents)}</strong>{" "}
                <span className="field-hint">{t("week.beforeDeductions")}</span>
              </p>
              {w.lastDay ? <p className="field-hint">{t("week.lastDay", { date: day(w.lastDay) })}</p> : null}
            </>
          )}
        </section>
        <section className="card dash-section" data-testid="pay-next">
          <h2 className="dash-h2">{t("next.title")}</h2>
          <p className="pay-figure">
            <strong>{day(data.next.payday)}</strong>
          </p>
          <p className="field-hint">
            {t("next.forWeek", {
              week: isoWeekLabel(data.next.week),
              from: day(data.next.week),
              to: day(addDays(data.next.week, 6)),
            })}
          </p>
          <p data-testid="pay-next-amount">
            {data.next.statement && data.next.statement.payoutCents === 0 && data.next.statement.status !== "draft"
              ? t("next.nothing", {
                  carried: money(-data.next.statement.carryOutCents),
                  status: t(`courierStatus.${data.next.statement.status === "paid" ? "settled" : "approved"}`),
                })
              : data.next.statement
                ? t("next.amount", {
                    amount: money(data.next.statement.payoutCents),
                    status: t(`courierStatus.${data.next.statement.status}`),
                  })
                : t("next.afterReview")}
          </p>
        </section>
      </div>

      <section className="card dash-section" id="questions" aria-labelledby="pay-statements-title">
        <h2 className="dash-h2" id="pay-statements-title">
          {t("statements.title")}
        </h2>
        {data.statements.length === 0 ? (
          <p>{t("statements.empty")}</p>
        ) : (
          <ul className="dash-list" data-testid="pay-statements">
            {data.statements.map((statement) => (
              <StatementCard
                key={statement.id}
                statement={statement}
                questions={data.questions.filter((q) => q.statementId === statement.id)}
                language={language}
                actionData={
                  actionData && actionData.intent !== "bank" && actionData.intent !== "unknown" ? actionData : undefined
                }
              />
            ))}
          </ul>
        )}
      </section>

      <BankDetailsForm bank={data.bank} actionData={actionData?.intent === "bank" ? actionData : undefined} />
    </>
  );
}
