import { useTranslation } from "react-i18next";

/** The authenticator code asked again right before a sensitive change (erase, role, recovery codes). */
export function StepUpField({ id = "step-up-code" }: { id?: string }) {
  const { t } = useTranslation("auth");
  return (
    <div className="field">
      <label htmlFor={id}>{t("secondFactor.stepUpLabel")}</label>
      <input
        id={id}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={40}
        required
        aria-describedby={`${id}-hint`}
      />
      <span id={`${id}-hint`} className="field-hint">
        {t("secondFactor.stepUpHint")}
      </span>
    </div>
  );
}
