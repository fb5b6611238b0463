/** The messages a form shows: a field's error under the field, and the route's refusal above the form. */
import { useTranslation } from "react-i18next";

/**
 * A field's error. Schema messages are translation keys of the form's namespace (`ns`); the
 * first is shown, or with `all` every one (the password rules list each broken rule).
 */
export function FieldError({
  id,
  errors,
  ns,
  all = false,
}: {
  id: string;
  errors: string[] | undefined;
  ns: "admin" | "auth" | "dashboard";
  all?: boolean;
}) {
  const { t } = useTranslation(ns);
  if (!errors?.length) return null;
  return (
    <span id={id} className="field-error">
      {all ? errors.map((key) => t(key)).join(" ") : t(errors[0]!)}
    </span>
  );
}

/** The form's refusal (already translated by the server), announced to screen readers. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="alert alert-error" role="alert">
      {message}
    </p>
  );
}
