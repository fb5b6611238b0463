import { computeStatement, EMPTY_WEEK, eurToCents, roundHalfUpDiv } from "./pay-rule";
import { DEFAULT_PAY_SETTINGS, DEFAULT_SETTINGS, WEEKS_PER_MONTH } from "./rules";

export const INCOME_DAYS = { min: 1, max: 7, default: 5 } as const;
export const INCOME_HOURS = { min: 1, max: 12, default: 8 } as const;

export type IncomeInput = { days: number; hours: number };
export type Income = IncomeInput & { hourlyRate: number; week: number; month: number };

function clampInt(value: unknown, range: { min: number; max: number; default: number }) {
  const n =
    typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) return range.default;
  return Math.min(range.max, Math.max(range.min, Math.round(n)));
}

/** Reads days and hours from untrusted input (query string, form), falling back to the defaults. */
export function parseIncomeInput(days: unknown, hours: unknown): IncomeInput {
  return { days: clampInt(days, INCOME_DAYS), hours: clampInt(hours, INCOME_HOURS) };
}

/**
 * A week's promised income in EUR and its month (a month is 52/12 weeks): the pay rule's
 * statement of that many hours — hourly model, no tips or deductions — so it rounds exactly as pay does.
 */
function promisedIncome(minutes: number, hourlyRate: number) {
  const settings = { ...DEFAULT_PAY_SETTINGS, payModel: "hourly" as const, hourlyRateCents: eurToCents(hourlyRate) };
  const weekCents = computeStatement({ ...EMPTY_WEEK, minutes }, settings).payoutCents;
  return {
    week: weekCents / 100,
    month: roundHalfUpDiv(weekCents * WEEKS_PER_MONTH.weeks, WEEKS_PER_MONTH.months) / 100,
  };
}

/** Net income per week and per month for days × hours, rounded to cents by the pay rule. */
export function calculateIncome(
  { days, hours }: IncomeInput,
  hourlyRate: number = DEFAULT_SETTINGS.hourlyRateEur,
): Income {
  const input = parseIncomeInput(days, hours);
  return { ...input, hourlyRate, ...promisedIncome(input.days * input.hours * 60, hourlyRate) };
}

export const WEEKLY_HOURS = { min: 1, max: 84, default: INCOME_DAYS.default * INCOME_HOURS.default } as const;

/** Net income for a number of hours a week (the assistant's "how much can I earn, 30 h a week"). */
export function weeklyHoursIncome(hoursPerWeek: number, hourlyRate: number = DEFAULT_SETTINGS.hourlyRateEur) {
  const hours = clampInt(hoursPerWeek, WEEKLY_HOURS);
  return { hours, hourlyRate, ...promisedIncome(hours * 60, hourlyRate) };
}

const INTL_LOCALE = { sk: "sk-SK", ua: "uk-UA", en: "en-IE" } as const;

/** EUR in the page language; whole euros for the big numbers, cents for the rate. */
export function formatEur(amount: number, language: keyof typeof INTL_LOCALE, cents = false) {
  return new Intl.NumberFormat(INTL_LOCALE[language], {
    style: "currency",
    currency: "EUR",
    // Ukrainian ICU data spells "EUR"; everyone recognises the sign.
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: cents ? 2 : 0,
  }).format(amount);
}
