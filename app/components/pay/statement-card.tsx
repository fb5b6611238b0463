import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ReportThread } from "~/components/report-thread";
import { useDates } from "~/components/dashboard/format";
import { formatCalendarDate, formatCents, lineLabelValues } from "~/domain/pay-format";
import type { StatementLine } from "~/domain/pay-rule";
import { addDays, isoWeekLabel } from "~/domain/pay-week";
import { REPORT_MESSAGE_MAX } from "~/domain/rules";
import type { Language } from "~/domain/rules";
import { Intent } from "../intent";

export type StatementView = {
  id: number;
  week: string;
  status: "draft" | "approved" | "exported" | "paid";
  lines: StatementLine[];
  payoutCents: number;
  netCents: number;
  carryOutCents: number;
  batchPayday: string | null;
  /** The one payday shown (the batch's stored date, or the expected one before export). */
  payday: string | null;
  /** Exported and its file downloaded: "sent to the bank"; exported before that: "being prepared for payment". */
  sentToBank: boolean;
  /** Reviewed with a payout of 0: no transfer; settled with 0 € sent once its batch is marked paid. */
  nothingToTransfer: boolean;
};
export type QuestionView = {
  id: number;
  statementId: number;
  lineIndex: number;
  lineKind: string;
  status: "open" | "resolved";
  thread: { key: string; from: "courier" | "admin"; body: string; at: string }[];
};
type QuestionActionData = { intent: "question" | "questionReply"; error: string; body: string; target: string };

const STATUS_BADGE = {
  draft: "badge-pending",
  approved: "badge-info",
  exported: "badge-info",
  preparing: "badge-info",
  paid: "badge-ok",
  settled: "badge-ok",
} as const;

/** One statement: status, lines, totals, the PDF, and the questions on its lines (each a thread, as a problem report). */
export function StatementCard({
  statement,
  questions,
  language,
  actionData,
}: {
  statement: StatementView;
  questions: QuestionView[];
  language: Language;
  actionData: QuestionActionData | undefined;
}) {
  const { t } = useTranslation("pay");
  const money = (cents: number) => formatCents(cents, language);
  const label = (line: StatementLine) => t(line.key, lineLabelValues(line, language));
  const shownStatus = statement.nothingToTransfer
    ? statement.status === "paid"
      ? "settled"
      : "approved"
    : statement.status === "exported" && !statement.sentToBank
      ? "preparing"
      : statement.status;
  const carried = money(-statement.carryOutCents);
  const asking =
    actionData?.intent === "question" && actionData.target === String(statement.id) ? actionData : undefined;
  return (
    <li className="dash-list-item" id={`statement-${statement.id}`} data-testid={`statement-${statement.id}`}>
      <div className="dash-list-head">
        <strong>
          {isoWeekLabel(statement.week)} ·{" "}
          {t("statement.weekRange", {
            from: formatCalendarDate(statement.week, language),
            to: formatCalendarDate(addDays(statement.week, 6), language),
          })}
        </strong>
        <span className={`badge ${STATUS_BADGE[shownStatus]}`}>{t(`courierStatus.${shownStatus}`)}</span>
      </div>
      <table className="pay-lines">
        <tbody>
          {statement.lines.map((line, i) => (
            <tr key={i}>
              <td>
                {label(line)}
                {line.reason ? (
                  <span className="field-hint block">{t("statement.reason", { reason: line.reason })}</span>
                ) : null}
              </td>
              <td className="pay-amount">{money(line.amountCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t("total.payout")}</th>
            <td className="pay-amount">
              <strong>{money(statement.payoutCents)}</strong>
            </td>
          </tr>
          {statement.carryOutCents < 0 ? (
            <tr>
              <th scope="row">{t("total.carryOut")}</th>
              <td className="pay-amount">{money(statement.carryOutCents)}</td>
            </tr>
          ) : null}
        </tfoot>
      </table>
      {statement.nothingToTransfer ? (
        <p className="field-hint" data-testid={`statement-nothing-${statement.id}`}>
          {statement.status === "paid" && statement.payday
            ? t("statements.settled", {
                date: formatCalendarDate(statement.payday, language),
                transferred: money(0),
                carried,
              })
            : t("statements.nothingToTransfer", { carried })}
        </p>
      ) : statement.payday ? (
        <p className="field-hint">{t("statements.payday", { date: formatCalendarDate(statement.payday, language) })}</p>
      ) : null}
      <div className="dash-actions">
        <a
          href={`/dashboard/pay/statements/${statement.id}.pdf`}
          download
          className="btn btn-outline"
          data-testid={`statement-pdf-${statement.id}`}
        >
          {t("statements.pdf")}
        </a>
      </div>
      {questions.map((question) => (
        <QuestionThread
          key={question.id}
          question={question}
          line={statement.lines[question.lineIndex]}
          label={label}
          actionData={
            actionData?.intent === "questionReply" && actionData.target === String(question.id) ? actionData : undefined
          }
        />
      ))}
      {/* Keyed by the number of questions: after a sent one the form closes and starts empty again. */}
      <details className="pay-ask" open={asking ? true : undefined} key={questions.length}>
        <summary className="btn btn-ghost">{t("questions.ask")}</summary>
        <Form method="post" action="/dashboard/pay" className="form-stack" preventScrollReset>
          <Intent value="question" />
          <input type="hidden" name="statementId" value={statement.id} />
          {asking ? (
            <p className="alert alert-error" role="alert">
              {asking.error}
            </p>
          ) : null}
          <label className="field">
            <span>{t("questions.line")}</span>
            <select name="lineIndex" defaultValue="0">
              {statement.lines.map((line, i) => (
                <option key={i} value={i}>
                  {label(line)} ({money(line.amountCents)})
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>{t("questions.message")} *</span>
            <textarea name="body" rows={3} maxLength={REPORT_MESSAGE_MAX} required defaultValue={asking?.body} />
          </label>
          <button type="submit" className="btn btn-primary">
            {t("questions.send")}
          </button>
        </Form>
      </details>
    </li>
  );
}

function QuestionThread({
  question,
  line,
  label,
  actionData,
}: {
  question: QuestionView;
  line: StatementLine | undefined;
  label: (line: StatementLine) => string;
  actionData: QuestionActionData | undefined;
}) {
  const { t } = useTranslation("pay");
  const { dateTime } = useDates();
  return (
    <div className="pay-question" id={`question-${question.id}`} data-testid={`question-${question.id}`}>
      <div className="dash-list-head">
        <span className="field-hint">{t("questions.about", { line: line ? label(line) : question.lineKind })}</span>
        <span className={`badge badge-${question.status}`}>{t(`questions.status.${question.status}`)}</span>
      </div>
      <ReportThread
        messages={question.thread}
        formatDate={(at) => dateTime(String(at))}
        authorOf={(m) => (m.from === "courier" ? t("questions.you") : t("questions.team"))}
      />
      {question.status === "open" ? (
        <Form
          method="post"
          action="/dashboard/pay"
          className="thread-reply"
          preventScrollReset
          key={question.thread.length}
        >
          <Intent value="questionReply" />
          <input type="hidden" name="questionId" value={question.id} />
          {actionData ? (
            <p className="alert alert-error" role="alert">
              {actionData.error}
            </p>
          ) : null}
          <label className="field">
            <span>{t("questions.reply")}</span>
            <textarea name="body" rows={2} maxLength={REPORT_MESSAGE_MAX} required defaultValue={actionData?.body} />
          </label>
          <button type="submit" className="btn btn-outline">
            {t("questions.sendReply")}
          </button>
        </Form>
      ) : (
        <p className="field-hint">{t("questions.resolved")}</p>
      )}
    </div>
  );
}
