import { useTranslation } from "react-i18next";

/** Ten one-time codes, shown once after enrolment or renewal; monospace so they copy and print cleanly. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation("auth");
  return (
    <>
      <p>{t("secondFactor.recoveryIntro")}</p>
      <ol className="recovery-codes" aria-label={t("secondFactor.recoveryTitle")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
    </>
  );
}
