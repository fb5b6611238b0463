import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { STOCK_REJECTION_REASONS } from "~/domain/rejection";
import { useLazyValidation } from "./lazy-validation";
import { FieldError } from "../form-messages";
import { DOCUMENT_KINDS } from "~/domain/documents";
import { Intent } from "../intent";

/**
 * Reject with a reason, which is sent to the user. For a job application the admin may pick a stock
 * reason (the courier reads it in their own language) instead of or besides writing one, and ticks
 * the documents that must be replaced; the others are carried over to the courier's next submission.
 */
export function RejectForm({
  result,
  id,
  extra,
  application = false,
}: {
  result?: SubmissionResult<string[]>;
  id: string;
  extra?: Record<string, string | number>;
  application?: boolean;
}) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id,
    lastResult: result,
    ...useLazyValidation((v, formData) =>
      v.parseWithZod(formData, { schema: application ? v.applicationRejectSchema : v.rejectSchema }),
    ),
  });
  const replaced = (fields as Partial<Record<string, { initialValue?: unknown }>>).replace?.initialValue;
  const ticked = new Set(
    Array.isArray(replaced) ? replaced.map(String) : typeof replaced === "string" ? [replaced] : [],
  );
  return (
    <Form method="post" {...getFormProps(form)} className="form-stack">
      <Intent value="reject" />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {application ? (
        <>
          <label className="field">
            {t("rejection.stock")}
            <select
              {...getSelectProps(fields.reasonCode as Parameters<typeof getSelectProps>[0])}
              data-testid="reject-stock"
            >
              <StockReasonOptions />
            </select>
          </label>
          <fieldset className="doc-group">
            <legend>{t("rejection.replace")}</legend>
            <p className="field-hint">{t("rejection.replaceHint")}</p>
            {DOCUMENT_KINDS.map((kind) => (
              <label key={kind} className="choice">
                <input type="checkbox" name="replace" value={kind} defaultChecked={ticked.has(kind)} />
                <span>{t(`applications.kind.${kind}`)}</span>
              </label>
            ))}
          </fieldset>
        </>
      ) : null}
      <label className="field">
        {application ? t("rejection.note") : t("decisions.reason")}
        <textarea
          {...getTextareaProps(fields.reason)}
          key={fields.reason.key}
          required={!application}
          maxLength={1000}
        />
        <FieldError ns="admin" errors={fields.reason.errors} id={fields.reason.errorId} />
      </label>
      <button type="submit" className="btn btn-danger">
        {t("decisions.reject")}
      </button>
    </Form>
  );
}

/** The stock rejection reasons as options, after "write my own"; shared by this form and the bulk bar. */
export function StockReasonOptions() {
  const { t } = useTranslation("admin");
  return (
    <>
      <option value="">{t("rejection.ownReason")}</option>
      {STOCK_REJECTION_REASONS.map((code) => (
        <option key={code} value={code}>
          {t(`rejection.reasons.${code}`)}
        </option>
      ))}
    </>
  );
}
