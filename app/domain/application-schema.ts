import { z } from "zod";
import { hasForbiddenCharacters, INVALID_CHARACTERS, multiLineText, singleLineText } from "./text";
import { validUntilField } from "./document-expiry";
import { documentIssues, needsRightToStay } from "./documents";
import { MIN_COURIER_AGE } from "./rules";

/** Job application: one schema for Conform in the browser and in the action. */
export const CONTACT_METHODS = ["phone", "whatsapp", "telegram", "viber"] as const;
export type ContactMethod = (typeof CONTACT_METHODS)[number];

/** Slovak, another EU/EEA/Swiss country, or any other country (the form's hint on documents). */
export const CITIZENSHIPS = ["sk", "eu", "other"] as const;
export type Citizenship = (typeof CITIZENSHIPS)[number];

/** Messengers: once one is chosen, the courier's username (or handle) in it is required; a call needs only the phone. */
export const USERNAME_CONTACT_METHODS: readonly ContactMethod[] = ["whatsapp", "telegram", "viber"];

/**
 * A Slovak number as +421 and nine digits: accepts "0903 123 456", "903123456", "00421…" and
 * "+421 …" with spaces, dashes, dots or brackets. Anything else is returned unchanged (and fails).
 */
export function normalizeSlovakPhone(input: string): string {
  const compact = input.replace(/[\s\-.()/]/g, "");
  const digits = compact.replace(/^\+/, "");
  if (!/^\d+$/.test(digits)) return input.trim();
  if (compact.startsWith("+421") && digits.length === 12) return `+${digits}`;
  if (digits.startsWith("00421") && digits.length === 14) return `+${digits.slice(2)}`;
  if (digits.startsWith("0") && digits.length === 10) return `+421${digits.slice(1)}`;
  if (!compact.startsWith("+") && digits.length === 9) return `+421${digits}`;
  return input.trim();
}

/**
 * A document field counts as present with a chosen file (browser) or a kept draft ("kept" on the
 * server, which sets it from its own records and never from the client's word).
 */
export function hasDocument(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasDocument);
  if (typeof value === "string") return value.length > 0;
  return typeof File !== "undefined" && value instanceof File && value.size > 0;
}

/** Whether the chosen contact method needs a username next to the phone number. */
export function needsContactUsername(method: string | null | undefined): boolean {
  return (USERNAME_CONTACT_METHODS as readonly string[]).includes(method ?? "");
}

/** Latin letters (with diacritics: Nováková, Müller), spaces, hyphens, apostrophes and dots. */
export const PASSPORT_NAME = /^[\p{Script=Latin}\p{M}\s'’.-]+$/u;

const documentField = z.any().optional().transform(hasDocument);

export const applicationSchema = z
  .object({
    fullName: singleLineText({ error: "errors.fullNameRequired" })
      .trim()
      .min(3, { error: "errors.fullNameRequired" })
      .max(120, { error: "errors.tooLong" })
      // As in the passport's Latin line (the hint says so): "Oleh Kovalenko", not "Олег Коваленко".
      .regex(PASSPORT_NAME, { error: "errors.fullNameLatin" }),
    age: z
      .number({ error: "errors.ageRequired" })
      .int({ error: "errors.ageRequired" })
      .min(MIN_COURIER_AGE, { error: "errors.ageMin" })
      .max(99, { error: "errors.ageRequired" }),
    phone: z
      .string({ error: "errors.phoneInvalid" })
      .refine((value) => !hasForbiddenCharacters(value), { error: INVALID_CHARACTERS, abort: true })
      .transform(normalizeSlovakPhone)
      .pipe(z.string().regex(/^\+421\d{9}$/, { error: "errors.phoneInvalid" })),
    citizenship: z.enum(CITIZENSHIPS, { error: "errors.citizenshipRequired" }),
    contactMethod: z.enum(CONTACT_METHODS, { error: "errors.contactMethodRequired" }),
    contactUsername: singleLineText().trim().max(64, { error: "errors.tooLong" }).optional(),
    comment: multiLineText().trim().max(1000, { error: "errors.tooLong" }).optional(),
    /** Valid-until of the residence permit or refugee document; whether it lies ahead is the server's check. */
    documentValidUntil: validUntilField,
    face_photo: documentField,
    id_front: documentField,
    id_back: documentField,
    residence_front: documentField,
    residence_back: documentField,
    refugee_document: documentField,
  })
  .superRefine(
    (value, ctx) => {
      for (const issue of documentIssues(value.citizenship, (field) => value[field])) {
        ctx.addIssue({ code: "custom", path: [issue.field], message: issue.message });
      }
      if (needsRightToStay(value.citizenship) && !value.documentValidUntil) {
        ctx.addIssue({ code: "custom", path: ["documentValidUntil"], message: "errors.validUntilRequired" });
      }
      if (needsContactUsername(value.contactMethod) && !value.contactUsername) {
        ctx.addIssue({ code: "custom", path: ["contactUsername"], message: "errors.usernameRequired" });
      }
      // Run even when a text field failed, so every missing document is named in the same answer.
    },
    { when: () => true },
  );

export type ApplicationInput = z.infer<typeof applicationSchema>;
