import { LANGUAGES, type Language } from "./rules";

/** One text stored per language; Slovak is required, Ukrainian and English may be missing. */
export type LocalizedText = { sk: string; ua: string | null; en: string | null };

/** Where a text comes from when the reader's language has none: the requested one, then Slovak, then English. */
export function fallbackOrder(requested: Language): Language[] {
  return [...new Set<Language>([requested, "sk", "en"])];
}

function present(value: string | null | undefined): value is string {
  return typeof value === "string" && value.trim() !== "";
}

/** The text to show a reader of `requested`, with the language it is actually in ("" when none is filled in). */
export function pickLocalized(text: LocalizedText, requested: Language): { text: string; language: Language } {
  for (const language of fallbackOrder(requested)) {
    const value = text[language];
    if (present(value)) return { text: value, language };
  }
  return { text: "", language: requested };
}

/** Shorthand for `pickLocalized(...).text`. */
export function localized(text: LocalizedText, requested: Language): string {
  return pickLocalized(text, requested).text;
}

/** Languages without their own text (the admin's "missing in UA" markers). */
export function missingLanguages(...texts: LocalizedText[]): Language[] {
  return LANGUAGES.filter((language) => texts.some((text) => !present(text[language])));
}

/** Blank optional values are stored as null, so "missing" has one meaning. */
export function normalizeOptional(value: string | null | undefined): string | null {
  return present(value) ? value.trim() : null;
}
