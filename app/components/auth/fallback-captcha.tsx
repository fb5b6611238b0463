import { useTranslation } from "react-i18next";
import type { FallbackQuestion } from "./types";

/**
 * The no-JS captcha of CONTRACT §5. It sits in `<noscript>`: browsers with JavaScript never parse
 * these inputs (they use the invisible captcha), browsers without it show a small question.
 */
export function FallbackCaptcha({ question }: { question: FallbackQuestion | null | undefined }) {
  const { t } = useTranslation("auth");
  if (!question) return null;
  return (
    <noscript>
      <input type="hidden" name="fallbackToken" value={question.token} />
      <label className="field">
        <span>{t("captcha.question", { a: t(`numbers.${question.a}`), b: t(`numbers.${question.b}`) })}</span>
        <input name="fallbackAnswer" inputMode="numeric" pattern="[0-9]*" maxLength={3} autoComplete="off" required />
        <span className="field-hint">{t("captcha.hint")}</span>
      </label>
    </noscript>
  );
}
