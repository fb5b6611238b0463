import { describe, expect, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { csvCents, csvResponse, csvText, toCsv } from "./csv.server";

describe("the one CSV writer", () => {
  test("formulas are made inert; amounts, negative ones too, stay numbers", () => {
    for (const formula of ['=HYPERLINK("http://x","y")', "+421 900 000 000", "-2+3", "@SUM(A1)", "\tx", "\rx", "-"])
      expect(csvText(formula)).toBe(`'${formula}`);
    for (const number of ["-12,50", "-0,01", "287,34", "1000.05", "-7"]) expect(csvText(number)).toBe(number);
    expect(csvText(-1250)).toBe("-1250");
    expect([csvText(null), csvText(undefined), csvText("Šťastný")]).toEqual(["", "", "Šťastný"]);
    expect(csvText(new Date("2026-11-27T10:00:00Z"))).toBe("2026-11-27T10:00:00.000Z");
  });

  test("cents in decimal commas, the sign kept", () => {
    expect([csvCents(28_734), csvCents(1), csvCents(0), csvCents(-1250), csvCents(-5)]).toEqual([
      "287,34",
      "0,01",
      "0,00",
      "-12,50",
      "-0,05",
    ]);
  });

  test("; separated, BOM, CRLF, quoted only where a cell needs it; a spreadsheet reads back what was written", () => {
    const rows = [
      ["Nováková; Anna", 'say "hi"', "two\nlines", "cr\ronly", csvCents(-1250)],
      ["Олена", "=1+1", "", 3, csvCents(100)],
    ];
    const text = toCsv(["Kuriér", "B", "C", "D", "Suma"], rows);
    expect(text.startsWith("\uFEFFKuriér;B;C;D;Suma\r\n")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text).toContain('"Nováková; Anna";"say ""hi""";"two\nlines";"cr\ronly";-12,50\r\n');
    expect(parse(text.slice(1), { delimiter: ";", record_delimiter: "\r\n" })).toEqual([
      ["Kuriér", "B", "C", "D", "Suma"],
      ["Nováková; Anna", 'say "hi"', "two\nlines", "cr\ronly", "-12,50"],
      ["Олена", "'=1+1", "", "3", "1,00"],
    ]);
  });

  test("a download: attachment, no-store, nosniff", () => {
    const response = csvResponse("x", "payroll-2026-11.csv");
    expect(Object.fromEntries(response.headers)).toMatchObject({
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="payroll-2026-11.csv"',
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    });
  });
});
