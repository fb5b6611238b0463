import { describe, expect, test } from "bun:test";
import { parseEurToCents, serviceDue } from "./maintenance";

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2027-05-01T10:00:00Z");
const inDays = (days: number) => new Date(now.getTime() + days * DAY);

describe("serviceDue", () => {
  test("no record, no due", () => {
    expect(serviceDue(null, { now, odometerKm: 5000 })).toBeNull();
    expect(serviceDue({ nextDueAt: null, nextDueKm: null }, { now, odometerKm: 5000 })).toBeNull();
  });
  test("by date: soon within 7 days, overdue once passed, nothing before", () => {
    expect(serviceDue({ nextDueAt: inDays(8), nextDueKm: null }, { now, odometerKm: null })).toBeNull();
    expect(serviceDue({ nextDueAt: inDays(7), nextDueKm: null }, { now, odometerKm: null })).toEqual({
      state: "soon",
      by: "date",
    });
    expect(serviceDue({ nextDueAt: inDays(-1), nextDueKm: null }, { now, odometerKm: null })).toEqual({
      state: "overdue",
      by: "date",
    });
  });
  test("by km: needs an odometer reading; soon within 100 km, overdue at or past it", () => {
    expect(serviceDue({ nextDueAt: null, nextDueKm: 3000 }, { now, odometerKm: null })).toBeNull();
    expect(serviceDue({ nextDueAt: null, nextDueKm: 3000 }, { now, odometerKm: 2899 })).toBeNull();
    expect(serviceDue({ nextDueAt: null, nextDueKm: 3000 }, { now, odometerKm: 2900 })).toEqual({
      state: "soon",
      by: "km",
    });
    expect(serviceDue({ nextDueAt: null, nextDueKm: 3000 }, { now, odometerKm: 3000 })).toEqual({
      state: "overdue",
      by: "km",
    });
  });
  test("overdue by either wins over soon by the other", () => {
    expect(serviceDue({ nextDueAt: inDays(3), nextDueKm: 3000 }, { now, odometerKm: 3100 })).toEqual({
      state: "overdue",
      by: "km",
    });
  });
});

describe("parseEurToCents", () => {
  test("comma or dot decimals", () => {
    expect(parseEurToCents("12,50")).toBe(1250);
    expect(parseEurToCents("12.5")).toBe(1250);
    expect(parseEurToCents(" 1 200 ")).toBe(120000);
    expect(parseEurToCents("0.07")).toBe(7);
  });
  test("empty is null, nonsense is NaN", () => {
    expect(parseEurToCents("")).toBeNull();
    expect(parseEurToCents("-3")).toBeNaN();
    expect(parseEurToCents("12.345")).toBeNaN();
    expect(parseEurToCents("abc")).toBeNaN();
  });
});
