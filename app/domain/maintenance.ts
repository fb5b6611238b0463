/**
 * Vehicle maintenance rules: when a service is due, and the money and distance fields of a service
 * record. Pure; the caller passes the server's `now()`.
 */
import { SERVICE_DUE_SOON_DAYS, SERVICE_DUE_SOON_KM } from "./rules";

const DAY = 24 * 60 * 60 * 1000;

export type NextService = { nextDueAt: Date | null; nextDueKm: number | null };
export type ServiceDue = { state: "overdue" | "soon"; by: "date" | "km" } | null;

/**
 * Whether the next service (from the vehicle's latest service record) is due: its date within
 * SERVICE_DUE_SOON_DAYS or passed, or the odometer within SERVICE_DUE_SOON_KM of its km or past it.
 * Without an odometer reading the km rule cannot say anything. Overdue wins over soon.
 */
export function serviceDue(
  next: NextService | null,
  { now, odometerKm }: { now: Date; odometerKm: number | null },
): ServiceDue {
  if (!next) return null;
  const found: NonNullable<ServiceDue>[] = [];
  if (next.nextDueAt) {
    const ms = next.nextDueAt.getTime() - now.getTime();
    if (ms <= 0) found.push({ state: "overdue", by: "date" });
    else if (ms <= SERVICE_DUE_SOON_DAYS * DAY) found.push({ state: "soon", by: "date" });
  }
  if (next.nextDueKm !== null && odometerKm !== null) {
    if (odometerKm >= next.nextDueKm) found.push({ state: "overdue", by: "km" });
    else if (next.nextDueKm - odometerKm <= SERVICE_DUE_SOON_KM) found.push({ state: "soon", by: "km" });
  }
  return found.find((f) => f.state === "overdue") ?? found[0] ?? null;
}

/** "12,50", "12.5" or "12" EUR as whole cents; null for an empty value, NaN for anything else. */
export function parseEurToCents(value: string): number | null {
  const trimmed = value.trim().replace(/\s/g, "");
  if (trimmed === "") return null;
  if (!/^\d{1,7}([.,]\d{1,2})?$/.test(trimmed)) return Number.NaN;
  const [whole, fraction = ""] = trimmed.replace(",", ".").split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Cents as a EUR amount in the reader's language. */
export function formatEur(cents: number, locale: string) {
  return new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(cents / 100);
}
