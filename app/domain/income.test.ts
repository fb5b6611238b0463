import { describe, expect, test } from "bun:test";
import { calculateIncome, formatEur, parseIncomeInput, weeklyHoursIncome } from "./income";

const RULE = { hourlyRateCents: 750, rentPerDayCents: 500 };

describe("income calculator", () => {
  test("week is days × hours × rate; month is week × 52/12", () => {
    const income = calculateIncome({ days: 5, hours: 8 }, RULE);
    expect(income.weekCents).toBe(30_000);
    expect(income.monthCents).toBe(130_000);
  });

  test("with a rented scooter the week's rent of every day is deducted, as every statement does", () => {
    const income = calculateIncome({ days: 5, hours: 4 }, RULE);
    expect(income.weekCents).toBe(15_000);
    expect(income.withScooterWeekCents).toBe(11_500);
    expect(income.withScooterMonthCents).toBe(49_833);
    // The rent in force, not a constant.
    expect(calculateIncome({ days: 5, hours: 4 }, { ...RULE, rentPerDayCents: 600 }).withScooterWeekCents).toBe(10_800);
    // Rent above pay: the net is shown below zero, not hidden.
    expect(calculateIncome({ days: 1, hours: 1 }, RULE).withScooterWeekCents).toBe(-2750);
  });

  test("uses the default rate of 7.50 EUR and rent of 5.00 EUR a day", () => {
    expect(calculateIncome({ days: 1, hours: 1 }).weekCents).toBe(750);
    expect(calculateIncome({ days: 7, hours: 12 }).weekCents).toBe(63_000);
    expect(calculateIncome({ days: 7, hours: 12 }).withScooterWeekCents).toBe(59_500);
    expect(calculateIncome({ days: 7, hours: 12 }).monthCents).toBe(273_000);
  });

  test("rounds to cents", () => {
    expect(calculateIncome({ days: 3, hours: 7 }, { ...RULE, hourlyRateCents: 733 }).monthCents).toBe(66_703);
  });

  test("clamps out-of-range and ignores garbage", () => {
    expect(parseIncomeInput("0", "13")).toEqual({ days: 1, hours: 12 });
    expect(parseIncomeInput("9", "-4")).toEqual({ days: 7, hours: 1 });
    expect(parseIncomeInput("abc", undefined)).toEqual({ days: 5, hours: 8 });
    expect(parseIncomeInput("4.6", "2")).toEqual({ days: 5, hours: 2 });
    expect(calculateIncome({ days: 99, hours: 99 }, { ...RULE, hourlyRateCents: 1000 }).weekCents).toBe(84_000);
  });

  test("formats EUR per language", () => {
    const nbsp = /[\u00a0\u202f ]/g;
    expect(formatEur(1300, "sk").replace(nbsp, " ")).toBe("1 300 €");
    expect(formatEur(1300, "en")).toBe("€1,300");
    expect(formatEur(1300, "ua").replace(nbsp, " ")).toMatch(/^1 300 €$/);
    expect(formatEur(7.5, "en", true)).toBe("€7.50");
  });
});

describe("weeklyHoursIncome", () => {
  test("hours a week × rate; month is week × 52/12; hours bounded", () => {
    expect(weeklyHoursIncome(40, RULE)).toEqual({
      hours: 40,
      ...RULE,
      weekCents: 30_000,
      monthCents: 130_000,
      withScooterWeekCents: 26_500,
      withScooterMonthCents: 114_833,
    });
    expect(weeklyHoursIncome(25, RULE).weekCents).toBe(18_750);
    expect(weeklyHoursIncome(25, RULE).monthCents).toBe(81_250);
    expect(weeklyHoursIncome(500, RULE).hours).toBe(84);
  });
});
