import { z } from "zod";
import { addWeeks, isWeekId, type IsoWeekday, type WeekId } from "./pay-week";
import { DEFAULT_PAY_SETTINGS, DEFAULT_SETTINGS, PAY_MODELS, RATE_LIMITS, type PayModel } from "./rules";

/**
 * The operator's rules page (/admin/settings/rules, docs/fleet-rules.md "Rules"): which constants an
 * admin edits, their units and allowed ranges. Money rules are effective-dated (a change applies from a
 * Monday, so a past week is always computed with the rules it was paid under); the other rules apply
 * at once. One schema for the form in the browser and the action.
 */

/** The money rules, as stored in a `rule_changes` row of kind `pay`. */
export type PayRuleValues = {
  payModel: PayModel;
  /** Per hour, in cents. */
  hourlyRateCents: number;
  /** Percent of the platforms' gross, two decimals at most. */
  sharePercent: number;
  rentPerDayCents: number;
  paydayWeekday: IsoWeekday;
};

export const PAY_RULE_KEYS = [
  "hourlyRateCents",
  "payModel",
  "sharePercent",
  "rentPerDayCents",
  "paydayWeekday",
] as const;

/** The rules that apply at once (rows of the `settings` table over DEFAULT_SETTINGS). */
export const OPERATOR_RULE_KEYS = [
  "leaseDays",
  "leaseRenewalWindowDays",
  "problemReportCooldownHours",
  "rejectedDocumentRetentionDays",
  "documentReminderFirstDays",
  "documentReminderSecondDays",
  "rateLimitAssistant",
  "rateLimitUploads",
  "rateLimitDataExport",
  "rateLimitPayQuestions",
  "rateLimitReferralTrack",
] as const;

/**
 * The rate limits an operator may change, by their setting: how many hits a window of RATE_LIMITS allows.
 * The log-in, second-factor and password-reset limits stay fixed: they are locks against guessing, not
 * business rules, and registration's limit is a bot guard (docs/security.md).
 */
export const EDITABLE_RATE_LIMITS = {
  rateLimitAssistant: "assistant",
  rateLimitUploads: "uploads",
  rateLimitDataExport: "dataExport",
  rateLimitPayQuestions: "payQuestions",
  rateLimitReferralTrack: "referralTrack",
} as const satisfies Partial<Record<OperatorRuleKey, keyof typeof RATE_LIMITS>>;
export type OperatorRuleKey = (typeof OPERATOR_RULE_KEYS)[number];
export type OperatorRuleValues = Record<OperatorRuleKey, number>;

/** Allowed ranges, in the unit the page shows (EUR for money, whole days or hours otherwise). */
export const RULE_RANGES = {
  hourlyRateEur: { min: 1, max: 100, unit: "eurPerHour" },
  sharePercent: { min: 1, max: 100, unit: "percent" },
  rentPerDayEur: { min: 0, max: 100, unit: "eurPerDay" },
  leaseDays: { min: 1, max: 365, unit: "days" },
  leaseRenewalWindowDays: { min: 1, max: 60, unit: "days" },
  problemReportCooldownHours: { min: 1, max: 168, unit: "hours" },
  rejectedDocumentRetentionDays: { min: 7, max: 365, unit: "days" },
  documentReminderFirstDays: { min: 2, max: 90, unit: "days" },
  documentReminderSecondDays: { min: 1, max: 60, unit: "days" },
  rateLimitAssistant: { min: 1, max: 1000, unit: "perMinute" },
  rateLimitUploads: { min: 1, max: 1000, unit: "perHour" },
  rateLimitDataExport: { min: 1, max: 100, unit: "perHour" },
  rateLimitPayQuestions: { min: 1, max: 1000, unit: "perHour" },
  rateLimitReferralTrack: { min: 1, max: 1000, unit: "perMinute" },
} as const;

/** Pay records are kept ten years after the year they concern (Act 431/2002 § 35): shown, never editable. */
export const PAY_RECORD_RETENTION_YEARS = 10;

export const DEFAULT_PAY_RULE_VALUES: PayRuleValues = {
  payModel: DEFAULT_PAY_SETTINGS.payModel,
  hourlyRateCents: Math.round(DEFAULT_SETTINGS.hourlyRateEur * 100),
  sharePercent: DEFAULT_PAY_SETTINGS.sharePercent,
  rentPerDayCents: DEFAULT_PAY_SETTINGS.rentPerDayCents,
  paydayWeekday: DEFAULT_PAY_SETTINGS.paydayWeekday,
};

/** "7,50" or "7.50" → 750; undefined when it is not an amount with at most two decimals. */
export function parseEuroCents(text: string): number | undefined {
  const match = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*(?:€|eur)?\s*$/i.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

/** "82,5" → 82.5 (two decimals at most). */
function parsePercent(text: string): number | undefined {
  const match = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!match) return undefined;
  return (Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"))) / 100;
}

const within = (value: number, range: { min: number; max: number }) => value >= range.min && value <= range.max;

/** Messages are translation keys of the `admin` namespace (`rules.error.*`), with the range in the page. */
const euro = (range: { min: number; max: number }, message: string) =>
  z.string({ error: message }).transform((text, ctx) => {
    const cents = parseEuroCents(text);
    if (cents === undefined || !within(cents / 100, range)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return cents;
  });

const whole = (range: { min: number; max: number }, message: string) =>
  z.coerce.number({ error: message }).int({ error: message }).min(range.min, { error: message }).max(range.max, {
    error: message,
  });

export const payRulesSchema = z.object({
  intent: z.literal("pay"),
  revision: z.coerce.number().int().min(0),
  effectiveFrom: z
    .string({ error: "admin:rules.error.effectiveFrom" })
    .refine((value) => isWeekId(value), { error: "admin:rules.error.effectiveFrom" }),
  hourlyRate: euro(RULE_RANGES.hourlyRateEur, "admin:rules.error.hourlyRate"),
  payModel: z.enum(PAY_MODELS, { error: "admin:rules.error.payModel" }),
  sharePercent: z.string({ error: "admin:rules.error.sharePercent" }).transform((text, ctx) => {
    const value = parsePercent(text);
    if (value === undefined || !within(value, RULE_RANGES.sharePercent)) {
      ctx.addIssue({ code: "custom", message: "admin:rules.error.sharePercent" });
      return z.NEVER;
    }
    return value;
  }),
  rentPerDay: euro(RULE_RANGES.rentPerDayEur, "admin:rules.error.rentPerDay"),
  paydayWeekday: whole({ min: 1, max: 7 }, "admin:rules.error.paydayWeekday"),
  /** Set by the confirmation step: the admin has seen what the change does to the open drafts. */
  confirmed: z.literal("yes").optional(),
});
export type PayRulesForm = z.infer<typeof payRulesSchema>;

export function payRuleValuesOf(form: PayRulesForm): PayRuleValues {
  return {
    payModel: form.payModel,
    hourlyRateCents: form.hourlyRate,
    sharePercent: form.sharePercent,
    rentPerDayCents: form.rentPerDay,
    paydayWeekday: form.paydayWeekday as IsoWeekday,
  };
}

export const operatorRulesSchema = z
  .object({
    intent: z.literal("operator"),
    revision: z.coerce.number().int().min(0),
    leaseDays: whole(RULE_RANGES.leaseDays, "admin:rules.error.leaseDays"),
    leaseRenewalWindowDays: whole(RULE_RANGES.leaseRenewalWindowDays, "admin:rules.error.leaseRenewalWindowDays"),
    problemReportCooldownHours: whole(
      RULE_RANGES.problemReportCooldownHours,
      "admin:rules.error.problemReportCooldownHours",
    ),
    rejectedDocumentRetentionDays: whole(
      RULE_RANGES.rejectedDocumentRetentionDays,
      "admin:rules.error.rejectedDocumentRetentionDays",
    ),
    documentReminderFirstDays: whole(
      RULE_RANGES.documentReminderFirstDays,
      "admin:rules.error.documentReminderFirstDays",
    ),
    documentReminderSecondDays: whole(
      RULE_RANGES.documentReminderSecondDays,
      "admin:rules.error.documentReminderSecondDays",
    ),
    rateLimitAssistant: whole(RULE_RANGES.rateLimitAssistant, "admin:rules.error.rateLimit"),
    rateLimitUploads: whole(RULE_RANGES.rateLimitUploads, "admin:rules.error.rateLimit"),
    rateLimitDataExport: whole(RULE_RANGES.rateLimitDataExport, "admin:rules.error.rateLimitDataExport"),
    rateLimitPayQuestions: whole(RULE_RANGES.rateLimitPayQuestions, "admin:rules.error.rateLimit"),
    rateLimitReferralTrack: whole(RULE_RANGES.rateLimitReferralTrack, "admin:rules.error.rateLimit"),
  })
  .refine((rules) => rules.leaseRenewalWindowDays < rules.leaseDays, {
    path: ["leaseRenewalWindowDays"],
    error: "admin:rules.error.renewalWindowTooLong",
  })
  .refine((rules) => rules.documentReminderSecondDays < rules.documentReminderFirstDays, {
    path: ["documentReminderSecondDays"],
    error: "admin:rules.error.reminderOrder",
  });

/** The money rules that differ between two sets, in the page's order. */
export function changedPayRules(before: PayRuleValues, after: PayRuleValues) {
  return PAY_RULE_KEYS.filter((key) => before[key] !== after[key]);
}

/**
 * The earliest Monday a money rule may start on: never a week that has an approved, exported or paid
 * statement (or any week before one), never before the oldest week still recomputed as a draft.
 */
export function earliestEffectiveWeek(oldestOpenWeek: WeekId, lastFrozenWeek: WeekId | null): WeekId {
  if (lastFrozenWeek === null) return oldestOpenWeek;
  const after = addWeeks(lastFrozenWeek, 1);
  return after > oldestOpenWeek ? after : oldestOpenWeek;
}

/** A money amount as the form's field shows it ("7,50"; English "7.50"). */
export function centsFieldValue(cents: number, language: string) {
  const text = (cents / 100).toFixed(2);
  return language === "en" ? text : text.replace(".", ",");
}

/** A share as the form's field shows it ("82,5"). */
export function percentFieldValue(percent: number, language: string) {
  const text = String(percent);
  return language === "en" ? text : text.replace(".", ",");
}
