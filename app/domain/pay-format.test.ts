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

  test("a platform's correction of a closed week reads in each language from what it stores", async () => {
    const statement = computeStatement(
      {
        ...EMPTY_WEEK,
        adjustments: [
          {
            id: 1,
            kind: "correction",
            amountCents: 495,
            reason: "week-47.csv",
            details: {
              source: "importCorrection",
              week: "2026-11-16",
              platform: "Wolt",
              minutes: 30,
              grossCents: 0,
              tipsCents: 120,
              importId: 7,
            },
          },
        ],
      },
      { payModel: "hourly", hourlyRateCents: 750, sharePercent: 80, rentPerDayCents: 500, paydayWeekday: 5 },
    );
    const line = statement.lines.find((l) => l.kind === "correction")!;
    expect([line.key, line.reason]).toEqual(["line.importCorrection", null]);
    expect(lineLabelValues(line, "en")).toEqual({
      week: "2026-W47",
      platform: "Wolt",
      minutes: "+30",
      gross: "€0.00",
      tips: "+€1.20",
    });
    const t = (language: "sk" | "ua" | "en") =>
      import(`../../locales/${language}/pay.json`).then((m: { default: { line: { importCorrection: string } } }) =>
        plain(
          Object.entries(lineLabelValues(line, language)).reduce(
            (text, [name, value]) => text.replace(`{{${name}}}`, String(value)),
            m.default.line.importCorrection,
          ),
        ),
      );
    expect(await t("en")).toBe("Correction of week 2026-W47 from Wolt: +30 min, gross €0.00, tips +€1.20");
    expect(await t("sk")).toBe("Oprava týždňa 2026-W47 od Wolt: +30 min, tržby 0,00 €, prepitné +1,20 €");
    expect(await t("ua")).toBe("Коригування тижня 2026-W47 від Wolt: +30 хв, дохід 0,00 €, чайові +1,20 €");
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
