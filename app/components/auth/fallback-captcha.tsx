import { useTranslation } from "react-i18next";
import type { FallbackQuestion } from "~/domain/auth-forms";

/**
 * The no-JS captcha (docs/security.md, "Captcha"). It sits in `<noscript>`: browsers with JavaScript never parse
 * these inputs (they use the invisible captcha), browsers without it show a small question.
 */
export function FallbackCaptcha({ question }: { question: FallbackQuestion | null | undefined }) {
  const { t } = useTranslation("auth");
  if (!question) return null;
  return (
    <noscript>
      <input type="hidden" name="fallbackToken" value={question.token} />
      <label className="field">
        <span>{question.question}</span>
        <input
          name="fallbackAnswer"
          maxLength={20}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          required
        />
        <span className="field-hint">{t("captcha.hint")}</span>
      </label>
    </noscript>
  );
}
