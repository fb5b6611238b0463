import { z } from "zod";
import {
  addDays,
  isWeekId,
  localDateOf,
  paydayOf,
  weekStart,
  type CalendarDate,
  type IsoWeekday,
  type WeekId,
} from "./pay-week";
import { DEFAULT_PAY_SETTINGS } from "./rules";
import { singleLineText } from "./text";

/**
 * Pure pieces of the admin's weekly pay review: lease days from the lease history, the anomalies a row
 * is flagged with, and why a statement is not approved.
 */

/** A lease as the handover history records it: handed out at `start`, back at `end` (null: still out). */
export type LeaseSpan = { start: Date; end: Date | null };

/**
 * Days of the week on which the courier had a scooter, counted once each even when two leases touch
 * the same day (a swap hands one scooter back and takes another on the same day). The day a lease
 * begins counts, the day it comes back does not — as `leaseDaysInWeek` in pay-week.ts — and a lease
 * handed back the day it began counts that day.
 */
export function leaseDaysOfWeek(leases: LeaseSpan[], week: WeekId): number {
  weekStart(week); // refuses a non-Monday
  const weekLast = addDays(week, 6);
  const days = new Set<CalendarDate>();
  for (const lease of leases) {
    if (lease.end && lease.end.getTime() <= lease.start.getTime()) continue;
    const first = localDateOf(lease.start);
    let last = lease.end ? addDays(localDateOf(lease.end), -1) : weekLast;
    if (last < first) last = first;
    for (let day = first > week ? first : week; day <= last && day <= weekLast; day = addDays(day, 1)) days.add(day);
  }
  return days.size;
}

export const PAY_ANOMALIES = ["noIban", "negativeNet", "leaseNoHours", "ibanChanged", "largePayout"] as const;
export type PayAnomaly = (typeof PAY_ANOMALIES)[number];

/** How recent an IBAN change must be to be flagged: the classic way to steal pay is to change where it goes. */
export const IBAN_CHANGE_FLAG_DAYS = 7;

/** The anomalies of one courier's week (hours on an unlinked account belong to the week, not a row). */
export function anomaliesOf(
  row: {
    hasIban: boolean;
    ibanChangedAt: Date | null;
    netCents: number;
    minutes: number;
    rentCents: number;
    largePayout?: boolean;
  },
  now: Date,
): PayAnomaly[] {
  const found: PayAnomaly[] = [];
  if (row.largePayout) found.push("largePayout");
  if (!row.hasIban) found.push("noIban");
  if (row.netCents < 0) found.push("negativeNet");
  if (row.rentCents > 0 && row.minutes === 0) found.push("leaseNoHours");
  if (row.ibanChangedAt && now.getTime() - row.ibanChangedAt.getTime() < IBAN_CHANGE_FLAG_DAYS * 86_400_000)
    found.push("ibanChanged");
  return found;
}

/** How many of the courier's earlier statements make their "usual" payout, and how many at least. */
export const USUAL_PAYOUT_WEEKS = 8;
export const USUAL_PAYOUT_MIN_WEEKS = 3;

/**
 * A payout far above the courier's usual: above the fixed cap (`largePayoutCents`), or above
 * `largePayoutFactor` times the median payout of their last USUAL_PAYOUT_WEEKS statements when they have
 * at least USUAL_PAYOUT_MIN_WEEKS of them (a new courier is judged by the cap alone).
 */
export function isLargePayout(
  payoutCents: number,
  earlierPayouts: number[],
  settings: { largePayoutCents?: number; largePayoutFactor?: number },
): boolean {
  const cap = settings.largePayoutCents ?? DEFAULT_PAY_SETTINGS.largePayoutCents;
  const factor = settings.largePayoutFactor ?? DEFAULT_PAY_SETTINGS.largePayoutFactor;
  if (payoutCents > cap) return true;
  const recent = earlierPayouts.slice(0, USUAL_PAYOUT_WEEKS);
  if (recent.length < USUAL_PAYOUT_MIN_WEEKS) return false;
  const sorted = [...recent].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return median > 0 && payoutCents > factor * median;
}

export type ApprovalSkip = "noIban" | "notDraft" | "largePayout" | "onlyCarried";

/**
 * Why a draft is not approved, or null when it can be: a payout needs an IBAN, and a large one its own
 * confirmation (`largeConfirmed`). A payout of 0 (a week whose net is zero or negative, the negative part
 * carried into the next week) is approved like the others without an IBAN: it is settled with 0 € sent,
 * so its pay is in the payroll of the month it is settled in. A week with nothing in it but a balance
 * carried from before (no work, rent, damage or adjustment) is no wage and is not settled: the balance
 * rolls on to the next week with work.
 */
export function approvalSkip(row: {
  status: string;
  payoutCents: number;
  hasIban: boolean;
  large?: boolean;
  largeConfirmed?: boolean;
  onlyCarried?: boolean;
}): ApprovalSkip | null {
  if (row.status !== "draft") return "notDraft";
  if (row.payoutCents === 0) return row.onlyCarried ? "onlyCarried" : null;
  if (!row.hasIban) return "noIban";
  if (row.large && !row.largeConfirmed) return "largePayout";
  return null;
}

/** A statement with no work, tips, rent, damage or adjustment of its own: only a balance carried in. */
export function onlyCarried(s: {
  payCents: number;
  tipsCents: number;
  rentCents: number;
  damageCents: number;
  adjustmentsCents: number;
}): boolean {
  return s.payCents === 0 && s.tipsCents === 0 && s.rentCents === 0 && s.damageCents === 0 && s.adjustmentsCents === 0;
}

/**
 * The payday a courier is told before the money leaves: the rule's payday, or today when that has
 * passed (a statement approved on Saturday for Friday's payday goes out with the next export, not in
 * the past). At export the batch fixes its execution date the same way, and from then on that stored
 * date is the one shown everywhere.
 */
export function expectedPayday(week: WeekId, paydayWeekday: IsoWeekday, today: CalendarDate): CalendarDate {
  const payday = paydayOf(week, paydayWeekday);
  return payday < today ? today : payday;
}

/** An amount in EUR as an admin types it ("12,50", "-3.2") → signed integer cents, or null. */
export function parseEurToCents(value: string): number | null {
  const m = /^\s*(-)?\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(value);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? "0").padEnd(2, "0"));
  return m[1] ? -cents : cents;
}

const required = (max: number) =>
  singleLineText({ error: "admin:validation.required" })
    .trim()
    .min(1, "admin:validation.required")
    .max(max, "admin:validation.tooLong");
const positiveId = z.coerce.number({ error: "admin:validation.required" }).int().positive("admin:validation.required");
const count = z.coerce
  .number({ error: "admin:pay.review.confirmFirst" })
  .int("admin:pay.review.confirmFirst")
  .min(0, "admin:pay.review.confirmFirst")
  .max(Number.MAX_SAFE_INTEGER, "admin:pay.review.confirmFirst");
const cents = z.string({ error: "admin:validation.required" }).transform((value, ctx) => {
  const parsed = parseEurToCents(value);
  if (parsed === null || parsed === 0) {
    ctx.addIssue({ code: "custom", message: "admin:pay.adjust.badAmount" });
    return z.NEVER;
  }
  return parsed;
});

/** The forms of a week's review page. */
export const weekActionSchema = z.discriminatedUnion("intent", [
  // No ids ticked with "approve selected" approves nothing; "approve all" takes every draft.
  // "Approve all" is posted from its confirmation (?confirm=approve-all) with the count and sum it showed.
  z.object({ intent: z.literal("approveAll"), count: count, totalCents: count }),
  z.object({
    intent: z.literal("approveSelected"),
    ids: z.array(positiveId).default([]),
    // A large payout is approved only when its own confirmation box is ticked too.
    confirmLarge: z.array(positiveId).default([]),
  }),
  z.object({ intent: z.literal("returnToDraft"), statementId: positiveId }),
  z.object({
    intent: z.literal("adjust"),
    userId: positiveId,
    kind: z.enum(["bonus", "correction"], { error: "admin:validation.required" }),
    amount: cents,
    reason: required(300),
  }),
  z.object({ intent: z.literal("export") }),
]);

export const batchActionSchema = z.discriminatedUnion("intent", [
  // "Mark paid" is posted from its confirmation (?confirm=pay) with the count and sum it showed.
  z.object({ intent: z.literal("pay"), count: count, totalCents: count }),
  z.object({ intent: z.literal("cancel") }),
]);

export const damageChargeSchema = z.object({
  week: z.string({ error: "admin:validation.required" }).refine((v) => isWeekId(v), "admin:pay.import.notMonday"),
  amount: cents.refine((v) => v > 0, "admin:pay.adjust.badAmount"),
  reason: required(300),
});
