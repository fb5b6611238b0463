import { getFormProps } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { isStrongPassword } from "~/domain/password";
import type { AuthView } from "~/domain/auth-forms";
import { FallbackCaptcha } from "./fallback-captcha";
import { FormAlert } from "../form-messages";
import { EmailField, PasswordField } from "./auth-fields";
import { PasswordChecklist } from "./password-checklist";
import { AuthSwitchLink } from "./switch-link";
import type { AuthFormResult } from "~/domain/auth-forms";
import { useAuthForm } from "./use-auth-form";

export function RegisterForm({
  onSwitch,
  serverResult,
}: {
  onSwitch: (view: AuthView) => void;
  serverResult?: AuthFormResult;
}) {
  const { t, i18n } = useTranslation("auth");
  const { preload, form, fields, result, busy, captchaFailed, fallback, scriptProps } = useAuthForm({
    id: "register",
    schema: "registerSchema",
    action: "/auth/register",
    captcha: "register",
    serverResult,
  });
  const [password, setPassword] = useState("");
  // The versions of the legal texts this form links to: registration records them as shown.
  const legal = (useRouteLoaderData("root") as { legalVersions?: { privacy: number; terms: number } } | undefined)
    ?.legalVersions;
  // The live checklist and the disabled submit need JavaScript; without it the server checks.
  const [hydrated, setHydrated] = useState(false);
  const [referralCode, setReferralCode] = useState("");
  const passwordInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setHydrated(true);
    setReferralCode(sessionStorage.getItem("referralCode") ?? "");
    // A password typed or filled in by a password manager before hydration is in the field, not in
    // state; without this the submit stayed disabled until the next keystroke.
    setPassword(passwordInput.current?.value ?? "");
  }, []);

  if (result?.message) {
    return (
      <div className="form-stack">
        <h3 className="auth-success-title">{t("register.successTitle")}</h3>
        <output className="alert alert-success block">{result.message}</output>
        <AuthSwitchLink to="login" onSwitch={onSwitch} className="btn btn-primary btn-block">
          {t("register.goToLogin")}
        </AuthSwitchLink>
      </div>
    );
  }

  return (
    <div className="form-stack">
      {preload}
      <form method="post" action="/auth/register" className="form-stack" {...getFormProps(form)} {...scriptProps}>
        <FormAlert message={captchaFailed ? t("captcha.failed") : result?.error} />
        <input type="hidden" name="language" value={i18n.language} />
        <input type="hidden" name="referralCode" value={referralCode} />
        <EmailField field={fields.email} />
        <PasswordField
          field={fields.password}
          label={t("fields.password")}
          ref={passwordInput}
          autoComplete="new-password"
          minLength={8}
          aria-describedby={`${fields.password.errorId} register-pw-rules`}
          onInput={(event) => setPassword(event.currentTarget.value)}
        />
        <PasswordChecklist password={password} live={hydrated} id="register-pw-rules" />
        <FallbackCaptcha question={fallback} />
        {legal ? (
          <>
            <input type="hidden" name="privacyVersion" value={legal.privacy} />
            <input type="hidden" name="termsVersion" value={legal.terms} />
          </>
        ) : null}
        <p className="field-hint">
          <Trans
            t={t}
            i18nKey="register.legal"
            components={{
              terms: <NewTabLink href="/terms" />,
              privacy: <NewTabLink href="/privacy" />,
            }}
          />
        </p>
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={busy || (hydrated && !isStrongPassword(password))}
          aria-busy={busy}
        >
          {busy ? t("captcha.checking") : t("register.submit")}
        </button>
      </form>
      <p className="form-links">
        <AuthSwitchLink to="login" onSwitch={onSwitch}>
          {t("register.loginLink")}
        </AuthSwitchLink>
      </p>
    </div>
  );
}

/** A link the register form opens beside itself, so what was typed stays; Trans fills in its words. */
function NewTabLink({ href, children }: { href: string; children?: React.ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener">
      {children}
    </a>
  );
}
