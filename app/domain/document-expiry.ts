/**
 * Right-to-stay documents (residence permit, refugee document) that run out: when the courier is
 * reminded, when the document counts as expired, and what a new date must look like. Pure: the
 * caller passes the server's `now()` (app/infra/clock.server.ts).
 */
import { singleLineText } from "./text";
import { missingRightToStay } from "./documents";
import { DOCUMENT_EXPIRING_SOON_DAYS, DOCUMENT_REMINDER_DAYS } from "./rules";

/** A new document is complete with both sides of a residence permit, or a refugee document. */
export function renewalFilesIssue(kinds: ReadonlySet<string>): "residenceBothSides" | "documentRequired" | null {
  const missing = missingRightToStay((kind) => kinds.has(kind));
  return missing === null ? null : missing === "either" ? "documentRequired" : "residenceBothSides";
}

const DAY = 24 * 60 * 60 * 1000;
const DATE_INPUT = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A typed date (`YYYY-MM-DD`) as the start of that day in UTC, or null. The document "ends on" that
 * day: from its first moment the courier's status moves to documents_expired.
 */
export function parseValidUntil(value: unknown): Date | null {
  if (typeof value !== "string" || !DATE_INPUT.test(value)) return null;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
}

/** Whole days until the document ends, rounded up (0 on the day it ends and after). */
export function daysLeft(validUntil: Date, now: Date): number {
  return Math.max(0, Math.ceil((validUntil.getTime() - now.getTime()) / DAY));
}

export function isDocumentExpired(validUntil: Date, now: Date): boolean {
  return now.getTime() >= validUntil.getTime();
}

export type DocumentState = "valid" | "expiring" | "expired";

/** "expiring" from DOCUMENT_EXPIRING_SOON_DAYS before the end: the courier's banner and the admin's list. */
export function documentState(validUntil: Date, now: Date): DocumentState {
  if (isDocumentExpired(validUntil, now)) return "expired";
  return validUntil.getTime() - now.getTime() <= DOCUMENT_EXPIRING_SOON_DAYS * DAY ? "expiring" : "valid";
}

/**
 * The reminder to send now, or null: the most urgent threshold already reached, unless it was sent.
 * A threshold passed over (a date entered 5 days before the end) is never sent late, and nothing
 * is sent once the document has ended — the expiry itself has its own e-mail.
 */
export function dueReminder(
  validUntil: Date,
  now: Date,
  sent: readonly number[],
  thresholds: readonly number[] = DOCUMENT_REMINDER_DAYS,
): number | null {
  if (isDocumentExpired(validUntil, now)) return null;
  const reached = thresholds.filter((days) => now.getTime() >= validUntil.getTime() - days * DAY);
  if (reached.length === 0) return null;
  const mostUrgent = Math.min(...reached);
  return sent.includes(mostUrgent) ? null : mostUrgent;
}

/** A new document's valid-until must be a real date after today (by the server's clock). */
export function validUntilIssue(value: unknown, now: Date): "required" | "invalid" | "past" | null {
  if (value === undefined || value === null || value === "") return "required";
  const date = parseValidUntil(value);
  if (!date) return "invalid";
  return date.getTime() <= now.getTime() ? "past" : null;
}

/** The date field of the forms: a `YYYY-MM-DD` string; whether it lies in the future is the server's check. */
export const validUntilField = singleLineText()
  .trim()
  .refine((value) => value === "" || parseValidUntil(value) !== null, { error: "errors.validUntilInvalid" })
  .optional()
  .transform((value) => value || undefined);
