import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { computeStatement, EMPTY_WEEK, type PaySettings } from "~/domain/pay-rule";
import type { Language } from "~/domain/rules";
import { renderStatementPdf, type StatementPdfInput } from "./statement-pdf.server";

const dir = mkdtempSync(path.join(tmpdir(), "statement-pdf-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF's text as pdftotext reads it, spaces made plain. */
function textOf(bytes: Uint8Array, name: string) {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, bytes);
  const run = Bun.spawnSync(["pdftotext", "-enc", "UTF-8", "-layout", file, "-"]);
  expect(run.exitCode).toBe(0);
  return run.stdout.toString().replace(/[\u00a0\u202f]/g, " ");
}

const settings: PaySettings = {
  payModel: "hourly",
  hourlyRateCents: 750,
  sharePercent: 80,
  rentPerDayCents: 500,
  paydayWeekday: 5,
};
const statement = computeStatement(
  {
    ...EMPTY_WEEK,
    week: "2026-11-16",
    minutes: 2310,
    deliveries: 84,
    grossCents: 48_000,
    tipsCents: 1234,
    leaseDays: 5,
    damageCharges: [{ id: 3, amountCents: 2500, reason: "Zlomené zrkadlo / Зламане дзеркало" }],
    adjustments: [{ id: 9, kind: "bonus", amountCents: 2000, reason: "Víkend v daždi" }],
  },
  settings,
);
const input = (language: Language, courierName: string): StatementPdfInput => ({
  language,
  payer: { legalName: "Courier Fleet s.r.o.", address: "Mlynské nivy 5, 821 09 Bratislava", ico: "55123456" },
  courierName,
  week: "2026-11-16",
  payday: statement.payday!,
  status: "approved",
  iban: "SK3112000000198742637541",
  statement,
});

describe("the statement PDF", () => {
  test("in Slovak: diacritics, amounts, the masked IBAN", async () => {
    const text = textOf(await renderStatementPdf(input("sk", "Šťastný Ľubomír")), "sk");
    expect(text).toContain("Výplatná páska");
    expect(text).toContain("Šťastný Ľubomír");
    expect(text).toContain("Courier Fleet s.r.o.");
    expect(text).toContain("2026-W47, 16. 11. 2026 – 22. 11. 2026");
    expect(text).toContain("27. 11. 2026");
    expect(text).toContain("Práca: 38 h 30 min × 7,50 €/h");
    expect(text).toContain("288,75 €"); // 2310 min × 7.50 / 60
    expect(text).toContain("12,34 €");
    expect(text).toContain("Nájom skútra: 5 dní po 5,00 €");
    expect(text).toContain("-25,00 €");
    expect(text).toContain("Dôvod: Zlomené zrkadlo / Зламане дзеркало");
    expect(text).toContain("Na výplatu");
    expect(text).toContain("271,09 €"); // 288.75 + 12.34 − 25 − 25 + 20
    expect(text).toContain("**** **** **** **** **** 7541");
    expect(text).not.toContain("SK31");
    expect(text).toContain("Schválené");
  });

  test("in Ukrainian: Cyrillic names and labels", async () => {
    const text = textOf(await renderStatementPdf(input("ua", "Олена Коваленко")), "ua");
    expect(text).toContain("Розрахунковий лист");
    expect(text).toContain("Олена Коваленко");
    expect(text).toContain("Оренда скутера: 5 днів по 5,00 €");
    expect(text).toContain("Робота: 38 год 30 хв × 7,50 €/год");
    expect(text).toContain("До виплати");
    expect(text).toContain("271,09 €");
    expect(text).toContain("Затверджено");
  });

  test("in English", async () => {
    const text = textOf(
      await renderStatementPdf({ ...input("en", "Olena Kovalenko"), status: "paid", iban: null }),
      "en",
    );
    expect(text).toContain("Pay statement");
    expect(text).toContain("Olena Kovalenko");
    expect(text).toContain("Work: 38 h 30 min × €7.50/h");
    expect(text).toContain("€288.75");
    expect(text).toContain("€271.09");
    expect(text).toContain("No IBAN on file yet");
    expect(text).toContain("Paid");
  });

  test("a negative week shows what is carried to the next one, and the font is subset", async () => {
    const negative = computeStatement({ ...EMPTY_WEEK, week: "2026-11-16", minutes: 60, leaseDays: 7 }, settings);
    const bytes = await renderStatementPdf({ ...input("en", "Jana Nová"), statement: negative });
    const text = textOf(bytes, "negative");
    expect(text).toContain("Carried to next week");
    expect(text).toContain("-€27.50");
    expect(bytes.length).toBeLessThan(80_000); // the whole DejaVu Sans is 740 kB
  });

  test("a week without rent or damage prints them as 0,00 €, never with a minus", async () => {
    const plain = computeStatement({ ...EMPTY_WEEK, week: "2026-11-16", minutes: 600 }, settings);
    const text = textOf(await renderStatementPdf({ ...input("sk", "Jana Nová"), statement: plain }), "zero");
    expect(text).not.toMatch(/[-−]0,00/);
    expect(text).toMatch(/Nájom\s+0,00 €/);
    expect(text).toMatch(/Škody\s+0,00 €/);
  });

  test("many lines flow onto a second page", async () => {
    const long = computeStatement(
      {
        ...EMPTY_WEEK,
        week: "2026-11-16",
        minutes: 600,
        adjustments: Array.from({ length: 60 }, (_, i) => ({
          id: i,
          kind: "correction" as const,
          amountCents: -(i + 1),
          reason: `Oprava dňa ${i + 1}`,
        })),
      },
      settings,
    );
    const text = textOf(await renderStatementPdf({ ...input("sk", "Jana Nová"), statement: long }), "long");
    expect(text).toContain("Oprava dňa 60");
    expect(text).toContain("\f");
  });
});
