import { z } from "zod";
import type { Role } from "./status";

/**
 * The second factor (TOTP from an authenticator app, or a one-time recovery code): who must use it
 * and what a code looks like. Admins open refugees' identity documents, so every admin needs one.
 */
export function requiresSecondFactor(role: Role) {
  return role === "admin";
}

/** A session whose password was checked waits this long for the second factor. */
export const PENDING_SECOND_FACTOR_MINUTES = 10;
export const RECOVERY_CODE_COUNT = 10;
/** The issuer shown in authenticator apps next to the account's e-mail. */
export const TOTP_ISSUER = "Courier Fleet";

// No 0/O, 1/I/L: a code copied from paper by hand must not be ambiguous.
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** One recovery code as shown to the admin: two groups of five characters, e.g. `k7m2p-x9qre`. */
export function formatRecoveryCode(randomBytes: Uint8Array) {
  const chars = Array.from(randomBytes.slice(0, 10), (byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5, 10).join("")}`;
}

export type SecondFactorCode = { kind: "totp"; code: string } | { kind: "recovery"; code: string } | null;

/**
 * Reads what was typed: six digits (spaces allowed, as apps show "123 456") are an authenticator
 * code; ten letters and digits (dash and case ignored) are a recovery code; anything else is neither.
 */
export function parseSecondFactorCode(input: string): SecondFactorCode {
  const compact = input.replace(/[\s-]/g, "").toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: "totp", code: compact };
  if (compact.length === 10 && [...compact].every((c) => RECOVERY_ALPHABET.includes(c))) {
    return { kind: "recovery", code: `${compact.slice(0, 5)}-${compact.slice(5)}` };
  }
  return null;
}

const codeField = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() : value),
  z
    .string({ error: "auth:secondFactor.codeRequired" })
    .min(1, { error: "auth:secondFactor.codeRequired" })
    .max(40, { error: "auth:secondFactor.codeInvalid" })
    .refine((value) => parseSecondFactorCode(value) !== null, { error: "auth:secondFactor.codeInvalid" }),
);

/** The second-factor page: verify a code, or confirm a new authenticator during enrolment. */
export const secondFactorSchema = z.object({
  intent: z.enum(["verify", "enrol"]),
  code: codeField,
});

/** Re-asking the code before a sensitive admin action (erase, role change, new recovery codes). */
export const stepUpCodeSchema = codeField;

/** The sessions page: end one other session, or all of them but this one. */
export const sessionActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("end"), session: z.string().regex(/^[0-9a-f]{16}$/) }),
  z.object({ intent: z.literal("endOthers") }),
  z.object({ intent: z.literal("newRecoveryCodes"), code: codeField }),
]);
