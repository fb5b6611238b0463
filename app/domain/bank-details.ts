import { friendlyFormatIBAN, isSEPACountry, isValidBIC, validateIBAN, ValidationErrorsIBAN } from "ibantools";
import { z } from "zod";
import { toSepaText, transliterate } from "./sepa-text";
import { singleLineText } from "./text";

/**
 * A courier's bank details: the IBAN pay goes to and the account holder's name. Message keys are in the
 * `pay` namespace (`bank.errors.*`).
 */

export type IbanProblem = "required" | "country" | "length" | "format" | "checksum" | "notSepa";

/** Upper case, without spaces, dashes or dots as people copy them from banking apps. */
export function normalizeIban(input: string): string {
  return input.replace(/[\s\-.]/g, "").toUpperCase();
}

/** The IBAN in its electronic form, or why it cannot receive a SEPA transfer. */
export function checkIban(input: string): { ok: true; iban: string } | { ok: false; problem: IbanProblem } {
  const iban = normalizeIban(input);
  if (iban === "") return { ok: false, problem: "required" };
  const result = validateIBAN(iban);
  if (!result.valid) {
    const codes = result.errorCodes;
    if (codes.includes(ValidationErrorsIBAN.NoIBANCountry)) return { ok: false, problem: "country" };
    if (codes.includes(ValidationErrorsIBAN.WrongBBANLength)) return { ok: false, problem: "length" };
    if (codes.includes(ValidationErrorsIBAN.WrongBBANFormat) || codes.includes(ValidationErrorsIBAN.ChecksumNotNumber))
      return { ok: false, problem: "format" };
    return { ok: false, problem: "checksum" };
  }
  if (!isSEPACountry(iban.slice(0, 2))) return { ok: false, problem: "notSepa" };
  return { ok: true, iban };
}

/** True for an IBAN that can receive a SEPA credit transfer. */
export function isValidSepaIban(input: string): boolean {
  return checkIban(input).ok;
}

/** Groups of four for reading: SK31 1200 0000 1987 4263 7541. */
export function formatIban(iban: string): string {
  return friendlyFormatIBAN(normalizeIban(iban)) ?? iban;
}

/** Every character but the last four hidden, in groups of four: **** **** **** **** **** 7541. */
export function maskIban(iban: string): string {
  const plain = normalizeIban(iban);
  const masked = "*".repeat(Math.max(plain.length - 4, 0)) + plain.slice(-4);
  return masked.replace(/(.{4})(?=.)/g, "$1 ");
}

/** A BIC of 8 or 11 characters with a real country code. */
export function isValidBic(input: string): boolean {
  return isValidBIC(input.replace(/\s/g, "").toUpperCase());
}

/** The words of a name, compared without case, marks or script (Cyrillic is transliterated). */
function nameWords(name: string) {
  return transliterate(name)
    .toLowerCase()
    .replace(/'/g, "")
    .split(/[^a-z]+/)
    .filter(Boolean)
    .sort();
}

/**
 * Does the account holder's name name the applicant? Case, diacritics, script and word order do not
 * matter ("ŠŤASTNÝ Ľubomír" = "Lubomir Stastny", "Коваленко Олена" = "Olena Kovalenko"); anything else,
 * a missing or an extra word included, is a mismatch the admin is shown (not a refusal: a courier may
 * be paid to a spouse's account on purpose).
 */
export function compareHolderName(holder: string, applicationName: string): "match" | "mismatch" {
  const a = nameWords(holder);
  const b = nameWords(applicationName);
  return a.length > 0 && a.length === b.length && a.every((word, i) => word === b[i]) ? "match" : "mismatch";
}

/** SEPA allows 70 characters for a name. */
export const ACCOUNT_HOLDER_MAX = 70;

export type HolderProblem = "characters" | "noLetters" | "tooLongForBank";

/**
 * The holder's name as the payout file writes it (the same transliteration, `toSepaText`), or why a
 * transfer cannot carry it: a sign outside SEPA's set, nothing left that is a letter (ЬЬЬ, ’’’), or
 * longer than SEPA's 70 characters once written in Latin (twenty Щ are 80 letters).
 */
export function holderForBank(holder: string): { ok: true; name: string } | { ok: false; problem: HolderProblem } {
  const name = toSepaText(holder);
  if (name === null) return { ok: false, problem: "characters" };
  if (!/[A-Za-z]/.test(name)) return { ok: false, problem: "noLetters" };
  if (name.length > ACCOUNT_HOLDER_MAX) return { ok: false, problem: "tooLongForBank" };
  return { ok: true, name };
}

const HOLDER_PROBLEM_KEYS: Record<HolderProblem, string> = {
  characters: "bank.errors.holderCharacters",
  noLetters: "bank.errors.holderNoLetters",
  tooLongForBank: "bank.errors.holderTooLongForBank",
};

/** The courier's bank details form (dashboard): one schema for the browser and the action. */
export const bankDetailsSchema = z.object({
  iban: singleLineText({ error: "bank.errors.ibanRequired" }).transform((value, ctx) => {
    const checked = checkIban(value);
    if (checked.ok) return checked.iban;
    const key =
      checked.problem === "required"
        ? "ibanRequired"
        : `iban${checked.problem[0]!.toUpperCase()}${checked.problem.slice(1)}`;
    ctx.addIssue({ code: "custom", message: `bank.errors.${key}` });
    return z.NEVER;
  }),
  accountHolder: singleLineText({ error: "bank.errors.holderRequired" })
    .trim()
    .min(3, { error: "bank.errors.holderRequired" })
    .max(ACCOUNT_HOLDER_MAX, { error: "bank.errors.holderTooLong" })
    .superRefine((name, ctx) => {
      // A name already too long or too short has its own message.
      if (name.length > ACCOUNT_HOLDER_MAX || name.length < 3) return;
      const checked = holderForBank(name);
      if (!checked.ok) ctx.addIssue({ code: "custom", message: HOLDER_PROBLEM_KEYS[checked.problem] });
    }),
});
export type BankDetails = z.infer<typeof bankDetailsSchema>;

/** The dashboard's form: the details plus the current password, which every save asks for (docs/pay.md, "Bank details"). */
export const bankDetailsFormSchema = bankDetailsSchema.extend({
  password: z
    .string({ error: "bank.errors.passwordRequired" })
    .min(1, { error: "bank.errors.passwordRequired" })
    .max(1024, { error: "bank.errors.passwordRequired" }),
});
