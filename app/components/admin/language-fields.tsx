import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { HTML_LANG, LANGUAGES, type Language } from "~/domain/rules";
import { FieldError } from "../form-messages";

type Field = FieldMetadata<string | null | undefined>;

/** "Missing in UA" markers for the languages a text has no value in. */
export function MissingLanguages({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation("admin");
  if (languages.length === 0) return null;
  return (
    <span className="missing-languages">
      {languages.map((language) => (
        <span key={language} className="badge badge-warn" data-testid={`missing-${language}`}>
          {t("content.missingIn", { language: language.toUpperCase() })}
        </span>
      ))}
    </span>
  );
}

/**
 * One text field per language (Slovak required, Ukrainian and English optional), grouped under one
 * legend, with a "missing in …" marker next to an empty optional language.
 */
export function LanguageFields({
  legend,
  fields,
  multiline,
  maxLength,
  hint,
}: {
  legend: string;
  fields: Record<Language, Field>;
  multiline?: boolean;
  maxLength: number;
  hint?: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <fieldset className="field language-fields">
      <legend>{legend}</legend>
      {hint ? <span className="field-hint">{hint}</span> : null}
      {LANGUAGES.map((language) => {
        const field = fields[language];
        const required = language === "sk";
        const empty = !String(field.value ?? "").trim();
        return (
          <label key={language} className="field language-field">
            <span className="language-field-label">
              {t(`content.language.${language}`)}
              {required ? <span aria-hidden="true"> *</span> : null}
              {!required && empty ? <MissingLanguages languages={[language]} /> : null}
            </span>
            {multiline ? (
              <textarea
                {...getTextareaProps(field)}
                lang={HTML_LANG[language]}
                required={required}
                maxLength={maxLength}
                rows={3}
              />
            ) : (
              <input
                {...getInputProps(field, { type: "text" })}
                lang={HTML_LANG[language]}
                required={required}
                maxLength={maxLength}
              />
            )}
            <FieldError ns="admin" errors={field.errors} id={field.errorId} />
          </label>
        );
      })}
    </fieldset>
  );
}
