import { describe, expect, test } from "bun:test";
import { fallbackOrder, localized, missingLanguages, normalizeOptional, pickLocalized } from "./localized-text";

describe("localized text", () => {
  const all = { sk: "Motor 1000 W", ua: "Двигун 1000 Вт", en: "1000 W motor" };

  test("the requested language wins when it is filled in", () => {
    expect(pickLocalized(all, "ua")).toEqual({ text: "Двигун 1000 Вт", language: "ua" });
    expect(localized(all, "en")).toBe("1000 W motor");
    expect(localized(all, "sk")).toBe("Motor 1000 W");
  });

  test("falls back to Slovak, then English", () => {
    expect(pickLocalized({ sk: "Motor", ua: null, en: "Engine" }, "ua")).toEqual({ text: "Motor", language: "sk" });
    expect(pickLocalized({ sk: "", ua: null, en: "Engine" }, "ua")).toEqual({ text: "Engine", language: "en" });
    expect(pickLocalized({ sk: "  ", ua: "", en: null }, "en")).toEqual({ text: "", language: "en" });
    expect(localized({ sk: "Motor", ua: "Двигун", en: null }, "en")).toBe("Motor");
  });

  test("the order has no repeats", () => {
    expect(fallbackOrder("ua")).toEqual(["ua", "sk", "en"]);
    expect(fallbackOrder("sk")).toEqual(["sk", "en"]);
    expect(fallbackOrder("en")).toEqual(["en", "sk"]);
  });

  test("missing languages across several texts", () => {
    expect(missingLanguages(all)).toEqual([]);
    expect(missingLanguages({ sk: "a", ua: null, en: "b" })).toEqual(["ua"]);
    expect(missingLanguages({ sk: "a", ua: "b", en: " " }, { sk: "c", ua: null, en: "d" })).toEqual(["ua", "en"]);
  });

  test("blank optional values become null", () => {
    expect(normalizeOptional("  ")).toBeNull();
    expect(normalizeOptional(undefined)).toBeNull();
    expect(normalizeOptional(" x ")).toBe("x");
  });
});
