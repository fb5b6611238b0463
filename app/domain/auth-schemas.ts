import { z } from "zod";
import { singleLineText } from "./text";
import { isStrongPassword } from "./password";
import { LANGUAGES } from "./rules";

/**
 * The Zod schemas of the auth forms, shared by the browser (Conform), the form actions and the JSON
 * API. Messages are translation keys. Empty strings count as missing, so a JSON body with
 * `""` or `null` and a form with an empty field give the same answer.
 */
const emptyToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

export const emailSchema = z.preprocess(
  emptyToUndefined,
  z
    .string({ error: "auth:validation.emailRequired" })
    .trim()
    .max(254, { error: "auth:validation.emailInvalid" })
    .pipe(z.email({ error: "auth:validation.emailInvalid" }))
    .transform((email) => email.toLowerCase()),
);

/** Login takes any non-empty password: the rule applies when one is chosen, not when it is used. */
const loginPasswordSchema = z.preprocess(
  (value) => (value === "" ? undefined : value),
  z.string({ error: "auth:validation.passwordRequired" }).max(1000, { error: "auth:validation.passwordRequired" }),
);

/** The password rule as a schema; `password.ts` keeps the rule itself free of Zod for the live checklist. */
export const strongPasswordSchema = z
  .string({ error: "auth:validation.passwordRequired" })
  .min(1, { error: "auth:validation.passwordRequired" })
  .refine(isStrongPassword, { error: "auth:validation.passwordWeak" });

const newPasswordSchema = z.preprocess((value) => (value === "" ? undefined : value), strongPasswordSchema);

const optionalText = (max: number) => z.preprocess(emptyToUndefined, singleLineText().trim().max(max).optional());
const languageSchema = z.preprocess(emptyToUndefined, z.enum(LANGUAGES).optional());

/** Captcha fields: the invisible token (ALTCHA / reCAPTCHA) or the no-JS fallback challenge. */
const captchaFields = {
  captchaToken: optionalText(20_000),
  fallbackToken: optionalText(2_000),
  fallbackAnswer: optionalText(20),
};

export const loginSchema = z.object({
  email: emailSchema,
  password: loginPasswordSchema,
  redirectTo: optionalText(2_000),
  /** JSON API only: an admin's authenticator or recovery code (the pages ask for it on a page of its own). */
  secondFactorCode: optionalText(40),
  ...captchaFields,
});
export type LoginInput = z.infer<typeof loginSchema>;

/** A version number of a legal text the form showed (hidden fields); anything else counts as not sent. */
const shownVersion = z.preprocess(
  (value) => (typeof value === "string" && /^\d{1,6}$/.test(value.trim()) ? Number(value) : undefined),
  z.number().int().min(0).optional(),
);

export const registerSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  referralCode: optionalText(100),
  language: languageSchema,
  /** The versions of the privacy notice and the terms the form linked to (recorded with the account). */
  privacyVersion: shownVersion,
  termsVersion: shownVersion,
  ...captchaFields,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const emailOnlySchema = z.object({ email: emailSchema, language: languageSchema });
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

/** The reset page has two fields; the JSON API has one (docs/api.md). */
export const resetPasswordApiSchema = z.object({
  token: z
    .string({ error: "auth:reset.invalid" })
    .min(10, { error: "auth:reset.invalid" })
    .max(200, { error: "auth:reset.invalid" }),
  password: newPasswordSchema,
});

export const resetPasswordFormSchema = z
  .object({
    password: newPasswordSchema,
    confirmPassword: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.string({ error: "auth:validation.passwordRequired" }),
    ),
  })
  .refine((value) => value.password === value.confirmPassword, {
    error: "auth:validation.passwordsMismatch",
    path: ["confirmPassword"],
  });

export const languageBodySchema = z.object({
  language: z.enum(LANGUAGES, { error: "auth:validation.languageInvalid" }),
});

/** Flattens Zod issues into `{ field: [key, …] }`, the shape of the API's `fieldErrors` (docs/api.md). */
export function fieldErrorKeys(error: z.ZodError) {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    (out[field] ??= []).push(issue.message);
  }
  return out;
}
