/**
 * Payroll months (docs/pay.md, "The accountant's month"): named 'YYYY-MM'. A statement belongs to the
 * month of the day its pay was sent — its payout batch's execution date — whole, never split by days.
 */
import type { CalendarDate } from "./pay-week";

/** A month as 'YYYY-MM'. */
export type MonthId = string;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A month the payroll can name: 'YYYY-MM' of the years 2000–2999 (nothing else reaches a query). */
export function isMonthId(value: string): value is MonthId {
  const match = MONTH.exec(value);
  return match !== null && Number(match[1]) >= 2000;
}

/** The first and the last day of a month, 'YYYY-MM-DD'. */
export function daysOfMonth(month: MonthId): { first: CalendarDate; last: CalendarDate } {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const length = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(length).padStart(2, "0")}` };
}

/** The month `count` months after (or before, when negative) `month`. */
export function addMonths(month: MonthId, count: number): MonthId {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (number - 1) + count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The month a calendar day is in. */
export function monthOf(date: CalendarDate): MonthId {
  return date.slice(0, 7);
}

/** Minutes as whole hours and the minutes left over: 2555 → { hours: 42, minutes: 35 } ("42 h 35 min"). */
export function hoursAndMinutes(total: number): { hours: number; minutes: number } {
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}
