import { describe, expect, test } from "bun:test";
import { calculateIncome, weeklyHoursIncome } from "./income";
import {
  computeStatement,
  DEFAULT_PAY_RULE_SETTINGS,
  EMPTY_WEEK,
  eurToCents,
  PayRuleError,
  paySettingsFrom,
  roundHalfUpDiv,
  type PaySettings,
  type WeekInput,
} from "./pay-rule";
import { weekEnd, weekOf } from "./pay-week";
import { DEFAULT_PAY_SETTINGS } from "./rules";

const hourly: PaySettings = {
  payModel: "hourly",
  hourlyRateCents: 750,
  sharePercent: 80,
  rentPerDayCents: 500,
  paydayWeekday: 5,
};
const share: PaySettings = { ...hourly, payModel: "share" };
const week = (over: Partial<WeekInput>): WeekInput => ({ ...EMPTY_WEEK, ...over });

describe("rounding: half up, on integers", () => {
  test("roundHalfUpDiv", () => {
    expect(roundHalfUpDiv(5, 2)).toBe(3);
    expect(roundHalfUpDiv(7, 3)).toBe(2);
    expect(roundHalfUpDiv(8, 3)).toBe(3);
    expect(roundHalfUpDiv(0, 60)).toBe(0);
    expect(() => roundHalfUpDiv(-1, 2)).toThrow(PayRuleError);
    expect(() => roundHalfUpDiv(1.5, 2)).toThrow(PayRuleError);
  });

  test("hourly pay = minutes × rate / 60, half a cent up", () => {
    expect(computeStatement(week({ minutes: 60 }), hourly).payCents).toBe(750);
    // 1 minute at 7.50/h = 12.5 cents → 13.
    expect(computeStatement(week({ minutes: 1 }), hourly).payCents).toBe(13);
    // 1 minute at 7.33/h = 12.2166… cents → 12; 2 minutes = 24.43… → 24.
    expect(computeStatement(week({ minutes: 1 }), { ...hourly, hourlyRateCents: 733 }).payCents).toBe(12);
    expect(computeStatement(week({ minutes: 2 }), { ...hourly, hourlyRateCents: 733 }).payCents).toBe(24);
    // The whole week is rounded once, not each day: 7 × 1 minute = 87.5 → 88, not 7 × 13 = 91.
    expect(computeStatement(week({ minutes: 7 }), hourly).payCents).toBe(88);
  });

  test("share pay = gross × percent / 100, half a cent up, percent to two decimals", () => {
    expect(computeStatement(week({ grossCents: 10_000, minutes: 600 }), share).payCents).toBe(8000);
    expect(computeStatement(week({ grossCents: 1 }), { ...share, sharePercent: 50 }).payCents).toBe(1); // 0.5 → 1
    expect(computeStatement(week({ grossCents: 999 }), { ...share, sharePercent: 82.5 }).payCents).toBe(824); // 824.175
    expect(() => computeStatement(week({ grossCents: 100 }), { ...share, sharePercent: 101 })).toThrow(PayRuleError);
  });

  test("eurToCents reads an operator's euros without binary noise", () => {
    expect(eurToCents(7.5)).toBe(750);
    expect(eurToCents(1.005)).toBe(101);
    expect(eurToCents(8.25)).toBe(825);
    expect(eurToCents(-2.5)).toBe(-250);
  });
});

describe("the statement", () => {
  test("tips pass through in full, rent per lease day, damage and adjustments, net and payout", () => {
    const s = computeStatement(
      week({
        minutes: 40 * 60,
        deliveries: 90,
        grossCents: 52_000,
        tipsCents: 1234,
        leaseDays: 7,
        damageCharges: [{ id: 4, amountCents: 2500, reason: "Broken mirror" }],
        adjustments: [
          { id: 1, kind: "bonus", amountCents: 2000, reason: "Rain weekend" },
          { id: 2, kind: "correction", amountCents: -300, reason: "Double-counted day" },
        ],
      }),
      hourly,
    );
    expect(s.payCents).toBe(30_000);
    expect(s.tipsCents).toBe(1234);
    expect(s.rentCents).toBe(3500);
    expect(s.damageCents).toBe(2500);
    expect(s.adjustmentsCents).toBe(1700);
    expect(s.netCents).toBe(30_000 + 1234 - 3500 - 2500 + 1700);
    expect(s.payoutCents).toBe(s.netCents);
    expect(s.carryOutCents).toBe(0);
    expect(s.lines.map((l) => [l.kind, l.amountCents, l.quantity])).toEqual([
      ["pay", 30_000, 2400],
      ["tips", 1234, 1],
      ["rent", -3500, 7],
      ["damage", -2500, 1],
      ["bonus", 2000, 1],
      ["correction", -300, 1],
    ]);
    expect(s.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(s.netCents);
    expect(s.lines.find((l) => l.kind === "damage")).toMatchObject({
      reason: "Broken mirror",
      sourceId: 4,
      key: "line.damage",
    });
    expect(s.lines[0]).toMatchObject({
      key: "line.payHourly",
      params: { minutes: 2400, rateCents: 750, deliveries: 90 },
    });
  });

  test("pro-rata rent: a lease from Wednesday is 5 days of rent", () => {
    const s = computeStatement(week({ minutes: 600, leaseDays: 5 }), hourly);
    expect(s.rentCents).toBe(2500);
    expect(s.lines.find((l) => l.kind === "rent")).toMatchObject({
      amountCents: -2500,
      quantity: 5,
      params: { days: 5, perDayCents: 500 },
    });
  });

  test("a negative week is carried over, never sent as a negative transfer", () => {
    const first = computeStatement(week({ minutes: 120, leaseDays: 7 }), hourly); // 15.00 − 35.00
    expect(first.netCents).toBe(-2000);
    expect(first.payoutCents).toBe(0);
    expect(first.carryOutCents).toBe(-2000);

    const second = computeStatement(week({ minutes: 600, leaseDays: 0, carriedInCents: first.carryOutCents }), hourly);
    expect(second.lines.at(-1)).toMatchObject({ kind: "carryIn", amountCents: -2000 });
    expect(second.netCents).toBe(7500 - 2000);
    expect(second.payoutCents).toBe(5500);
    expect(second.carryOutCents).toBe(0);
  });

  test("a week of nothing is zero, with only the pay line", () => {
    const s = computeStatement(EMPTY_WEEK, hourly);
    expect(s).toMatchObject({ payCents: 0, netCents: 0, payoutCents: 0, carryOutCents: 0, week: null, payday: null });
    expect(s.lines.map((l) => l.kind)).toEqual(["pay"]);
  });

  test("refuses what is not whole cents and minutes", () => {
    const bad: Partial<WeekInput>[] = [
      { minutes: 1.5 },
      { minutes: -1 },
      { grossCents: 10.1 },
      { tipsCents: -5 },
      { leaseDays: 8 },
      { carriedInCents: 100 },
      { damageCharges: [{ id: 1, amountCents: 0, reason: "x" }] },
      { damageCharges: [{ id: 1, amountCents: -100, reason: "x" }] },
      { adjustments: [{ id: 1, kind: "bonus", amountCents: -100, reason: "x" }] },
      { adjustments: [{ id: 1, kind: "correction", amountCents: 0.5, reason: "x" }] },
    ];
    for (const input of bad) expect(() => computeStatement(week(input), hourly)).toThrow(PayRuleError);
  });
});

describe("the weekly timeline", () => {
  test("a statement carries its payday: the Friday of the following week", () => {
    expect(computeStatement(week({ week: "2026-11-16" }), hourly).payday).toBe("2026-11-27");
    expect(computeStatement(week({ week: "2026-11-16" }), { ...hourly, paydayWeekday: 3 }).payday).toBe("2026-11-25");
  });

  test("the first week: a courier who starts on Thursday is paid after that week ends, on the next payday", () => {
    const started = new Date("2026-11-19T07:00:00Z");
    const firstWeek = weekOf(started);
    const s = computeStatement(week({ week: firstWeek, minutes: 3 * 8 * 60, leaseDays: 4 }), hourly);
    expect(s.payday).toBe("2026-11-27");
    // The payday comes after the week's end (Sunday 24:00 Bratislava), never inside the week worked.
    expect(new Date(`${s.payday}T12:00:00Z`).getTime()).toBeGreaterThan(weekEnd(firstWeek).getTime());
    expect(s.payoutCents).toBe(18_000 - 2000);
  });

  test("the first week is paid on the same weekday as every other week (no special case)", () => {
    const paydays = ["2026-11-16", "2026-11-23", "2026-11-30"].map(
      (w) => computeStatement(week({ week: w }), hourly).payday,
    );
    expect(paydays).toEqual(["2026-11-27", "2026-12-04", "2026-12-11"]);
  });
});

describe("the calculator and a statement agree", () => {
  test("for the same hours the landing page promises exactly the statement's payout", () => {
    for (const [days, hours] of [
      [5, 8],
      [3, 7],
      [7, 12],
      [1, 1],
      [6, 9],
    ] as const) {
      for (const rate of [7.5, 7.33, 8.25, 6.99, 7.125]) {
        const settings = paySettingsFrom(rate, DEFAULT_PAY_SETTINGS);
        const statement = computeStatement(week({ minutes: days * hours * 60 }), settings);
        const leased = computeStatement(week({ minutes: days * hours * 60, leaseDays: 7 }), settings);
        expect(calculateIncome({ days, hours }, settings).weekCents).toBe(statement.payoutCents);
        expect(weeklyHoursIncome(days * hours, settings).weekCents).toBe(statement.payoutCents);
        expect(calculateIncome({ days, hours }, settings).withScooterWeekCents).toBe(leased.netCents);
      }
    }
  });

  test("the defaults: the calculator's 7.50 EUR is the pay rule's 750 cents", () => {
    expect(DEFAULT_PAY_RULE_SETTINGS.hourlyRateCents).toBe(750);
    expect(DEFAULT_PAY_RULE_SETTINGS.payModel).toBe("hourly");
    expect(calculateIncome({ days: 5, hours: 8 }).weekCents).toBe(
      computeStatement(week({ minutes: 2400 }), DEFAULT_PAY_RULE_SETTINGS).payoutCents,
    );
  });
});
