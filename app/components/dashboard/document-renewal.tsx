import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { DashboardActionData, DashboardData } from "./types";
import { DocumentInput } from "./document-input";
import { useSubmitAfterUploads } from "./submit-after-uploads";
import { FormAlert } from "../form-messages";
import { RequiredMark } from "./field-error";
import { useDates } from "./format";

type Documents = NonNullable<DashboardData["documents"]>;

/**
 * The banner about a right-to-stay document that ends soon or has ended, and the form for the new
 * one (both residence sides or a refugee document, and its valid-until date). With JS each photo
 * is sent as soon as it is chosen (the same upload pipeline as the job application); without JS
 * the files go with the form.
 */
export function DocumentBanner({ documents }: { documents: Documents }) {
  const { t } = useTranslation("dashboard");
  const { date } = useDates();
  if (documents.pending) {
    return (
      <p className="alert alert-info" data-testid="document-pending">
        {t("documents.pending", { date: date(documents.pending.validUntil) })}
      </p>
    );
  }
  if (documents.state === "valid" && !documents.rejectedReason) return null;
  return (
    <div
      className={documents.state === "expired" ? "alert alert-error" : "alert alert-info"}
      data-testid="document-banner"
    >
      {documents.state === "expired" ? (
        <p>{t("documents.expiredBanner", { date: date(documents.validUntil) })}</p>
      ) : documents.state === "expiring" ? (
        <p>{t("documents.expiringBanner", { date: date(documents.validUntil), days: documents.daysLeft })}</p>
      ) : null}
      {documents.rejectedReason ? <p>{t("documents.rejected", { reason: documents.rejectedReason })}</p> : null}
      <a href="#renew-document">{t("documents.uploadLink")}</a>
    </div>
  );
}

export function DocumentRenewalForm({
  data,
  actionData,
}: {
  data: DashboardData;
  actionData: DashboardActionData | undefined;
}) {
  const { t } = useTranslation("dashboard");
  const navigation = useNavigation();
  const { onBusyChange, waiting, holdWhileUploading } = useSubmitAfterUploads();
  const documents = data.documents;
  if (!documents || documents.pending || (documents.state === "valid" && !documents.rejectedReason)) return null;
  const mine = actionData?.intent === "renewDocument" ? actionData : undefined;
  const draftOf = (kind: string) => data.renewalDrafts.find((d) => d.kind === kind);
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith("/dashboard/document-renewal");
  return (
    <Form
      method="post"
      action="/dashboard/document-renewal"
      encType="multipart/form-data"
      className="form-stack card"
      id="renew-document"
      data-testid="renew-document"
      onSubmitCapture={holdWhileUploading}
    >
      <h2 className="dash-h2">{t("documents.title")}</h2>
      <p className="field-hint">{t("documents.intro")}</p>
      <FormAlert message={mine?.error} />
      <DocumentInput
        name="residence_front"
        draft={draftOf("residence_front")}
        errors={undefined}
        required={false}
        onBusyChange={onBusyChange}
      />
      <DocumentInput
        name="residence_back"
        draft={draftOf("residence_back")}
        errors={undefined}
        required={false}
        onBusyChange={onBusyChange}
      />
      <p className="doc-or">{t("apply.or")}</p>
      <DocumentInput
        name="refugee_document"
        draft={draftOf("refugee_document")}
        errors={undefined}
        required={false}
        onBusyChange={onBusyChange}
      />
      <label className="field">
        <span>
          {t("documents.validUntil")}
          <RequiredMark />
        </span>
        <input type="date" name="validUntil" required defaultValue={mine?.validUntil ?? ""} />
      </label>
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? t("documents.sending") : waiting ? t("photoUpload.waiting") : t("documents.submit")}
      </button>
    </Form>
  );
}
