import { describe, expect, test } from "bun:test";
import { bulkIds, neighbours, phoneDigits, queueFilterFrom, reviewTimeLeft } from "./review-queue";

const STATUSES = ["pending", "approved", "rejected"] as const;
const filter = (q: string) => queueFilterFrom(new URLSearchParams(q), STATUSES, "pending");

describe("queue filters", () => {
  test("default to what waits, oldest first", () => {
    expect(filter("")).toEqual({ status: "pending", q: "", sort: "oldest", page: 1 });
  });
  test("status=all and decided lists show the newest first unless a sort is asked", () => {
    expect(filter("status=all")).toMatchObject({ status: "all", sort: "newest" });
    expect(filter("status=approved&sort=oldest")).toMatchObject({ status: "approved", sort: "oldest" });
    expect(filter("status=bogus&page=-3")).toMatchObject({ status: "pending", page: 1 });
  });
  test("search terms are trimmed and bounded", () => {
    expect(filter(`q=${"x".repeat(300)}`).q.length).toBe(100);
    expect(filter("q=%20koval%20").q).toBe("koval");
  });
});

describe("time left against the promise", () => {
  const created = new Date("2026-11-20T08:00:00Z");
  test("counts down from 24 hours", () => {
    expect(reviewTimeLeft(created, new Date("2026-11-20T09:30:00Z"))).toMatchObject({
      minutes: 22 * 60 + 30,
      overdue: false,
      tone: "ok",
      hours: 22,
      restMinutes: 30,
    });
  });
  test("warns in the last four hours and is overdue after", () => {
    expect(reviewTimeLeft(created, new Date("2026-11-21T05:00:00Z")).tone).toBe("warn");
    expect(reviewTimeLeft(created, new Date("2026-11-21T10:15:00Z"))).toMatchObject({
      overdue: true,
      tone: "danger",
      hours: 2,
      restMinutes: 15,
      days: 0,
    });
    expect(reviewTimeLeft(created, new Date("2026-11-24T14:00:00Z"))).toMatchObject({
      overdue: true,
      days: 3,
      restHours: 6,
    });
  });
});

describe("search and bulk helpers", () => {
  test("phone-like terms become digits", () => {
    expect(phoneDigits("+421 901 234")).toBe("421901234");
    expect(phoneDigits("0901/23")).toBe("090123");
    expect(phoneDigits("Oleh 12")).toBeNull();
    expect(phoneDigits("12")).toBeNull();
  });
  test("bulk ids are unique positive integers, capped", () => {
    expect(bulkIds(["3", "3", "x", "-1", "0", "7"], 10)).toEqual([3, 7]);
    expect(bulkIds(["1", "2", "3"], 2)).toEqual([1, 2]);
  });
  test("neighbours in the queue", () => {
    expect(neighbours([4, 8, 9], 8)).toEqual({ previous: 4, next: 9 });
    expect(neighbours([4, 8, 9], 9)).toEqual({ previous: 8, next: null });
    expect(neighbours([4, 8], 5)).toEqual({ previous: null, next: 4 });
  });
});
