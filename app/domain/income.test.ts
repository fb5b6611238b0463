import { describe, expect, test } from "bun:test";
import { calculateIncome, formatEur, parseIncomeInput, weeklyHoursIncome } from "./income";

describe("income calculator", () => {
  test("week is days × hours × rate; month is week × 52/12", () => {
    const income = calculateIncome({ days: 5, hours: 8 }, 7.5);
    expect(income.week).toBe(300);
    expect(income.month).toBe(1300);
  });

  test("uses the default rate of 7.50 EUR", () => {
    expect(calculateIncome({ days: 1, hours: 1 }).week).toBe(7.5);
    expect(calculateIncome({ days: 7, hours: 12 }).week).toBe(630);
    expect(calculateIncome({ days: 7, hours: 12 }).month).toBe(2730);
  });

  test("rounds to cents", () => {
    expect(calculateIncome({ days: 3, hours: 7 }, 7.33).month).toBe(667.03);
  });

  test("clamps out-of-range and ignores garbage", () => {
    expect(parseIncomeInput("0", "13")).toEqual({ days: 1, hours: 12 });
    expect(parseIncomeInput("9", "-4")).toEqual({ days: 7, hours: 1 });
    expect(parseIncomeInput("abc", undefined)).toEqual({ days: 5, hours: 8 });
    expect(parseIncomeInput("4.6", "2")).toEqual({ days: 5, hours: 2 });
    expect(calculateIncome({ days: 99, hours: 99 }, 10).week).toBe(840);
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
    expect(weeklyHoursIncome(40, 7.5)).toEqual({ hours: 40, hourlyRate: 7.5, week: 300, month: 1300 });
    expect(weeklyHoursIncome(25, 7.5).month).toBe(812.5);
    expect(weeklyHoursIncome(500, 7.5).hours).toBe(84);
  });
});
