import fontkit from "@pdf-lib/fontkit";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { maskIban } from "~/domain/bank-details";
import { formatCalendarDate, formatCents, lineLabelValues } from "~/domain/pay-format";
import type { Statement } from "~/domain/pay-rule";
import { addDays, isoWeekLabel, type CalendarDate, type WeekId } from "~/domain/pay-week";
import { formatIco, type CompanyProfile } from "~/domain/company-profile";
import type { Language } from "~/domain/rules";
import { translatorFor } from "~/infra/i18n.server";

/**
 * One pay statement as a PDF in the courier's language. DejaVu Sans (app/assets/fonts) covers Slovak
 * and Cyrillic; only the glyphs used are embedded, so a statement stays a few tens of kilobytes.
 */

export type StatementStatus = "draft" | "approved" | "paid";

export type StatementPdfInput = {
  language: Language;
  /** The paying company as its profile states it (each part printed when set). */
  payer: Pick<CompanyProfile, "legalName" | "address" | "ico">;
  courierName: string;
  week: WeekId;
  payday: CalendarDate;
  status: StatementStatus;
  /** Shown masked but for the last four characters; null when the courier has not entered one. */
  iban: string | null;
  statement: Statement;
};

const FONT_FILE = path.join("app", "assets", "fonts", "DejaVuSans.ttf");
let fontBytes: Uint8Array | undefined;

/** The font from the project root, found from wherever this module runs (the source tree or the server build). */
function font(): Uint8Array {
  if (fontBytes) return fontBytes;
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, FONT_FILE);
    if (existsSync(candidate)) return (fontBytes = readFileSync(candidate));
    if (path.dirname(dir) === dir) throw new Error(`${FONT_FILE} not found above ${import.meta.dirname}`);
  }
}

const PAGE = { width: 595.28, height: 841.89, margin: 50 } as const;
const GREY = rgb(0.35, 0.35, 0.35);

/** Words into lines no wider than `width`. */
function wrap(text: string, font: PDFFont, size: number, width: number) {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(next, size) > width) {
      lines.push(current);
      current = word;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}

export async function renderStatementPdf(input: StatementPdfInput): Promise<Uint8Array> {
  const t = translatorFor(input.language);
  const money = (cents: number) => formatCents(cents, input.language).replace(/\u202f/g, "\u00a0");
  const date = (d: CalendarDate) => formatCalendarDate(d, input.language).replace(/\u202f/g, "\u00a0");

  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(font(), { subset: true });
  pdf.setTitle(`${t("pay:statement.title")} ${isoWeekLabel(input.week)} – ${input.courierName}`);
  pdf.setLanguage({ sk: "sk", ua: "uk", en: "en" }[input.language]);
  if (input.payer.legalName) {
    pdf.setCreator(input.payer.legalName);
    pdf.setProducer(input.payer.legalName);
  }

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const labelWidth = right - PAGE.margin - 120;
  const room = (height: number) => {
    if (y - height >= PAGE.margin) return;
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  const text = (value: string, x: number, size: number, color = rgb(0, 0, 0)) =>
    page.drawText(value, { x, y, size, font: regular, color });
  const amount = (cents: number, size: number) => {
    const value = money(cents);
    text(value, right - regular.widthOfTextAtSize(value, size), size);
  };
  const rule = () => {
    page.drawLine({ start: { x: PAGE.margin, y: y + 4 }, end: { x: right, y: y + 4 }, thickness: 0.5, color: GREY });
    y -= 10;
  };

  text(t("pay:statement.title"), PAGE.margin, 20);
  y -= 34;
  const { legalName, address, ico } = input.payer;
  const payer = [legalName, address, ico ? t("pay:statement.ico", { ico: formatIco(ico) }) : undefined].filter(
    (part): part is string => Boolean(part),
  );
  const details: [string, string][] = [
    ...payer.map((part, i): [string, string] => [i === 0 ? t("pay:statement.company") : "", part]),
    [t("pay:statement.courier"), input.courierName],
    [
      t("pay:statement.week"),
      `${isoWeekLabel(input.week)}, ${t("pay:statement.weekRange", { from: date(input.week), to: date(addDays(input.week, 6)) })}`,
    ],
    [t("pay:statement.payday"), date(input.payday)],
    [t("pay:statement.iban"), input.iban ? maskIban(input.iban) : t("pay:statement.noIban")],
    [t("pay:statement.status"), t(`pay:status.${input.status}`)],
  ];
  for (const [label, value] of details) {
    text(label, PAGE.margin, 10, GREY);
    // A long address wraps under itself instead of running off the page.
    for (const part of wrap(value, regular, 11, right - PAGE.margin - 110)) {
      text(part, PAGE.margin + 110, 11);
      y -= 17;
    }
  }

  y -= 14;
  text(t("pay:statement.item"), PAGE.margin, 10, GREY);
  const head = t("pay:statement.amount");
  text(head, right - regular.widthOfTextAtSize(head, 10), 10, GREY);
  y -= 8;
  rule();
  y -= 6;
  for (const line of input.statement.lines) {
    const label = wrap(t(`pay:${line.key}`, lineLabelValues(line, input.language)), regular, 11, labelWidth);
    const reason = line.reason ? wrap(t("pay:statement.reason", { reason: line.reason }), regular, 9, labelWidth) : [];
    room(16 * label.length + 12 * reason.length + 6);
    label.forEach((part, i) => {
      text(part, PAGE.margin, 11);
      if (i === 0) amount(line.amountCents, 11);
      y -= 16;
    });
    for (const part of reason) {
      text(part, PAGE.margin + 10, 9, GREY);
      y -= 12;
    }
    y -= 4;
  }

  rule();
  const s = input.statement;
  const totals: [string, number, number][] = [
    ["pay:total.pay", s.payCents, 11],
    ["pay:total.tips", s.tipsCents, 11],
    ["pay:total.rent", -s.rentCents, 11],
    ["pay:total.damage", -s.damageCents, 11],
    ["pay:total.adjustments", s.adjustmentsCents, 11],
    ["pay:total.net", s.netCents, 12],
    ["pay:total.payout", s.payoutCents, 14],
  ];
  if (s.carryOutCents < 0) totals.push(["pay:total.carryOut", s.carryOutCents, 11]);
  room(20 * totals.length);
  for (const [key, cents, size] of totals) {
    y -= size - 11;
    text(t(key), PAGE.margin, size);
    amount(cents, size);
    y -= 18;
  }

  y -= 16;
  for (const part of wrap(t("pay:statement.footer"), regular, 9, right - PAGE.margin)) {
    room(12);
    text(part, PAGE.margin, 9, GREY);
    y -= 12;
  }
  return pdf.save();
}
