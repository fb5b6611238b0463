import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * Ten one-time codes, shown once after enrolment or renewal; monospace so they copy and print cleanly.
 * The heading takes focus and scrolls clear of the sticky header (the codes are shown once); a
 * download link works without JS, and with JS a button copies them.
 */
export function RecoveryCodes({ codes, headingLevel = 2 }: { codes: string[]; headingLevel?: 1 | 2 }) {
  const { t } = useTranslation("auth");
  const heading = useRef<HTMLHeadingElement>(null);
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard));
    heading.current?.focus();
  }, []);
  const text = `${t("secondFactor.recoveryTitle")}\n\n${codes.join("\n")}\n`;
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div className="recovery-block">
      <Heading ref={heading} tabIndex={-1} className="recovery-heading">
        {t("secondFactor.recoveryTitle")}
      </Heading>
      <p>{t("secondFactor.recoveryIntro")}</p>
      <ol className="recovery-codes" aria-label={t("secondFactor.recoveryTitle")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="recovery-actions">
        <a
          className="btn btn-outline"
          download="courier-fleet-recovery-codes.txt"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        >
          {t("secondFactor.recoveryDownload")}
        </a>
        {canCopy ? (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => {
              void navigator.clipboard.writeText(codes.join("\n")).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            {copied ? t("secondFactor.recoveryCopied") : t("secondFactor.recoveryCopy")}
          </button>
        ) : null}
      </div>
    </div>
  );
}
