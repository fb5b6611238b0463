/**
 * The one rule for free text, in every form, JSON body and query parameter.
 *
 * Refused (never stored, never searched):
 * - NUL and the other C0 controls, DEL and the C1 controls. Tab is allowed everywhere; line breaks
 *   (LF, CR) only in multi-line text. PostgreSQL cannot store NUL at all, and SQLite's full-text
 *   query syntax ends a string at it.
 * - Lone UTF-16 surrogates (`"\ud800"` in a JSON body). They have no UTF-8 form, so the database
 *   would silently store U+FFFD instead of what was sent; no browser form produces them. Refused
 *   rather than replaced, so what is stored is always exactly what was sent.
 * - Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they let a
 *   name or a note display as something other than what it is (an "RTL override" spoof) in admin
 *   lists and e-mails. Ordinary right-to-left letters and the RLM/LRM marks stay allowed.
 * Emoji and every other character are text like any other (limits count UTF-16 code units).
 */
import { z } from "zod";

/** The translation key every refusal of this rule answers with. */
export const INVALID_CHARACTERS = "errors:invalidCharacters";

// Lone surrogates: a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// oxlint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** Whether `value` breaks the text rule; `multiline` allows line breaks. */
export function hasForbiddenCharacters(value: string, multiline = false) {
  return (multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(value) || LONE_SURROGATE.test(value);
}

type StringParams = Parameters<typeof z.string>[0];

/** A one-line text field (names, titles, codes, search terms). Chain `.trim().min().max()` as usual. */
export const singleLineText = (params?: StringParams) =>
  z.string(params).refine((value) => !hasForbiddenCharacters(value, false), { error: INVALID_CHARACTERS, abort: true });

/** A multi-line text field (comments, descriptions, replies, news content). */
export const multiLineText = (params?: StringParams) =>
  z.string(params).refine((value) => !hasForbiddenCharacters(value, true), { error: INVALID_CHARACTERS, abort: true });

/**
 * Query parameters (`q`, `status`, `ref`, …): the first one, by name, that breaks the single-line
 * rule, or null. Checked once for every request before any loader reads its URL.
 */
export function forbiddenQueryParameter(params: URLSearchParams): string | null {
  for (const [name, value] of params) {
    if (hasForbiddenCharacters(name, false) || hasForbiddenCharacters(value, false)) return name;
  }
  return null;
}

/** A search term as the admin lists use it: trimmed, at most `max` characters, no forbidden characters. */
export function searchTerm(params: URLSearchParams, name = "q", max = 100) {
  // Cutting at `max` must not leave half of an emoji behind.
  const value = (params.get(name) ?? "")
    .trim()
    .slice(0, max)
    .replace(/[\uD800-\uDBFF]$/, "");
  // The middleware refuses such a URL with 400 first; this keeps a term that reaches a model clean anyway.
  return hasForbiddenCharacters(value) ? "" : value;
}
