/**
 * Numbers from 1 to 99 as words, for the no-JS captcha question (app/services/captcha.server.ts).
 * The words themselves live in `locales/*\/auth.json` (`numbers` 1–19, `tens` 2–9 and how a tens
 * word and a unit word join); this module only puts them together and reads them back.
 */
export type NumberVocabulary = { numbers: Record<string, string>; tens: Record<string, string>; compound: string };

/** 47 → "forty-seven", "štyridsaťsedem", "сорок сім" (1–99). */
export function spellNumber(n: number, vocabulary: NumberVocabulary): string {
  if (n < 20) return vocabulary.numbers[String(n)] ?? String(n);
  const tens = vocabulary.tens[String(Math.floor(n / 10))] ?? String(n);
  const unit = n % 10;
  if (unit === 0) return tens;
  return vocabulary.compound
    .replace("{{tens}}", tens)
    .replace("{{units}}", vocabulary.numbers[String(unit)] ?? String(unit));
}

/** Case, apostrophe variants, spaces and hyphens do not matter: "Forty seven" reads as "forty-seven". */
export function normalizeNumberWords(text: string) {
  return text
    .trim()
    .toLowerCase()
    .normalize("NFC")
    .replace(/[’ʼ`]/g, "'")
    .replace(/[\s-]+/g, "");
}

/** Every way of writing 1–99 in the given vocabularies, normalized, to its value. */
export function numberWordIndex(vocabularies: NumberVocabulary[]) {
  const index = new Map<string, number>();
  for (const vocabulary of vocabularies) {
    for (let n = 1; n <= 99; n++) index.set(normalizeNumberWords(spellNumber(n, vocabulary)), n);
  }
  return index;
}
