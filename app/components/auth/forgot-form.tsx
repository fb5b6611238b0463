import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { AuthView } from "../auth-dialog";
import { AuthSwitchLink } from "./switch-link";

export function ForgotForm({ onSwitch }: { onSwitch: (view: AuthView) => void }) {
  const { t } = useTranslation("auth");
  return (
    <Form method="post" action="/auth/forgot" className="form-stack">
      <label className="field">
        <span>{t("fields.email")}</span>
        <input name="email" type="email" autoComplete="email" required />
      </label>
      <button type="submit" className="btn btn-primary btn-block">
        {t("forgot.submit")}
      </button>
      <p className="form-links">
        <AuthSwitchLink to="login" onSwitch={onSwitch}>
          {t("forgot.backToLogin")}
        </AuthSwitchLink>
      </p>
    </Form>
  );
}
