import { settings } from "~db/schema";
import type { DailyLimits } from "~/domain/earnings-csv";
import { paySettingsFrom, type PaySettings } from "~/domain/pay-rule";
import type { IsoWeekday } from "~/domain/pay-week";
import { DEFAULT_PAY_SETTINGS, DEFAULT_SETTINGS, PAY_MODELS, type PayModel, type Settings } from "~/domain/rules";
import { preparedQuery } from "~/infra/db.server";

const allSettings = preparedQuery((connection) => connection.select().from(settings).prepare());

/**
 * The operator-editable constants (docs/fleet-rules.md): rows of the `settings` table override the defaults
 * of app/domain/rules.ts; a missing or malformed row keeps the default.
 */
export async function getSettings(): Promise<Settings> {
  const result: Settings = { ...DEFAULT_SETTINGS };
  for (const row of await allSettings().execute()) {
    if (!(row.key in DEFAULT_SETTINGS)) continue;
    const value = typeof row.value === "string" ? Number(row.value) : row.value;
    if (typeof value === "number" && Number.isFinite(value) && value > 0) result[row.key as keyof Settings] = value;
  }
  return result;
}

/**
 * The weekly pay settings (docs/pay.md) as the pay rule takes them: rows `payModel` ("hourly" or
 * "share"), `sharePercent` (0–100, two decimals), `rentPerDayCents` (whole cents ≥ 0),
 * `paydayWeekday` (1 = Monday … 7 = Sunday) and the import's daily caps `maxDailyGrossCents`,
 * `maxDailyTipsCents` (whole cents > 0) override DEFAULT_PAY_SETTINGS; the hourly rate is the
 * calculator's `hourlyRateEur`. A malformed row keeps the default. No admin form edits them yet:
 * an operator writes the rows (the settings table holds JSON values).
 */
export async function getPaySettings(): Promise<PaySettings & DailyLimits> {
  const rows = new Map((await allSettings().execute()).map((row) => [row.key, row.value] as const));
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
  const { maxDailyGrossCents, maxDailyTipsCents } = pay;
  return { ...paySettingsFrom((await getSettings()).hourlyRateEur, pay), maxDailyGrossCents, maxDailyTipsCents };
}
