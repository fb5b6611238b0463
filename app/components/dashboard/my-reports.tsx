import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { ReportThread } from "~/components/report-thread";
import { REPORT_MESSAGE_MAX, telHref } from "~/domain/rules";
import { useCompany } from "~/components/company";
import type { DashboardActionData, DashboardData } from "./types";
import { Countdown } from "./countdown";
import { FormAlert } from "../form-messages";
import { FormKey } from "~/components/form-key";
import { useDates } from "./format";

/** While the report cooldown runs: the time left, and the phone line for a breakdown that cannot wait. */
export function CooldownNotice({ until }: { until: string }) {
  const { t } = useTranslation("dashboard");
  const { phone } = useCompany();
  return (
    <div className="form-stack" data-testid="cooldown-notice">
      <Countdown until={until} />
      {phone ? (
        <p className="cooldown-urgent">
          <span className="field-hint">{t("reports.urgent")}</span>
          <a href={telHref(phone)} className="btn btn-outline" data-testid="support-phone">
            {t("reports.call", { phone })}
          </a>
        </p>
      ) : null}
    </div>
  );
}

/** "My problem reports": each report with its status and the whole conversation, and a reply form while it is open. */
export function MyReports({
  reports,
  actionData,
  formKey,
}: {
  reports: DashboardData["reports"];
  actionData: DashboardActionData | undefined;
  formKey: string;
}) {
  const { t } = useTranslation("dashboard");
  const { dateTime } = useDates();
  if (reports.length === 0) return null;
  return (
    <section className="card dash-section" aria-labelledby="my-reports-title">
      <h2 className="dash-h2" id="my-reports-title">
        {t("reports.title")}
      </h2>
      <ul className="dash-list" data-testid="reports">
        {reports.map((report) => (
          <li key={report.id} id={`report-${report.id}`} className="dash-list-item" data-testid={`report-${report.id}`}>
            <div className="dash-list-head">
              <span className="field-hint">
                {dateTime(report.createdAt)}
                {report.vehicleName ? ` · ${report.vehicleName}` : ""}
              </span>
              <span className={`badge badge-${report.status}`}>{t(`report.status.${report.status}`)}</span>
            </div>
            <ReportThread
              messages={report.thread}
              formatDate={(at) => dateTime(String(at))}
              authorOf={(m) => (m.from === "courier" ? t("reports.you") : t("reports.team"))}
            />
            {report.attachments.length > 0 ? (
              <div className="doc-thumbs">
                {report.attachments.map((file) =>
                  file.mime.startsWith("image/") ? (
                    <a key={file.id} href={`/files/${file.id}`} target="_blank" rel="noreferrer">
                      <img
                        src={`/files/${file.id}`}
                        alt={t("report.attachment")}
                        width={64}
                        height={64}
                        className="doc-thumb"
                        loading="lazy"
                      />
                    </a>
                  ) : (
                    <a key={file.id} href={`/files/${file.id}`} target="_blank" rel="noreferrer" className="badge">
                      {t("report.video")}
                    </a>
                  ),
                )}
              </div>
            ) : null}
            {report.canReply ? (
              // Keyed by the thread's length: after a sent reply the form starts empty again.
              <ReplyForm
                key={report.thread.length}
                reportId={report.id}
                formKey={formKey}
                actionData={
                  actionData?.intent === "reply" && actionData.reportId === report.id ? actionData : undefined
                }
              />
            ) : (
              <p className="field-hint">{t("reports.resolvedHint", { date: dateTime(report.resolvedAt) })}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A plain post: works without JS; a refusal comes back with the typed text and the message under this report. */
function ReplyForm({
  reportId,
  actionData,
  formKey,
}: {
  reportId: number;
  actionData: DashboardActionData | undefined;
  formKey: string;
}) {
  const { t } = useTranslation("dashboard");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("reportId") === String(reportId);
  const fieldId = `reply-${reportId}`;
  return (
    <Form method="post" action="/dashboard/reply" className="thread-reply" preventScrollReset>
      <input type="hidden" name="reportId" value={reportId} />
      <FormKey value={formKey} />
      <FormAlert message={actionData?.error} />
      <label className="field" htmlFor={fieldId}>
        <span>{t("reports.reply")}</span>
        <textarea
          id={fieldId}
          name="body"
          rows={2}
          maxLength={REPORT_MESSAGE_MAX}
          required
          defaultValue={actionData?.body}
          key={actionData?.body === undefined ? "empty" : "refused"}
        />
      </label>
      <button type="submit" className="btn btn-outline" disabled={busy}>
        {busy ? t("reports.sending") : t("reports.send")}
      </button>
    </Form>
  );
}
