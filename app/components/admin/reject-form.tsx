import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { STOCK_REJECTION_REASONS, type StockRejectionReason } from "~/domain/rejection";
import { HTML_LANG, type Language } from "~/domain/rules";
import { useLazyValidation } from "./lazy-validation";
import { FieldError } from "../form-messages";
import { DOCUMENT_KINDS } from "~/domain/documents";
import { Intent } from "../intent";

/**
 * Reject with a reason, which is sent to the user. For a job application the stock reasons come first,
 * each shown as the courier will read it in their own language; a note written by hand goes out as
 * written, beside or instead of one. The admin ticks which of the uploaded documents must be replaced;
 * the others are carried over to the courier's next submission.
 */
export function RejectForm({
  result,
  id,
  extra,
  application = false,
  documents = DOCUMENT_KINDS,
  courier,
}: {
  result?: SubmissionResult<string[]>;
  id: string;
  extra?: Record<string, string | number>;
  application?: boolean;
  /** The kinds of document the application holds: only these can be asked for again. */
  documents?: readonly string[];
  /** The courier's language and the stock reasons in it. */
  courier?: { language: Language; reasons: Partial<Record<StockRejectionReason, string>> };
}) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id,
    lastResult: result,
    ...useLazyValidation((v, formData) =>
      v.parseWithZod(formData, { schema: application ? v.applicationRejectSchema : v.rejectSchema }),
    ),
  });
  const initial = fields as Partial<Record<string, { initialValue?: unknown }>>;
  const replaced = initial.replace?.initialValue;
  const chosen = typeof initial.reasonCode?.initialValue === "string" ? initial.reasonCode.initialValue : "";
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
          <fieldset className="doc-group" data-testid="reject-stock">
            <legend>{t("rejection.stock")}</legend>
            {courier ? (
              <p className="field-hint">
                {t("rejection.courierReads", { language: t(`common:language.${courier.language}`) })}
              </p>
            ) : null}
            {STOCK_REJECTION_REASONS.map((code) => (
              <label key={code} className="choice">
                <input type="radio" name="reasonCode" value={code} defaultChecked={chosen === code} />
                <span>
                  {t(`rejection.reasons.${code}`)}
                  {courier?.reasons[code] ? (
                    <span className="field-hint block" lang={HTML_LANG[courier.language]}>
                      {courier.reasons[code]}
                    </span>
                  ) : null}
                </span>
              </label>
            ))}
            <label className="choice">
              <input type="radio" name="reasonCode" value="" defaultChecked={!chosen} />
              <span>{t("rejection.ownReason")}</span>
            </label>
          </fieldset>
          <fieldset className="doc-group">
            <legend>{t("rejection.replace")}</legend>
            <p className="field-hint">{t("rejection.replaceHint")}</p>
            {DOCUMENT_KINDS.filter((kind) => documents.includes(kind)).map((kind) => (
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
        {application && courier ? (
          <span className="field-hint">
            {t("rejection.noteAsWritten", { language: t(`common:language.${courier.language}`) })}
          </span>
        ) : null}
        <textarea {...getTextareaProps(fields.reason)} required={!application} maxLength={1000} />
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
