import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { LANGUAGES } from "./rules";
import { isStockRejectionReason, STOCK_REJECTION_REASONS, stockReasonKey } from "./rejection";

describe("stock rejection reasons", () => {
  test("a short list, each translated for the courier in every language", () => {
    expect(STOCK_REJECTION_REASONS.length).toBeLessThanOrEqual(6);
    for (const lng of LANGUAGES) {
      const dashboard = JSON.parse(
        readFileSync(path.resolve(import.meta.dirname, `../../locales/${lng}/dashboard.json`), "utf8"),
      ) as { rejectionReasons: Record<string, string> };
      for (const code of STOCK_REJECTION_REASONS)
        expect(dashboard.rejectionReasons[code], `${lng} ${code}`).toBeTruthy();
    }
    expect(stockReasonKey("blurryPhoto")).toBe("dashboard:rejectionReasons.blurryPhoto");
  });
  test("anything else is not a stock reason", () => {
    expect(isStockRejectionReason("blurryPhoto")).toBe(true);
    expect(isStockRejectionReason("because")).toBe(false);
    expect(isStockRejectionReason(null)).toBe(false);
  });
});
