import { DEFAULT_SETTINGS, WEEKS_PER_MONTH } from "./rules";

export const INCOME_DAYS = { min: 1, max: 7, default: 5 } as const;
export const INCOME_HOURS = { min: 1, max: 12, default: 8 } as const;

export type IncomeInput = { days: number; hours: number };
export type Income = IncomeInput & { hourlyRate: number; week: number; month: number };

function clampInt(value: unknown, range: { min: number; max: number; default: number }) {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) return range.default;
  return Math.min(range.max, Math.max(range.min, Math.round(n)));
}

/** Reads days and hours from untrusted input (query string, form), falling back to the defaults. */
export function parseIncomeInput(days: unknown, hours: unknown): IncomeInput {
  return { days: clampInt(days, INCOME_DAYS), hours: clampInt(hours, INCOME_HOURS) };
}

/** Net income per week and per month (CONTRACT §6: a month is 52/12 weeks), rounded to cents. */
export function calculateIncome({ days, hours }: IncomeInput, hourlyRate: number = DEFAULT_SETTINGS.hourlyRateEur): Income {
  const input = parseIncomeInput(days, hours);
  const weekExact = input.days * input.hours * hourlyRate;
  return {
    ...input,
    hourlyRate,
    week: Math.round(weekExact * 100) / 100,
    month: Math.round(weekExact * WEEKS_PER_MONTH * 100) / 100,
  };
}

export const WEEKLY_HOURS = { min: 1, max: 84, default: INCOME_DAYS.default * INCOME_HOURS.default } as const;

/** Net income for a number of hours a week (the assistant's "how much can I earn, 30 h a week"). */
export function weeklyHoursIncome(hoursPerWeek: number, hourlyRate: number = DEFAULT_SETTINGS.hourlyRateEur) {
  const hours = clampInt(hoursPerWeek, WEEKLY_HOURS);
  const weekExact = hours * hourlyRate;
  return { hours, hourlyRate, week: Math.round(weekExact * 100) / 100, month: Math.round(weekExact * WEEKS_PER_MONTH * 100) / 100 };
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
