import { describe, expect, test } from "bun:test";
import { formatCalendarDate, formatCents, formatDuration, lineLabelValues } from "./pay-format";
import { computeStatement, EMPTY_WEEK } from "./pay-rule";

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("pay formats", () => {
  test("cents in each language", () => {
    expect(plain(formatCents(28_734, "sk"))).toBe("287,34 €");
    expect(formatCents(28_734, "en")).toBe("€287.34");
    expect(plain(formatCents(-2000, "ua"))).toMatch(/^-20,00 €$/);
  });

  test("calendar dates do not shift with the server's zone", () => {
    expect(plain(formatCalendarDate("2026-11-16", "sk"))).toBe("16. 11. 2026");
    expect(formatCalendarDate("2026-11-16", "en")).toBe("16/11/2026");
    expect(formatCalendarDate("2026-11-16", "ua")).toBe("16.11.2026");
  });

  test("line label values", () => {
    const hourly = computeStatement(
      { ...EMPTY_WEEK, minutes: 2310, leaseDays: 5 },
      { payModel: "hourly", hourlyRateCents: 750, sharePercent: 80, rentPerDayCents: 500, paydayWeekday: 5 },
    );
    expect(lineLabelValues(hourly.lines[0]!, "en")).toEqual({ duration: "38\u00a0h 30\u00a0min", rate: "€7.50" });
    expect(lineLabelValues(hourly.lines[1]!, "en")).toEqual({ days: "5", count: 5, perDay: "€5.00" });
    const share = computeStatement(
      { ...EMPTY_WEEK, grossCents: 10_000 },
      { payModel: "share", hourlyRateCents: 750, sharePercent: 82.5, rentPerDayCents: 500, paydayWeekday: 5 },
    );
    expect(lineLabelValues(share.lines[0]!, "sk")).toEqual({
      percent: "82,5",
      gross: expect.stringMatching(/^100,00\s€$/),
    });
  });
});

describe("what the courier reads adds up", () => {
  test("one duration format: hours and minutes, in each language", () => {
    expect(plain(formatDuration(2555, "sk"))).toBe("42 h 35 min");
    expect(plain(formatDuration(2555, "ua"))).toBe("42 год 35 хв");
    expect(plain(formatDuration(2555, "en"))).toBe("42 h 35 min");
    expect(plain(formatDuration(2520, "en"))).toBe("42 h");
    expect(plain(formatDuration(35, "sk"))).toBe("35 min");
    expect(plain(formatDuration(0, "ua"))).toBe("0 хв");
  });

  test("the hourly pay line multiplies: minutes, not rounded hours, times the rate", () => {
    const hourly = computeStatement(
      { ...EMPTY_WEEK, minutes: 2555 },
      { payModel: "hourly", hourlyRateCents: 750, sharePercent: 80, rentPerDayCents: 500, paydayWeekday: 5 },
    );
    const values = lineLabelValues(hourly.lines[0]!, "sk");
    expect(plain(String(values.duration))).toBe("42 h 35 min");
    expect(plain(String(values.rate))).toBe("7,50 €");
  });

  test("a zero amount never prints a minus", () => {
    expect(plain(formatCents(-0, "sk"))).toBe("0,00 €");
    expect(formatCents(-0, "en")).toBe("€0.00");
  });
});
