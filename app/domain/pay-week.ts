/**
 * Pay weeks (docs/pay.md): Monday 00:00 to Sunday 24:00 in Europe/Bratislava, so a week is 167 hours
 * when the clocks go forward and 169 when they go back. A week is named by its Monday, 'YYYY-MM-DD'.
 * Calendar dates here are plain 'YYYY-MM-DD' strings of Bratislava's calendar; instants are Dates.
 */
export const PAY_TIME_ZONE = "Europe/Bratislava";

/** A week's Monday as 'YYYY-MM-DD'. */
export type WeekId = string;
/** A Bratislava calendar date as 'YYYY-MM-DD'. */
export type CalendarDate = string;
/** ISO weekday: 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: PAY_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The wall-clock fields of an instant in Bratislava. */
function localFields(instant: Date) {
  const f: Record<string, number> = {};
  for (const p of parts.formatToParts(instant)) if (p.type !== "literal") f[p.type] = Number(p.value);
  return f as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** Bratislava's offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function offsetMs(instant: Date) {
  const f = localFields(instant);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

function parseDate(date: CalendarDate): [number, number, number] {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a date: ${date}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) throw new RangeError(`not a date: ${date}`);
  return [y, mo, d];
}

function formatUtcDate(ms: number): CalendarDate {
  return new Date(ms).toISOString().slice(0, 10);
}

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isCalendarDate(value: string): boolean {
  try {
    parseDate(value);
    return true;
  } catch {
    return false;
  }
}

/** The date `days` after (or before) a calendar date. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const [y, m, d] = parseDate(date);
  return formatUtcDate(Date.UTC(y, m - 1, d) + days * DAY_MS);
}

/** The ISO weekday of a calendar date. */
export function weekdayOf(date: CalendarDate): IsoWeekday {
  const [y, m, d] = parseDate(date);
  return (((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1) as IsoWeekday;
}

/** The Bratislava calendar date of an instant. */
export function localDateOf(instant: Date): CalendarDate {
  const f = localFields(instant);
  return formatUtcDate(Date.UTC(f.year, f.month - 1, f.day));
}

/** The instant Bratislava's calendar date begins (00:00 local), which is 22:00 or 23:00 UTC the day before. */
export function startOfLocalDate(date: CalendarDate): Date {
  const [y, m, d] = parseDate(date);
  const wall = Date.UTC(y, m - 1, d);
  // Two rounds settle the offset even on the day of a clock change (the changes happen at 02:00/03:00, never at midnight).
  let instant = wall - offsetMs(new Date(wall));
  instant = wall - offsetMs(new Date(instant));
  return new Date(instant);
}

/** The week (its Monday) a calendar date falls in. */
export function weekOfDate(date: CalendarDate): WeekId {
  return addDays(date, 1 - weekdayOf(date));
}

/** The pay week an instant falls in. */
export function weekOf(instant: Date): WeekId {
  return weekOfDate(localDateOf(instant));
}

/** True for a Monday written 'YYYY-MM-DD'. */
export function isWeekId(value: string): value is WeekId {
  return isCalendarDate(value) && weekdayOf(value) === 1;
}

function assertWeek(week: WeekId) {
  if (!isWeekId(week)) throw new RangeError(`not a week (a Monday as YYYY-MM-DD): ${week}`);
}

/** The first instant of a week: Monday 00:00 in Bratislava. */
export function weekStart(week: WeekId): Date {
  assertWeek(week);
  return startOfLocalDate(week);
}

/** The end of a week, exclusive: the next Monday 00:00 in Bratislava (Sunday 24:00). */
export function weekEnd(week: WeekId): Date {
  assertWeek(week);
  return startOfLocalDate(addDays(week, 7));
}

/** The seven calendar dates of a week, Monday first. */
export function daysOfWeek(week: WeekId): CalendarDate[] {
  assertWeek(week);
  return Array.from({ length: 7 }, (_, i) => addDays(week, i));
}

/** The week `count` weeks after (or before) a week. */
export function addWeeks(week: WeekId, count: number): WeekId {
  assertWeek(week);
  return addDays(week, 7 * count);
}

/** The ISO week label, e.g. '2026-W47' (the ISO year is the year of the week's Thursday). */
export function isoWeekLabel(week: WeekId): string {
  assertWeek(week);
  const thursday = addDays(week, 3);
  const [y, m, d] = parseDate(thursday);
  const dayOfYear = (Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 1)) / DAY_MS;
  return `${y}-W${String(Math.floor(dayOfYear / 7) + 1).padStart(2, "0")}`;
}

/**
 * The payday of week W: the payday weekday of week W+1. The first week a courier works
 * is no exception: it is paid on the payday after it ends — "the first payout after the first week".
 */
export function paydayOf(week: WeekId, paydayWeekday: IsoWeekday = 5): CalendarDate {
  return addDays(addWeeks(week, 1), paydayWeekday - 1);
}

/** The week a payday pays for (the inverse of paydayOf). */
export function weekPaidOn(payday: CalendarDate, paydayWeekday: IsoWeekday = 5): WeekId {
  if (weekdayOf(payday) !== paydayWeekday) throw new RangeError(`${payday} is not a payday`);
  return addWeeks(weekOfDate(payday), -1);
}

/** The next payday on or after an instant's Bratislava date, and the week it pays. */
export function nextPayday(instant: Date, paydayWeekday: IsoWeekday = 5): { payday: CalendarDate; week: WeekId } {
  const today = localDateOf(instant);
  const ahead = (paydayWeekday - weekdayOf(today) + 7) % 7;
  const payday = addDays(today, ahead);
  return { payday, week: weekPaidOn(payday, paydayWeekday) };
}

/**
 * Days of a lease [start, end) inside a week, counted in Bratislava calendar days: the day the scooter
 * is handed over counts, the day it comes back does not (a lease of 30 days is 30 days of rent), and a
 * lease handed back the day it began counts that one day. `end` null is a lease still running.
 */
export function leaseDaysInWeek(lease: { start: Date; end: Date | null }, week: WeekId): number {
  assertWeek(week);
  if (lease.end && lease.end.getTime() <= lease.start.getTime()) return 0;
  const first = localDateOf(lease.start);
  let last = lease.end ? addDays(localDateOf(lease.end), -1) : null; // inclusive
  if (last !== null && last < first) last = first;
  const from = first > week ? first : week;
  const weekLast = addDays(week, 6);
  const to = last === null || last > weekLast ? weekLast : last;
  if (to < from) return 0;
  const [fy, fm, fd] = parseDate(from);
  const [ty, tm, td] = parseDate(to);
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / DAY_MS) + 1;
}
