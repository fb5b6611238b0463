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
const limits = { maxDailyGrossCents: 50_000, maxDailyTipsCents: 20_000 };
const week = { weekStart: "2026-11-02", limits };

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
    const result = analyseEarnings(read, mapping, { ...week, platformName: "Wolt", otherPlatforms: ["Bolt Food"] });
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
    const result = analyseEarnings(read, genericMapping(read.header)!, {
      ...week,
      limits: { ...limits, maxDailyGrossCents: 200_000 },
      platformName: "Bolt Food",
      otherPlatforms: ["Wolt"],
    });
    expect(result.read).toBe(7);
    expect(result.rows.map((r) => [r.accountId, r.day, r.grossCents])).toEqual([
      ["B-77", "2026-11-02", 6390],
      ["B-77", "2026-11-03", 103805],
      ["B-404", "2026-11-04", 1200],
    ]);
    // The same file under the default cap of 500,00 € a day: "1 038,05" is refused, named.
    expect(
      analyseEarnings(read, genericMapping(read.header)!, {
        ...week,
        platformName: "Bolt Food",
        otherPlatforms: ["Wolt"],
      }).problems.find((p) => p.line === 3),
    ).toEqual({
      line: 3,
      accountId: "B-77",
      code: "grossTooHigh",
      field: "gross_eur",
      value: "1 038,05",
      limit: 50_000,
    });
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
    const result = analyseEarnings(read, mapping, { ...week, platformName: "Wolt", otherPlatforms: ["foodora"] });
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
    const result = analyseEarnings({ header, rows }, genericMapping(header)!, {
      ...week,
      platformName: "Wolt",
      otherPlatforms: ["foodora"],
    });
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

describe("implausible and hostile rows are refused in the preview, the value named", () => {
  const header = ["platform", "account_id", "date", "minutes", "deliveries", "gross_eur", "tips_eur"];
  const analyse = (rows: string[][]) =>
    analyseEarnings({ header, rows }, genericMapping(header)!, {
      ...week,
      platformName: "Wolt",
      otherPlatforms: ["Bolt Food"],
    });

  test("minutes over a day's 1,440, gross and tips over the operator's caps; 1,440 minutes and the caps themselves pass", () => {
    const result = analyse([
      ["Wolt", "A", "2026-11-02", "999999999", "1", "10", "0"],
      ["Wolt", "B", "2026-11-02", "20000", "1", "10", "0"],
      ["Wolt", "C", "2026-11-02", "60", "1", "999999999,99", "0"],
      ["Wolt", "D", "2026-11-02", "60", "1", "10", "999999999,99"],
      ["Wolt", "E", "2026-11-02", "60", "1", "500,01", "0"],
      ["Wolt", "F", "2026-11-02", "1440", "1", "500,00", "200,00"],
    ]);
    expect(result.problems.map((p) => [p.line, p.code, p.field, p.value, p.limit])).toEqual([
      [2, "tooManyMinutes", "minutes", "999999999", 1440],
      [3, "tooManyMinutes", "minutes", "20000", 1440],
      [4, "grossTooHigh", "gross_eur", "999999999,99", 50_000],
      [5, "tipsTooHigh", "tips_eur", "999999999,99", 20_000],
      [6, "grossTooHigh", "gross_eur", "500,01", 50_000],
    ]);
    expect(result.rows.map((r) => [r.accountId, r.minutes, r.grossCents, r.tipsCents])).toEqual([
      ["F", 1440, 50_000, 20_000],
    ]);
  });

  test("no number read from a cell leaves the 32-bit range, the short form included", () => {
    expect(parseDecimal("999999999,99")).toBeNull();
    expect(parseDecimal("999999999")).toBeNull();
    expect(parseDecimal("19999999,99")).toBe(1_999_999_999);
  });

  test("a platform we do not know is a problem row naming it; ours in any case or accent, or an empty cell, is the chosen one", () => {
    const result = analyse([
      ["Glovo", "A", "2026-11-02", "60", "1", "10", "0"],
      [" wolt ", "B", "2026-11-02", "60", "1", "10", "0"],
      ["", "C", "2026-11-02", "60", "1", "10", "0"],
      ["bolt food", "D", "2026-11-02", "60", "1", "10", "0"],
    ]);
    expect(result.problems.map((p) => [p.line, p.code, p.value])).toEqual([
      [2, "unknownPlatform", "Glovo"],
      [5, "otherPlatform", undefined],
    ]);
    expect(result.rows.map((r) => r.accountId)).toEqual(["B", "C"]);
  });

  test("a NUL or another control character in a row refuses the row, shown without it", () => {
    const result = analyse([
      ["Wolt", "A\u0000B", "2026-11-02", "60", "1", "10", "0"],
      ["Wolt", "C", "2026-11-02", "6\u00000", "1", "10", "0"],
      ["Wolt", "D", "2026-11-02", "60", "1", "10", "0"],
    ]);
    expect(result.problems.map((p) => [p.line, p.code, p.accountId])).toEqual([
      [2, "controlCharacter", "A\ufffdB"],
      [3, "controlCharacter", "C"],
    ]);
    expect(result.rows.map((r) => r.accountId)).toEqual(["D"]);
    expect(readEarningsTable(new TextEncoder().encode("platform;acc\u0000ount_id\nWolt;A\n"))).toEqual({
      problem: "unreadable",
    });
  });
});
