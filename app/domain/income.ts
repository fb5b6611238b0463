import { computeStatement, DEFAULT_PAY_RULE_SETTINGS, EMPTY_WEEK, roundHalfUpDiv, type PaySettings } from "./pay-rule";
import { WEEKS_PER_MONTH } from "./rules";

export const INCOME_DAYS = { min: 1, max: 7, default: 5 } as const;
export const INCOME_HOURS = { min: 1, max: 12, default: 8 } as const;

/** What the promise needs of the pay settings in force: the hourly rate and the scooter's rent per day. */
export type IncomeRule = Pick<PaySettings, "hourlyRateCents" | "rentPerDayCents">;
export const DEFAULT_INCOME_RULE: IncomeRule = {
  hourlyRateCents: DEFAULT_PAY_RULE_SETTINGS.hourlyRateCents,
  rentPerDayCents: DEFAULT_PAY_RULE_SETTINGS.rentPerDayCents,
};

export type IncomeInput = { days: number; hours: number };
/** A week's and a month's net in cents, without a scooter of ours and with one rented for the whole week. */
export type IncomeFigures = {
  weekCents: number;
  monthCents: number;
  withScooterWeekCents: number;
  withScooterMonthCents: number;
};
export type Income = IncomeInput & IncomeRule & IncomeFigures;

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

/** A week's cents as a month's (52/12 weeks), halves away from zero. */
function monthOf(weekCents: number) {
  const month = roundHalfUpDiv(Math.abs(weekCents) * WEEKS_PER_MONTH.weeks, WEEKS_PER_MONTH.months);
  return weekCents < 0 ? -month : month;
}

/**
 * A week's promised net and its month: the pay rule's statement of that many minutes (hourly model, no
 * tips), once without a scooter and once with one rented all seven days, so it rounds and deducts exactly
 * as a statement does. The net with a scooter may be below zero (rent above pay): it is shown as it is.
 */
function promisedIncome(minutes: number, rule: IncomeRule): IncomeFigures {
  const settings: PaySettings = { ...DEFAULT_PAY_RULE_SETTINGS, ...rule, payModel: "hourly" };
  const weekCents = computeStatement({ ...EMPTY_WEEK, minutes }, settings).netCents;
  const withScooterWeekCents = computeStatement({ ...EMPTY_WEEK, minutes, leaseDays: 7 }, settings).netCents;
  return {
    weekCents,
    monthCents: monthOf(weekCents),
    withScooterWeekCents,
    withScooterMonthCents: monthOf(withScooterWeekCents),
  };
}

/** Net income per week and per month for days × hours, with and without a rented scooter. */
export function calculateIncome({ days, hours }: IncomeInput, rule: IncomeRule = DEFAULT_INCOME_RULE): Income {
  const input = parseIncomeInput(days, hours);
  return { ...input, ...pick(rule), ...promisedIncome(input.days * input.hours * 60, rule) };
}

export const WEEKLY_HOURS = { min: 1, max: 84, default: INCOME_DAYS.default * INCOME_HOURS.default } as const;

/** Net income for a number of hours a week (the assistant's "how much can I earn, 30 h a week"). */
export function weeklyHoursIncome(hoursPerWeek: number, rule: IncomeRule = DEFAULT_INCOME_RULE) {
  const hours = clampInt(hoursPerWeek, WEEKLY_HOURS);
  return { hours, ...pick(rule), ...promisedIncome(hours * 60, rule) };
}

const pick = (rule: IncomeRule): IncomeRule => ({
  hourlyRateCents: rule.hourlyRateCents,
  rentPerDayCents: rule.rentPerDayCents,
});

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
