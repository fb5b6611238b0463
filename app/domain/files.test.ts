import { describe, expect, test } from "bun:test";
import { safeFileName } from "./files";

describe("safeFileName", () => {
  test.each([
    ["week-47.csv", "week-47.csv"],
    ["a\u0000b.csv", "a_b.csv"],
    ["invoice\u202Evsc.exe", "invoice_vsc.exe"],
    ["C:\\Users\\x\\týždeň 47.csv", "C:_Users_x_týždeň 47.csv"],
    ["  spaced.csv  ", "spaced.csv"],
    ["", ""],
  ])("%p → %p", (name, safe) => {
    expect(safeFileName(name)).toBe(safe);
  });

  test("cut to whole characters", () => {
    expect(safeFileName("😀".repeat(300))).toBe("😀".repeat(200));
  });
});
