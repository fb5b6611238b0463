import { useTranslation } from "react-i18next";
import { PASSWORD_RULES, passwordChecklist } from "~/domain/password";

/**
 * The live checklist of the password rule (app/domain/password.ts). Without JavaScript it is a plain list of the rules; with it every
 * line turns green as soon as the typed password meets it.
 */
export function PasswordChecklist({ password, live, id }: { password: string; live: boolean; id: string }) {
  const { t } = useTranslation("auth");
  const met = passwordChecklist(password);
  return (
    <div id={id} className="pw-rules">
      <p>{t("passwordRule.title")}</p>
      <ul>
        {PASSWORD_RULES.map((rule) => {
          const ok = live && met[rule.id];
          return (
            <li key={rule.id} className={ok ? "pw-rule pw-rule-ok" : "pw-rule"}>
              <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                {ok ? (
                  <path
                    d="M3 8.5l3 3 7-7"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                ) : (
                  <circle cx="8" cy="8" r="5" fill="none" stroke="currentColor" strokeWidth="1.5" />
                )}
              </svg>
              <span>{t(`passwordRule.${rule.id}`)}</span>
              {live ? (
                <span className="sr-only"> ({ok ? t("passwordRule.met") : t("passwordRule.notMet")})</span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
