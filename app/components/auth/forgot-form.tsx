import { getFormProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import type { AuthView } from "~/domain/auth-forms";
import { FormAlert } from "../form-messages";
import { EmailField } from "./auth-fields";
import { AuthSwitchLink } from "./switch-link";
import type { AuthFormResult } from "~/domain/auth-forms";
import { useAuthForm } from "./use-auth-form";

/** Forgot-password and resend-activation: one e-mail field, the same answer for every address. */
export function EmailOnlyForm({
  kind,
  onSwitch,
  serverResult,
}: {
  kind: "forgot" | "resend";
  onSwitch?: (view: AuthView) => void;
  serverResult?: AuthFormResult;
}) {
  const { t, i18n } = useTranslation("auth");
  const action = kind === "forgot" ? "/auth/forgot" : "/auth/resend";
  const { preload, form, fields, result, busy } = useAuthForm({
    id: kind,
    schema: "emailOnlySchema",
    action,
    serverResult,
  });
  return (
    <div className="form-stack">
      {preload}
      {result?.message ? (
        <output className="alert alert-success block">{result.message}</output>
      ) : (
        <form method="post" action={action} className="form-stack" {...getFormProps(form)}>
          <p className="text-sm text-muted">{t(`${kind}.intro`)}</p>
          <FormAlert message={result?.error} />
          <input type="hidden" name="language" value={i18n.language} />
          <EmailField field={fields.email} />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
            {t(`${kind}.submit`)}
          </button>
        </form>
      )}
      {kind === "forgot" ? (
        <p className="form-links">
          <AuthSwitchLink to="login" onSwitch={onSwitch}>
            {t("forgot.backToLogin")}
          </AuthSwitchLink>
        </p>
      ) : null}
    </div>
  );
}
