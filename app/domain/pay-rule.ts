import type { AdjustmentDetails } from "./earnings-csv";
import { paydayOf, type CalendarDate, type IsoWeekday, type WeekId } from "./pay-week";
import { DEFAULT_PAY_SETTINGS, DEFAULT_SETTINGS, type PayModel } from "./rules";

/**
 * The pay rule: one week's inputs → one statement. The landing page's income calculator calls it too
 * (app/domain/income.ts), so what we promise and what we pay cannot drift apart.
 *
 * Money is integer euro cents, time whole minutes. The one rounding rule: every division rounds half
 * up, computed on integers —
 *   hourly pay = round_half_up(minutes × hourlyRateCents / 60)
 *   share pay  = round_half_up(grossCents × sharePercent / 100)   (sharePercent to two decimals)
 * and nothing else divides: tips pass through in full, rent is leaseDays × rentPerDayCents, damage
 * charges and adjustments are taken as entered.
 *
 *   net = pay + tips − rent − damage + adjustments + carriedIn
 *   payout = max(net, 0)   carryOut = min(net, 0)
 *
 * A negative week is never a negative transfer: it is carried into the next week's statement as a
 * `carryIn` line. Week W is paid on the payday of week W+1 — a courier's first week included
 * ("the first payout after the first week").
 */

export type PaySettings = {
  payModel: PayModel;
  /** Per hour, in cents (the calculator's 7.50 EUR is 750). */
  hourlyRateCents: number;
  /** Share model: percent of the platforms' gross, at most two decimals. */
  sharePercent: number;
  rentPerDayCents: number;
  paydayWeekday: IsoWeekday;
  /** A payout above this is flagged for its own approval (the review's "largePayout"; default in rules.ts). */
  largePayoutCents?: number;
  /** A payout above this many times the courier's median is flagged too. */
  largePayoutFactor?: number;
};

export type DamageCharge = { id: number | string; amountCents: number; reason: string };
export type Adjustment = {
  id: number | string;
  kind: "bonus" | "correction";
  amountCents: number;
  reason: string;
  /** A platform's correction of a frozen week: its line names the week, platform and differences. */
  details?: AdjustmentDetails | null;
};

export type WeekInput = {
  /** The week being paid; when given, the statement carries its payday. */
  week?: WeekId;
  minutes: number;
  deliveries: number;
  grossCents: number;
  tipsCents: number;
  /** Days of scooter lease inside the week (app/domain/pay-week.ts leaseDaysInWeek). */
  leaseDays: number;
  damageCharges: DamageCharge[];
  adjustments: Adjustment[];
  /** A negative balance carried from earlier weeks (≤ 0). */
  carriedInCents: number;
};

export type StatementLineKind = "pay" | "tips" | "rent" | "damage" | "bonus" | "correction" | "carryIn";

export type StatementLine = {
  kind: StatementLineKind;
  /** Signed: what the line adds to the net (deductions are negative). */
  amountCents: number;
  /** Minutes for hourly pay, gross cents for share pay, lease days for rent, 1 otherwise. */
  quantity: number;
  reason: string | null;
  /** The translation key of the line's label (namespace `pay`). */
  key: string;
  /** Values the label interpolates. */
  params: Record<string, number | string>;
  /** The damage charge or adjustment the line comes from. */
  sourceId?: number | string;
};

export type Statement = {
  week: WeekId | null;
  payday: CalendarDate | null;
  lines: StatementLine[];
  payCents: number;
  tipsCents: number;
  rentCents: number;
  damageCents: number;
  adjustmentsCents: number;
  carriedInCents: number;
  netCents: number;
  payoutCents: number;
  carryOutCents: number;
};

/** Refusal of inputs the rule cannot pay (a fractional cent, a negative number of minutes…). */
export class PayRuleError extends RangeError {
  override name = "PayRuleError";
}

/** round(numerator / denominator), halves up, for non-negative integers. */
export function roundHalfUpDiv(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || numerator < 0 || denominator <= 0)
    throw new PayRuleError(`roundHalfUpDiv needs non-negative safe integers: ${numerator} / ${denominator}`);
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** EUR as entered by an operator (7.5) → integer cents (750), halves up. */
export function eurToCents(eur: number): number {
  if (!Number.isFinite(eur)) throw new PayRuleError(`not an amount: ${eur}`);
  // toPrecision drops the binary noise first (1.005 × 100 is 100.49999…).
  const cents = Math.round(Number((Math.abs(eur) * 100).toPrecision(12)));
  return eur < 0 ? -cents : cents;
}

function nonNegativeInt(value: number, name: string) {
  if (!Number.isSafeInteger(value) || value < 0) throw new PayRuleError(`${name} must be a whole number ≥ 0: ${value}`);
}

/** Share of the gross in cents; the percent is taken to two decimals (basis points) to stay in integers. */
function shareOf(grossCents: number, sharePercent: number) {
  const basisPoints = Math.round(sharePercent * 100);
  if (!(basisPoints >= 0 && basisPoints <= 10_000))
    throw new PayRuleError(`sharePercent must be 0–100: ${sharePercent}`);
  return roundHalfUpDiv(grossCents * basisPoints, 10_000);
}

/** Pay for the work alone (before tips and deductions) under the operator's model. */
export function workPayCents(
  work: { minutes: number; grossCents: number },
  settings: Pick<PaySettings, "payModel" | "hourlyRateCents" | "sharePercent">,
) {
  nonNegativeInt(work.minutes, "minutes");
  nonNegativeInt(work.grossCents, "grossCents");
  if (settings.payModel === "share") return shareOf(work.grossCents, settings.sharePercent);
  nonNegativeInt(settings.hourlyRateCents, "hourlyRateCents");
  return roundHalfUpDiv(work.minutes * settings.hourlyRateCents, 60);
}

function checkInput(input: WeekInput, settings: PaySettings) {
  for (const name of ["minutes", "deliveries", "grossCents", "tipsCents", "leaseDays"] as const)
    nonNegativeInt(input[name], name);
  if (input.leaseDays > 7) throw new PayRuleError(`leaseDays cannot exceed 7: ${input.leaseDays}`);
  nonNegativeInt(settings.rentPerDayCents, "rentPerDayCents");
  if (!Number.isSafeInteger(input.carriedInCents) || input.carriedInCents > 0)
    throw new PayRuleError(`carriedInCents must be a whole number ≤ 0: ${input.carriedInCents}`);
  for (const charge of input.damageCharges)
    if (!Number.isSafeInteger(charge.amountCents) || charge.amountCents <= 0)
      throw new PayRuleError(`a damage charge must be a whole number of cents > 0: ${charge.amountCents}`);
  for (const adjustment of input.adjustments) {
    if (!Number.isSafeInteger(adjustment.amountCents) || adjustment.amountCents === 0)
      throw new PayRuleError(`an adjustment must be a whole, non-zero number of cents: ${adjustment.amountCents}`);
    if (adjustment.kind === "bonus" && adjustment.amountCents < 0)
      throw new PayRuleError("a bonus cannot be negative; use a correction");
  }
}

/** The statement of one courier's week. Throws PayRuleError on inputs that are not whole cents and minutes. */
export function computeStatement(input: WeekInput, settings: PaySettings): Statement {
  checkInput(input, settings);
  const lines: StatementLine[] = [];
  const payCents = workPayCents(input, settings);
  lines.push(
    settings.payModel === "share"
      ? {
          kind: "pay",
          amountCents: payCents,
          quantity: input.grossCents,
          reason: null,
          key: "line.payShare",
          params: { grossCents: input.grossCents, percent: settings.sharePercent, deliveries: input.deliveries },
        }
      : {
          kind: "pay",
          amountCents: payCents,
          quantity: input.minutes,
          reason: null,
          key: "line.payHourly",
          params: { minutes: input.minutes, rateCents: settings.hourlyRateCents, deliveries: input.deliveries },
        },
  );
  if (input.tipsCents > 0)
    lines.push({ kind: "tips", amountCents: input.tipsCents, quantity: 1, reason: null, key: "line.tips", params: {} });

  const rentCents = input.leaseDays * settings.rentPerDayCents;
  if (rentCents > 0)
    lines.push({
      kind: "rent",
      amountCents: -rentCents,
      quantity: input.leaseDays,
      reason: null,
      key: "line.rent",
      params: { days: input.leaseDays, perDayCents: settings.rentPerDayCents },
    });

  let damageCents = 0;
  for (const charge of input.damageCharges) {
    damageCents += charge.amountCents;
    lines.push({
      kind: "damage",
      amountCents: -charge.amountCents,
      quantity: 1,
      reason: charge.reason,
      key: "line.damage",
      params: {},
      sourceId: charge.id,
    });
  }
  let adjustmentsCents = 0;
  for (const adjustment of input.adjustments) {
    adjustmentsCents += adjustment.amountCents;
    const details = adjustment.details;
    lines.push({
      kind: adjustment.kind,
      amountCents: adjustment.amountCents,
      quantity: 1,
      reason: details ? null : adjustment.reason,
      key: details ? "line.importCorrection" : `line.${adjustment.kind}`,
      params: details
        ? {
            week: details.week,
            platform: details.platform,
            minutes: details.minutes,
            grossCents: details.grossCents,
            tipsCents: details.tipsCents,
          }
        : {},
      sourceId: adjustment.id,
    });
  }
  if (input.carriedInCents < 0)
    lines.push({
      kind: "carryIn",
      amountCents: input.carriedInCents,
      quantity: 1,
      reason: null,
      key: "line.carryIn",
      params: {},
    });

  const netCents = payCents + input.tipsCents - rentCents - damageCents + adjustmentsCents + input.carriedInCents;
  return {
    week: input.week ?? null,
    payday: input.week ? paydayOf(input.week, settings.paydayWeekday) : null,
    lines,
    payCents,
    tipsCents: input.tipsCents,
    rentCents,
    damageCents,
    adjustmentsCents,
    carriedInCents: input.carriedInCents,
    netCents,
    payoutCents: Math.max(netCents, 0),
    carryOutCents: Math.min(netCents, 0),
  };
}

/** A week with nothing in it: the start of a statement's inputs. */
export const EMPTY_WEEK: Readonly<WeekInput> = {
  minutes: 0,
  deliveries: 0,
  grossCents: 0,
  tipsCents: 0,
  leaseDays: 0,
  damageCharges: [],
  adjustments: [],
  carriedInCents: 0,
};

/** The operator's pay settings as the rule takes them; the hourly rate is the calculator's (DEFAULT_SETTINGS.hourlyRateEur). */
export function paySettingsFrom(hourlyRateEur: number, pay: typeof DEFAULT_PAY_SETTINGS): PaySettings {
  return { ...pay, hourlyRateCents: eurToCents(hourlyRateEur) };
}

export const DEFAULT_PAY_RULE_SETTINGS: Readonly<PaySettings> = paySettingsFrom(
  DEFAULT_SETTINGS.hourlyRateEur,
  DEFAULT_PAY_SETTINGS,
);
