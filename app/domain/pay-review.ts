import { addDays, localDateOf, weekStart, type CalendarDate, type WeekId } from "./pay-week";

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

export const PAY_ANOMALIES = ["noIban", "negativeNet", "leaseNoHours", "ibanChanged"] as const;
export type PayAnomaly = (typeof PAY_ANOMALIES)[number];

/** How recent an IBAN change must be to be flagged: the classic way to steal pay is to change where it goes. */
export const IBAN_CHANGE_FLAG_DAYS = 7;

/** The anomalies of one courier's week (hours on an unlinked account belong to the week, not a row). */
export function anomaliesOf(row: { hasIban: boolean; ibanChangedAt: Date | null; netCents: number; minutes: number; rentCents: number }, now: Date): PayAnomaly[] {
  const found: PayAnomaly[] = [];
  if (!row.hasIban) found.push("noIban");
  if (row.netCents < 0) found.push("negativeNet");
  if (row.rentCents > 0 && row.minutes === 0) found.push("leaseNoHours");
  if (row.ibanChangedAt && now.getTime() - row.ibanChangedAt.getTime() < IBAN_CHANGE_FLAG_DAYS * 86_400_000) found.push("ibanChanged");
  return found;
}

export type ApprovalSkip = "noIban" | "zeroPayout" | "notDraft";

/** Why a draft is not approved, or null when it can be: a payout of 0 has nothing to send (a negative balance is carried over anyway). */
export function approvalSkip(row: { status: string; payoutCents: number; hasIban: boolean }): ApprovalSkip | null {
  if (row.status !== "draft") return "notDraft";
  if (row.payoutCents <= 0) return "zeroPayout";
  if (!row.hasIban) return "noIban";
  return null;
}
