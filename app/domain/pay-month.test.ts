import { describe, expect, test } from "bun:test";
import { addMonths, daysOfMonth, hoursAndMinutes, isMonthId, monthOf } from "./pay-month";

describe("payroll months", () => {
  test("only 'YYYY-MM' of a real month is a month", () => {
    expect(["2026-11", "2026-01", "2000-12"].every(isMonthId)).toBe(true);
    for (const bad of ["2026-13", "2026-00", "2026-1", "26-11", "1999-12", "2026-11-01", "2026-11.csv", ""])
      expect(isMonthId(bad)).toBe(false);
  });

  test("first and last day, leap years included; neighbours across the year", () => {
    expect(daysOfMonth("2026-11")).toEqual({ first: "2026-11-01", last: "2026-11-30" });
    expect(daysOfMonth("2028-02").last).toBe("2028-02-29");
    expect(daysOfMonth("2026-02").last).toBe("2026-02-28");
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2027-01", -1)).toBe("2026-12");
    expect(monthOf("2026-11-27")).toBe("2026-11");
  });

  test("minutes are hours and minutes, never a decimal", () => {
    expect(hoursAndMinutes(2555)).toEqual({ hours: 42, minutes: 35 });
    expect(hoursAndMinutes(59)).toEqual({ hours: 0, minutes: 59 });
  });
});
