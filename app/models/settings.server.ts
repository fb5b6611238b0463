import { and, asc, eq, isNotNull } from "drizzle-orm";
import { ruleChanges, settings } from "~db/schema";
import type { DailyLimits } from "~/domain/earnings-csv";
import type { PayRuleValues } from "~/domain/operator-rules";
import { paySettingsFrom, type PaySettings } from "~/domain/pay-rule";
import { weekOf, type IsoWeekday, type WeekId } from "~/domain/pay-week";
import { DEFAULT_PAY_SETTINGS, DEFAULT_SETTINGS, PAY_MODELS, type PayModel, type Settings } from "~/domain/rules";
import { now as clockNow } from "~/infra/clock.server";
import { db, preparedQuery, type Database, type Tx } from "~/infra/db.server";

type Reader = Database | Tx;
type SettingRow = { key: string; value: unknown };

const allSettings = preparedQuery((connection) => connection.select().from(settings).prepare());

async function settingRows(q?: Reader): Promise<SettingRow[]> {
  return q ? q.select({ key: settings.key, value: settings.value }).from(settings) : allSettings().execute();
}

/** The money rules in force for each week: versions sorted by their Monday, then by revision. */
async function payVersions(q: Reader) {
  const rows = await q
    .select({ revision: ruleChanges.revision, effectiveFrom: ruleChanges.effectiveFrom, values: ruleChanges.values })
    .from(ruleChanges)
    .where(and(eq(ruleChanges.kind, "pay"), isNotNull(ruleChanges.effectiveFrom)))
    .orderBy(asc(ruleChanges.effectiveFrom), asc(ruleChanges.revision));
  return rows.map((row) => ({
    effectiveFrom: row.effectiveFrom as WeekId,
    values: row.values as Partial<PayRuleValues>,
  }));
}

/**
 * The operator-editable constants (docs/fleet-rules.md, "Rules"): rows of the `settings` table override the
 * defaults of app/domain/rules.ts; a missing or malformed row keeps the default. The hourly rate is the one
 * of the money rules in force this week (the calculator's and the assistant's promise).
 */
export async function getSettings(q?: Reader, now = clockNow()): Promise<Settings> {
  const result = await getOperatorSettings(q);
  const rules = await loadPayRules(q);
  result.hourlyRateEur = rules.forWeek(weekOf(now)).hourlyRateCents / 100;
  return result;
}

/** The settings rows over DEFAULT_SETTINGS alone (the rate limits read them on every hit); the hourly rate is getSettings'. */
export async function getOperatorSettings(q?: Reader): Promise<Settings> {
  const result: Settings = { ...DEFAULT_SETTINGS };
  for (const row of await settingRows(q)) {
    if (!(row.key in DEFAULT_SETTINGS)) continue;
    const value = typeof row.value === "string" ? Number(row.value) : row.value;
    if (typeof value === "number" && Number.isFinite(value) && value > 0) result[row.key as keyof Settings] = value;
  }
  return result;
}

/** The pay settings of one week, with the import's caps (not dated). */
export type WeekPaySettings = PaySettings & DailyLimits;

/** A saved change of the money rules: only the rules it changed, from its Monday on. */
export type PayRuleVersion = { effectiveFrom: WeekId; values: Partial<PayRuleValues> };

/**
 * Every version of the money rules at hand: `forWeek(W)` applies, in the order of their Mondays (then of
 * their saving), each version whose Monday is on or before W — each one only the rules it changed, so a
 * change scheduled later keeps what an earlier one set.
 */
export type PayRules = {
  forWeek(week: WeekId): WeekPaySettings;
  versions: PayRuleVersion[];
  /** The same rules with one more version saved after the others (a preview of a change). */
  with(version: PayRuleVersion): PayRules;
};

function payRulesOf(base: WeekPaySettings, versions: PayRuleVersion[]): PayRules {
  const sorted = versions
    .map((version, order) => ({ ...version, order }))
    .sort((a, b) =>
      a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : a.order - b.order,
    );
  return {
    versions,
    forWeek(week) {
      const result = { ...base };
      for (const version of sorted) if (version.effectiveFrom <= week) Object.assign(result, version.values);
      return result;
    },
    with: (version) => payRulesOf(base, [...versions, version]),
  };
}

/**
 * The weekly pay settings (docs/pay.md, "Settings"). The money rules (model, hourly rate, share, rent per
 * day, payday) come from the latest `rule_changes` version of kind `pay` whose Monday is on or before the
 * week; a week before every version reads the `settings` rows (`payModel`, `sharePercent`,
 * `rentPerDayCents`, `paydayWeekday`, the calculator's `hourlyRateEur`) over DEFAULT_PAY_SETTINGS, as before
 * there was a rules page. The large-payout threshold and the import's daily caps are plain settings rows.
 * Inside a transaction pass its `tx`.
 */
export async function loadPayRules(q?: Reader): Promise<PayRules> {
  const rows = new Map((await settingRows(q)).map((row) => [row.key, row.value] as const));
  const versions = await payVersions(q ?? db());
  const number = (key: string) => {
    const raw = rows.get(key);
    const value = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
    return typeof value === "number" && Number.isFinite(value) ? value : undefined;
  };
  const pay = { ...DEFAULT_PAY_SETTINGS };
  const model = rows.get("payModel");
  if (PAY_MODELS.includes(model as PayModel)) pay.payModel = model as PayModel;
  const percent = number("sharePercent");
  if (percent !== undefined && percent >= 0 && percent <= 100 && Math.round(percent * 100) / 100 === percent)
    pay.sharePercent = percent;
  const rent = number("rentPerDayCents");
  if (rent !== undefined && Number.isSafeInteger(rent) && rent >= 0) pay.rentPerDayCents = rent;
  const weekday = number("paydayWeekday");
  if (weekday !== undefined && Number.isInteger(weekday) && weekday >= 1 && weekday <= 7)
    pay.paydayWeekday = weekday as IsoWeekday;
  const large = number("largePayoutCents");
  if (large !== undefined && Number.isSafeInteger(large) && large > 0) pay.largePayoutCents = large;
  const factor = number("largePayoutFactor");
  if (factor !== undefined && factor > 1 && factor <= 100) pay.largePayoutFactor = factor;
  for (const key of ["maxDailyGrossCents", "maxDailyTipsCents"] as const) {
    // A cap stays below the 32-bit range every stored amount keeps to.
    const cap = number(key);
    if (cap !== undefined && Number.isSafeInteger(cap) && cap > 0 && cap <= 100_000_000) pay[key] = cap;
  }
  const rate = number("hourlyRateEur");
  const hourlyRateEur = rate !== undefined && rate > 0 ? rate : DEFAULT_SETTINGS.hourlyRateEur;
  const { maxDailyGrossCents, maxDailyTipsCents } = pay;
  const base: WeekPaySettings = { ...paySettingsFrom(hourlyRateEur, pay), maxDailyGrossCents, maxDailyTipsCents };
  return payRulesOf(base, versions);
}

/** The pay settings of week W: the money rules in force for it (statements, corrections, its payday). */
export async function getPaySettingsForWeek(week: WeekId, q?: Reader): Promise<WeekPaySettings> {
  return (await loadPayRules(q)).forWeek(week);
}

/** The pay settings in force this week: the calculator, the assistant, the vehicle request's rent. */
export async function getPaySettings(now = clockNow()): Promise<WeekPaySettings> {
  return getPaySettingsForWeek(weekOf(now));
}
