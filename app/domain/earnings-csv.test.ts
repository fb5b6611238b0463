import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import {
  analyseEarnings,
  genericMapping,
  isMonday,
  mappingFits,
  parseDay,
  parseDecimal,
  parseMinutes,
  type EarningsMapping,
  type EarningsTable,
} from "./earnings-csv";
import { readEarningsTable } from "./earnings-table";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/earnings", name)));
const table = (name: string) => {
  const read = readEarningsTable(fixture(name));
  if ("problem" in read) throw new Error(read.problem);
  return read as EarningsTable;
};
const week = { weekStart: "2026-11-02" };

describe("parseDecimal: money as integer cents, never through a float", () => {
  test.each([
    ["62.40", 6240],
    ["62,4", 6240],
    ["0,07", 7],
    ["1 038,05", 103805],
    ["1.038,05", 103805],
    ["1,038.05", 103805],
    ["1.234.567", 123456700],
    ["0.29", 29], // 0.29 * 100 is 28.999999999999996 as a float
    ["1.005", null],
    ["-3,20", null],
    ["12 €", 1200],
    ["", null],
    ["abc", null],
  ])("%p → %p", (input, cents) => expect(parseDecimal(input)).toBe(cents));
});

describe("parseMinutes and parseDay", () => {
  test("minutes as given, hours to whole minutes rounded half up", () => {
    expect(parseMinutes("305", "minutes")).toBe(305);
    expect(parseMinutes("7,5", "hours")).toBe(450);
    expect(parseMinutes("0,0083", "hours")).toBe(0);
    expect(parseMinutes("0,0084", "hours")).toBe(1);
    expect(parseMinutes("x", "hours")).toBeNull();
  });
  test("ISO and D.M.YYYY days; impossible days refused", () => {
    expect(parseDay("2026-11-02")).toBe("2026-11-02");
    expect(parseDay("2.11.2026")).toBe("2026-11-02");
    expect(parseDay("02.11.2026")).toBe("2026-11-02");
    expect(parseDay("31.11.2026")).toBeNull();
    expect(parseDay("2026-02-29")).toBeNull();
    expect(parseDay("11/02/2026")).toBeNull();
    expect(isMonday("2026-11-02")).toBe(true);
    expect(isMonday("2026-11-03")).toBe(false);
  });
});

describe("reading real-world files", () => {
  test("UTF-8 with BOM and `,`: the generic header is found without mapping (the BOM does not stick to `platform`)", () => {
    const read = table("generic-bom.csv");
    expect(read.encoding).toBe("utf-8");
    expect(read.delimiter).toBe(",");
    const mapping = genericMapping(read.header)!;
    expect(mapping).not.toBeNull();
    const result = analyseEarnings(read, mapping, { ...week, otherPlatforms: ["Bolt Food"] });
    expect(result.problems).toEqual([]);
    expect(result.rows).toHaveLength(4);
    expect(result.rows[2]).toEqual({
      line: 4,
      accountId: "W-1002",
      day: "2026-11-02",
      minutes: 480,
      deliveries: 22,
      grossCents: 10175,
      tipsCents: 1230,
    });
    expect(result.rows[3]!.tipsCents).toBe(0);
  });

  test("`;` with decimal commas and D.M.YYYY: a duplicate, a bad number, a day outside the week, an impossible date", () => {
    const read = table("generic-semicolon.csv");
    expect(read.delimiter).toBe(";");
    const result = analyseEarnings(read, genericMapping(read.header)!, { ...week, otherPlatforms: ["Wolt"] });
    expect(result.read).toBe(7);
    expect(result.rows.map((r) => [r.accountId, r.day, r.grossCents])).toEqual([
      ["B-77", "2026-11-02", 6390],
      ["B-77", "2026-11-03", 103805],
      ["B-404", "2026-11-04", 1200],
    ]);
    expect(result.problems.map((p) => [p.line, p.code, p.field])).toEqual([
      [4, "duplicate", undefined],
      [6, "badNumber", "minutes"],
      [7, "outsideWeek", "date"],
      [8, "badDate", "date"],
    ]);
  });

  test("Windows-1250 with Slovak headers and names: decoded, then mapped column by column with hours", () => {
    const read = table("platform-export-1250.csv");
    expect(read.encoding).toBe("windows-1250");
    expect(read.header[0]).toBe("Kuriér");
    expect(read.rows[0]![0]).toBe("Ján Šťastný");
    expect(genericMapping(read.header)).toBeNull();
    const mapping: EarningsMapping = {
      columns: {
        account_id: "ID účtu",
        date: "Dátum",
        minutes: "Odpracované hodiny",
        deliveries: "Počet doručení",
        gross_eur: "Hrubý zárobok (€)",
        tips_eur: "Prepitné (€)",
      },
      duration: "hours",
    };
    expect(mappingFits(mapping, read.header)).toBe(true);
    expect(mappingFits({ ...mapping, columns: { ...mapping.columns, date: "Datum" } }, read.header)).toBe(false);
    const result = analyseEarnings(read, mapping, { ...week, otherPlatforms: ["foodora"] });
    expect(result.problems).toEqual([]);
    expect(result.rows.map((r) => [r.accountId, r.minutes, r.grossCents, r.tipsCents])).toEqual([
      ["WS-501", 450, 9235, 620],
      ["WS-502", 255, 4780, 0],
      ["WS-503", 30, 510, 100],
    ]);
  });

  test("the same account and day twice with different values: both refused as a conflict", () => {
    const header = ["platform", "account_id", "date", "minutes", "deliveries", "gross_eur", "tips_eur"];
    const rows = [
      ["Wolt", "A", "2026-11-02", "60", "2", "10", "0"],
      ["Wolt", "A", "2026-11-02", "60", "2", "11", "0"],
      ["Foodora", "B", "2026-11-02", "60", "2", "11", "0"],
    ];
    const result = analyseEarnings({ header, rows }, genericMapping(header)!, { ...week, otherPlatforms: ["foodora"] });
    expect(result.rows).toEqual([]);
    expect(result.problems.map((p) => [p.line, p.code])).toEqual([
      [2, "conflict"],
      [3, "conflict"],
      [4, "otherPlatform"],
    ]);
  });

  test("an empty file and a header alone are refused as empty", () => {
    expect(readEarningsTable(new Uint8Array())).toEqual({ problem: "empty" });
    expect(readEarningsTable(new TextEncoder().encode("platform;account_id\n"))).toEqual({ problem: "empty" });
  });
});
