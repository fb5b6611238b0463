import { describe, expect, test } from "bun:test";
import {
  addWeeks,
  daysOfWeek,
  isoWeekLabel,
  isWeekId,
  leaseDaysInWeek,
  localDateOf,
  nextPayday,
  paydayOf,
  weekEnd,
  weekOf,
  weekPaidOn,
  weekStart,
} from "./pay-week";

const HOUR = 60 * 60 * 1000;
const hoursOf = (week: string) => (weekEnd(week).getTime() - weekStart(week).getTime()) / HOUR;

describe("pay weeks in Europe/Bratislava", () => {
  test("a winter week runs from Monday 00:00 CET (23:00 UTC on Sunday) for 168 hours", () => {
    expect(weekStart("2026-11-16").toISOString()).toBe("2026-11-15T23:00:00.000Z");
    expect(weekEnd("2026-11-16").toISOString()).toBe("2026-11-22T23:00:00.000Z");
    expect(hoursOf("2026-11-16")).toBe(168);
  });

  test("a summer week starts at 22:00 UTC", () => {
    expect(weekStart("2026-07-06").toISOString()).toBe("2026-07-05T22:00:00.000Z");
    expect(hoursOf("2026-07-06")).toBe(168);
  });

  test("the week of the October 2026 clock change (25 Oct) has 169 hours", () => {
    expect(weekStart("2026-10-19").toISOString()).toBe("2026-10-18T22:00:00.000Z");
    expect(weekEnd("2026-10-19").toISOString()).toBe("2026-10-25T23:00:00.000Z");
    expect(hoursOf("2026-10-19")).toBe(169);
    // Sunday 23:30 local after the change is 22:30 UTC: still that week; 23:00 UTC is Monday.
    expect(weekOf(new Date("2026-10-25T22:30:00Z"))).toBe("2026-10-19");
    expect(weekOf(new Date("2026-10-25T23:00:00Z"))).toBe("2026-10-26");
    // The hour that happens twice (02:00–03:00 local) belongs to the same week both times.
    expect(weekOf(new Date("2026-10-25T00:30:00Z"))).toBe("2026-10-19");
    expect(weekOf(new Date("2026-10-25T01:30:00Z"))).toBe("2026-10-19");
  });

  test("the week of the March 2027 clock change (28 Mar) has 167 hours", () => {
    expect(weekStart("2027-03-22").toISOString()).toBe("2027-03-21T23:00:00.000Z");
    expect(weekEnd("2027-03-22").toISOString()).toBe("2027-03-28T22:00:00.000Z");
    expect(hoursOf("2027-03-22")).toBe(167);
    expect(weekOf(new Date("2027-03-28T21:59:59Z"))).toBe("2027-03-22");
    expect(weekOf(new Date("2027-03-28T22:00:00Z"))).toBe("2027-03-29");
  });

  test("a week across the year boundary", () => {
    expect(weekOf(new Date("2027-01-01T12:00:00Z"))).toBe("2026-12-28");
    expect(weekOf(new Date("2026-12-27T23:30:00Z"))).toBe("2026-12-28"); // Monday 00:30 in Bratislava
    expect(daysOfWeek("2026-12-28")).toEqual([
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
    ]);
    expect(isoWeekLabel("2026-12-28")).toBe("2026-W53");
    expect(isoWeekLabel("2027-01-04")).toBe("2027-W01");
    expect(isoWeekLabel("2026-11-16")).toBe("2026-W47");
    expect(addWeeks("2026-12-28", 1)).toBe("2027-01-04");
  });

  test("an instant is placed by Bratislava's calendar, not UTC's", () => {
    expect(localDateOf(new Date("2026-11-15T23:30:00Z"))).toBe("2026-11-16");
    expect(weekOf(new Date("2026-11-15T22:59:59Z"))).toBe("2026-11-09");
    expect(weekOf(new Date("2026-11-15T23:00:00Z"))).toBe("2026-11-16");
  });

  test("only a Monday names a week", () => {
    expect(isWeekId("2026-11-16")).toBe(true);
    expect(isWeekId("2026-11-17")).toBe(false);
    expect(isWeekId("2026-02-30")).toBe(false);
    expect(isWeekId("16.11.2026")).toBe(false);
    expect(() => weekStart("2026-11-17")).toThrow(RangeError);
  });
});

describe("paydays", () => {
  test("week W is paid on Friday of week W+1", () => {
    expect(paydayOf("2026-11-16")).toBe("2026-11-27");
    expect(weekPaidOn("2026-11-27")).toBe("2026-11-16");
    expect(paydayOf("2026-12-28")).toBe("2027-01-08");
  });

  test("the payday weekday is the operator's", () => {
    expect(paydayOf("2026-11-16", 2)).toBe("2026-11-24");
    expect(weekPaidOn("2026-11-24", 2)).toBe("2026-11-16");
    expect(() => weekPaidOn("2026-11-25", 2)).toThrow(RangeError);
  });

  test("the first payout comes after the first week: a courier starting mid-week is paid the Friday after that week", () => {
    // Starts Wednesday 18 Nov 2026: the first week is 16–22 Nov, paid on Friday 27 Nov — not on Friday 20 Nov.
    const firstWeek = weekOf(new Date("2026-11-18T08:00:00Z"));
    expect(firstWeek).toBe("2026-11-16");
    expect(paydayOf(firstWeek)).toBe("2026-11-27");
  });

  test("the next payday from an instant, counting today when today is payday", () => {
    expect(nextPayday(new Date("2026-11-18T10:00:00Z"))).toEqual({ payday: "2026-11-20", week: "2026-11-09" });
    expect(nextPayday(new Date("2026-11-20T10:00:00Z"))).toEqual({ payday: "2026-11-20", week: "2026-11-09" });
    expect(nextPayday(new Date("2026-11-20T23:30:00Z"))).toEqual({ payday: "2026-11-27", week: "2026-11-16" }); // Saturday in Bratislava
    expect(nextPayday(new Date("2026-12-31T10:00:00Z"))).toEqual({ payday: "2027-01-01", week: "2026-12-21" });
  });
});

describe("lease days inside a week", () => {
  const week = "2026-11-16";
  const at = (iso: string) => new Date(iso);

  test("a lease covering the whole week is 7 days", () => {
    expect(leaseDaysInWeek({ start: at("2026-10-01T08:00:00Z"), end: null }, week)).toBe(7);
    expect(leaseDaysInWeek({ start: at("2026-10-01T08:00:00Z"), end: at("2026-12-01T08:00:00Z") }, week)).toBe(7);
  });

  test("a lease starting mid-week counts from its first day (Wednesday → 5 days)", () => {
    expect(leaseDaysInWeek({ start: at("2026-11-18T15:00:00Z"), end: null }, week)).toBe(5);
  });

  test("the day the scooter comes back is not charged", () => {
    expect(leaseDaysInWeek({ start: at("2026-11-01T08:00:00Z"), end: at("2026-11-20T09:00:00Z") }, week)).toBe(4);
    expect(leaseDaysInWeek({ start: at("2026-11-18T08:00:00Z"), end: at("2026-11-20T09:00:00Z") }, week)).toBe(2);
  });

  test("a lease returned the day it began counts one day", () => {
    expect(leaseDaysInWeek({ start: at("2026-11-18T08:00:00Z"), end: at("2026-11-18T16:00:00Z") }, week)).toBe(1);
  });

  test("outside the week is 0", () => {
    expect(leaseDaysInWeek({ start: at("2026-11-23T08:00:00Z"), end: null }, week)).toBe(0);
    expect(leaseDaysInWeek({ start: at("2026-11-01T08:00:00Z"), end: at("2026-11-16T10:00:00Z") }, week)).toBe(0);
    expect(leaseDaysInWeek({ start: at("2026-11-18T08:00:00Z"), end: at("2026-11-18T08:00:00Z") }, week)).toBe(0);
  });

  test("days follow Bratislava's calendar: Sunday 23:30 UTC is already Monday", () => {
    expect(leaseDaysInWeek({ start: at("2026-11-15T23:30:00Z"), end: null }, week)).toBe(7);
    expect(leaseDaysInWeek({ start: at("2026-11-22T23:30:00Z"), end: null }, week)).toBe(0);
  });

  test("the 169-hour week still has 7 lease days", () => {
    expect(leaseDaysInWeek({ start: at("2026-10-01T08:00:00Z"), end: null }, "2026-10-19")).toBe(7);
    expect(leaseDaysInWeek({ start: at("2027-03-01T08:00:00Z"), end: null }, "2027-03-22")).toBe(7);
  });
});
