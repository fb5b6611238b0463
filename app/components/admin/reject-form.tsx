import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { rejectSchema } from "./schemas";
import { FieldError } from "./vehicle-sections";

/** Reject with a reason: the reason is required and is sent to the user. */
export function RejectForm({ result, id, extra }: { result?: SubmissionResult<string[]>; id: string; extra?: Record<string, string | number> }) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id,
    lastResult: result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rejectSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="form-stack">
      <input type="hidden" name="intent" value="reject" />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="field">
        {t("decisions.reason")}
        <textarea {...getTextareaProps(fields.reason)} key={fields.reason.key} required maxLength={1000} />
        <FieldError errors={fields.reason.errors} id={fields.reason.errorId} />
      </label>
      <button type="submit" className="btn btn-danger">
        {t("decisions.reject")}
      </button>
    </Form>
  );
}
