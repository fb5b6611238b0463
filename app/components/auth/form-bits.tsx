import { useTranslation } from "react-i18next";

/** Field errors arrive as translation keys from the shared schemas. */
export function FieldErrors({ errors, id }: { errors: string[] | undefined; id: string }) {
  const { t } = useTranslation("auth");
  if (!errors?.length) return null;
  return (
    <span id={id} className="field-error">
      {errors.map((key) => t(key)).join(" ")}
    </span>
  );
}

/** The form's refusal (already translated by the server), announced to screen readers. */
export function FormAlert({ error }: { error: string | null | undefined }) {
  if (!error) return null;
  return (
    <p className="alert alert-error" role="alert">
      {error}
    </p>
  );
}
