/**
 * The e-mail and password fields of the auth forms (log-in, register, forgot, reset): a label, the
 * input with Conform's id, name and aria wiring, and every error under it. Plain inputs: what a form
 * adds (a ref, rules, its own aria-describedby, an input handler) is passed through to the input.
 */
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { FieldError } from "../form-messages";

type Field = FieldMetadata<unknown>;
type InputProps = Omit<ComponentProps<"input">, "type" | "name" | "id" | "key">;

function AuthField({
  field,
  type,
  label,
  ...input
}: { field: Field; type: "email" | "password"; label: string } & InputProps) {
  return (
    <label className="field">
      <span>{label}</span>
      <input {...getInputProps(field, { type })} required {...input} />
      <FieldError ns="auth" all errors={field.errors} id={field.errorId} />
    </label>
  );
}

export function EmailField({ field }: { field: Field }) {
  const { t } = useTranslation("auth");
  return <AuthField field={field} type="email" label={t("fields.email")} autoComplete="email" />;
}

/** `autoComplete` is required: a password manager fills a current password and offers a new one. */
export function PasswordField(
  props: { field: Field; label: string; autoComplete: "current-password" | "new-password" } & InputProps,
) {
  return <AuthField type="password" {...props} />;
}
