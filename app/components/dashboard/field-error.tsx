import { useTranslation } from "react-i18next";

/** Shows a field's first error; schema messages are keys of the dashboard namespace. */
export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useTranslation("dashboard");
  if (!errors?.length) return null;
  return (
    <span id={id} className="field-error">
      {t(errors[0]!)}
    </span>
  );
}

/** A route's refusal message above a form. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="alert alert-error" role="alert">
      {message}
    </p>
  );
}

/** The visible "required" marker; the inputs carry `required` (or the group its rule) for assistive tech. */
export function RequiredMark() {
  return (
    <span className="req-mark" aria-hidden="true">
      {" *"}
    </span>
  );
}
