import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { AuthView } from "../auth-dialog";
import { AuthSwitchLink } from "./switch-link";

export function RegisterForm({ onSwitch }: { onSwitch: (view: AuthView) => void }) {
  const { t } = useTranslation("auth");
  return (
    <Form method="post" action="/auth/register" className="form-stack">
      <label className="field">
        <span>{t("fields.email")}</span>
        <input name="email" type="email" autoComplete="email" required />
      </label>
      <label className="field">
        <span>{t("fields.password")}</span>
        <input name="password" type="password" autoComplete="new-password" minLength={8} required />
      </label>
      <button type="submit" className="btn btn-primary btn-block">
        {t("register.submit")}
      </button>
      <p className="form-links">
        <AuthSwitchLink to="login" onSwitch={onSwitch}>
          {t("register.loginLink")}
        </AuthSwitchLink>
      </p>
    </Form>
  );
}
