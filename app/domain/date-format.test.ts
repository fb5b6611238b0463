import { describe, expect, test } from "bun:test";
import { dateTimeFormat, withoutYearMark } from "./date-format";

describe("Ukrainian dates in sentences", () => {
  test("the year mark is dropped, so a sentence ending in a date has one period", () => {
    const day = new Date("2026-12-25T10:00:00Z");
    const medium = withoutYearMark(
      dateTimeFormat("uk-UA", { dateStyle: "medium", timeZone: "Europe/Bratislava" }).format(day),
    );
    const long = withoutYearMark(
      dateTimeFormat("uk-UA", { dateStyle: "long", timeZone: "Europe/Bratislava" }).format(day),
    );
    const withTime = withoutYearMark(
      dateTimeFormat("uk-UA", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Bratislava" }).format(day),
    );
    for (const text of [medium, long, withTime]) {
      expect(`Оренда закінчується ${text}.`).not.toContain("..");
      expect(text).toContain("2026");
      expect(text).not.toMatch(/ р\./u);
    }
    expect(medium).toBe("25 груд. 2026");
  });
  test("Slovak and English dates are left as they are", () => {
    expect(withoutYearMark("25. 12. 2026")).toBe("25. 12. 2026");
    expect(withoutYearMark("25 Dec 2026")).toBe("25 Dec 2026");
  });
});
