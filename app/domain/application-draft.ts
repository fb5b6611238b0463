import { hasForbiddenCharacters } from "./text";

/**
 * Rules for keeping the job application as a draft (issue: nothing lost on a dropped connection).
 * Only the text fields are drafted here; documents are kept as upload drafts.
 */
export const DRAFT_FIELDS = [
  "fullName",
  "age",
  "phone",
  "citizenship",
  "contactMethod",
  "contactUsername",
  "comment",
  "documentValidUntil",
] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];
export type ApplicationDraft = Partial<Record<DraftField, string>>;

/** With JS the draft is saved after this much idle time since the last keystroke. */
export const DRAFT_SAVE_DEBOUNCE_MS = 1000;
/** A drafted value is never longer than the longest field of the form (the comment). */
export const DRAFT_VALUE_MAX = 1000;

/**
 * The draftable fields of a posted form (or any record): strings only, trimmed to length, unknown
 * names dropped, and values that break the text rule dropped too (the real submission refuses them).
 */
export function pickDraftFields(source: FormData | Record<string, unknown>): ApplicationDraft {
  const get = (name: string) => (source instanceof FormData ? source.get(name) : source[name]);
  const draft: ApplicationDraft = {};
  for (const field of DRAFT_FIELDS) {
    const value = get(field);
    if (typeof value !== "string") continue;
    const kept = value.slice(0, DRAFT_VALUE_MAX).replace(/[\uD800-\uDBFF]$/, "");
    if (!hasForbiddenCharacters(kept, true)) draft[field] = kept;
  }
  return draft;
}

/** Whether a draft holds anything worth keeping. */
export function isEmptyDraft(draft: ApplicationDraft): boolean {
  return DRAFT_FIELDS.every((field) => !draft[field]?.trim());
}
