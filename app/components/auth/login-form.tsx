import { getFormProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { AuthView } from "~/domain/auth-forms";
import { FallbackCaptcha } from "./fallback-captcha";
import { FormAlert } from "../form-messages";
import { EmailField, PasswordField } from "./auth-fields";
import { AuthSwitchLink } from "./switch-link";
import type { AuthFormResult } from "~/domain/auth-forms";
import { useAuthForm } from "./use-auth-form";

export function LoginForm({
  redirectTo,
  onSwitch,
  serverResult,
}: {
  redirectTo: string;
  onSwitch: (view: AuthView) => void;
  serverResult?: AuthFormResult;
}) {
  const { t } = useTranslation("auth");
  const { preload, form, fields, result, busy, captchaFailed, fallback, scriptProps } = useAuthForm({
    id: "login",
    schema: "loginSchema",
    action: "/auth/login",
    captcha: "login",
    serverResult,
  });
  return (
    <div className="form-stack">
      {preload}
      <form method="post" action="/auth/login" className="form-stack" {...getFormProps(form)} {...scriptProps}>
        <FormAlert message={captchaFailed ? t("captcha.failed") : result?.error} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <EmailField field={fields.email} />
        <PasswordField field={fields.password} label={t("fields.currentPassword")} autoComplete="current-password" />
        <FallbackCaptcha question={fallback} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy} aria-busy={busy}>
          {busy ? t("captcha.checking") : t("login.submit")}
        </button>
      </form>
      {result?.resendEmail ? <ResendActivation email={result.resendEmail} /> : null}
      <p className="form-links">
        <AuthSwitchLink to="forgot" onSwitch={onSwitch}>
          {t("login.forgotLink")}
        </AuthSwitchLink>
        <AuthSwitchLink to="register" onSwitch={onSwitch}>
          {t("login.registerLink")}
        </AuthSwitchLink>
      </p>
    </div>
  );
}

/** Offered after a 403 "not activated": sends the activation e-mail again to the typed address. */
function ResendActivation({ email }: { email: string }) {
  const { t } = useTranslation("auth");
  const fetcher = useFetcher<AuthFormResult>({ key: "resend-from-login" });
  if (fetcher.data?.message) return <output className="alert alert-success block">{fetcher.data.message}</output>;
  return (
    <fetcher.Form method="post" action="/auth/resend">
      <input type="hidden" name="email" value={email} />
      <button type="submit" className="btn btn-outline btn-block" disabled={fetcher.state !== "idle"}>
        {t("login.resendActivation")}
      </button>
    </fetcher.Form>
  );
}
