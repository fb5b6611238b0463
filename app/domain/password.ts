import { PASSWORD_MIN_LENGTH } from "./rules";

/** Argon2 copes with long input, but nobody types more than this and the hash cost should stay bounded. */
export const PASSWORD_MAX_LENGTH = 200;

/**
 * The password rule, one check per line of the live checklist. The browser and the
 * server use these very functions, so the checklist can never disagree with the server.
 */
export const PASSWORD_RULES = [
  { id: "length", test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: "upper", test: (p: string) => /\p{Lu}/u.test(p) },
  { id: "lower", test: (p: string) => /\p{Ll}/u.test(p) },
  { id: "digit", test: (p: string) => /\p{Nd}/u.test(p) },
  // Any visible character that is neither a letter nor a digit counts as punctuation (!, ?, -, _, €, …).
  { id: "punctuation", test: (p: string) => /[^\p{L}\p{N}\s]/u.test(p) },
] as const;

export type PasswordRuleId = (typeof PASSWORD_RULES)[number]["id"];

/** Which rules a password meets, for the live checklist. */
export function passwordChecklist(password: string): Record<PasswordRuleId, boolean> {
  return Object.fromEntries(PASSWORD_RULES.map((rule) => [rule.id, rule.test(password)])) as Record<
    PasswordRuleId,
    boolean
  >;
}

export function isStrongPassword(password: string) {
  return password.length <= PASSWORD_MAX_LENGTH && PASSWORD_RULES.every((rule) => rule.test(password));
}
