import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { UrlDialog } from "~/components/dialog";
import { FileInput } from "~/components/file-input";
import { MAX_REPORT_FILES } from "~/domain/rules";
import { problemReportSchema } from "~/domain/problem-report-schema";
import type { DashboardActionData, DashboardData } from "./types";
import { FieldError, FormAlert } from "../form-messages";
import { CooldownNotice } from "./my-reports";

/** Report a problem with the assigned vehicle, or, during the cooldown, the time left and the phone line. */
export function ReportModal({
  data,
  actionData,
}: {
  data: DashboardData;
  actionData: DashboardActionData | undefined;
}) {
  const { t } = useTranslation("dashboard");
  const mine = actionData?.intent === "report" ? actionData : undefined;
  return (
    <UrlDialog title={t("report.title")} closeTo="/dashboard" wide>
      <div className="form-stack">
        {!data.vehicle ? (
          <p className="alert alert-info">{t("refusals.noVehicle")}</p>
        ) : data.nextReportAt ? (
          <CooldownNotice until={data.nextReportAt} />
        ) : (
          <ReportForm actionData={mine} formKey={data.formKey} />
        )}
        {data.reports.length > 0 ? (
          <Link to="/dashboard#my-reports-title" className="field-hint underline">
            {t("reports.seeConversation")}
          </Link>
        ) : null}
      </div>
    </UrlDialog>
  );
}

function ReportForm({ actionData, formKey }: { actionData: DashboardActionData | undefined; formKey: string }) {
  const { t } = useTranslation("dashboard");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "report",
    lastResult: actionData?.lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: problemReportSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/dashboard/report");
  return (
    <Form
      method="post"
      action={`/dashboard/report?modal=report&formKey=${formKey}`}
      encType="multipart/form-data"
      className="form-stack"
      {...getFormProps(form)}
    >
      <FormAlert message={actionData?.error} />
      <label className="field">
        <span>{t("report.description")} *</span>
        <textarea {...getTextareaProps(fields.description)} rows={4} maxLength={2000} required />
        <FieldError ns="dashboard" id={fields.description.errorId} errors={fields.description.errors} />
      </label>
      <label className="field">
        <span>{t("report.attachments", { max: MAX_REPORT_FILES })}</span>
        <FileInput
          resetOnNavigation={false}
          name={fields.attachments.name}
          multiple
          accept="image/jpeg,image/png,image/webp,video/mp4,video/quicktime,video/webm"
          aria-invalid={fields.attachments.errors ? true : undefined}
          aria-describedby={fields.attachments.errors ? fields.attachments.errorId : undefined}
        />
        <span className="field-hint">{t("report.attachmentsHint")}</span>
        <FieldError ns="dashboard" id={fields.attachments.errorId} errors={fields.attachments.errors} />
      </label>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("report.sending") : t("report.submit")}
      </button>
    </Form>
  );
}
