import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { AuthView } from "../auth-dialog";
import { AuthSwitchLink } from "./switch-link";

export function LoginForm({ redirectTo, onSwitch }: { redirectTo: string; onSwitch: (view: AuthView) => void }) {
  const { t } = useTranslation("auth");
  return (
    <Form method="post" action="/auth/login" className="form-stack">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <label className="field">
        <span>{t("fields.email")}</span>
        <input name="email" type="email" autoComplete="email" required />
      </label>
      <label className="field">
        <span>{t("fields.password")}</span>
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <button type="submit" className="btn btn-primary btn-block">
        {t("login.submit")}
      </button>
      <p className="form-links">
        <AuthSwitchLink to="forgot" onSwitch={onSwitch}>
          {t("login.forgotLink")}
        </AuthSwitchLink>
        <AuthSwitchLink to="register" onSwitch={onSwitch}>
          {t("login.registerLink")}
        </AuthSwitchLink>
      </p>
    </Form>
  );
}
