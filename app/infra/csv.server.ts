import { stringify } from "csv-stringify/sync";

/**
 * The one CSV writer of every export (users, the accountant's batch file, the payroll month): `;`-separated
 * (the list separator of a Slovak or Ukrainian spreadsheet, where `,` is the decimal mark), UTF-8 with a
 * byte-order mark so Excel reads Slovak and Cyrillic names right, CRLF line ends, and cells a
 * spreadsheet would run as a formula made inert.
 */

/** A cell as the exports hand it over; a Date is written as its ISO instant, null and undefined as empty. */
export type CsvCell = string | number | boolean | Date | null | undefined;

/** A plain amount, `-12,50` or `1000.05`: a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(?:[.,]\d+)?$/;
/** What starts a formula (OWASP's list, with tab and CR, which some programs skip before reading the rest). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text, a leading `'` before anything a spreadsheet would take for a formula (`=HYPERLINK(…)`, `-2+3`, `@SUM`). */
export function csvText(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

/** Integer cents as the accountant's decimal-comma amount: 28734 → `287,34`, −1250 → `-12,50`. */
export function csvCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** The file: a header row and the rows, every cell through `csvText`, quoted only where it must be. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify([header.map(csvText), ...rows.map((row) => row.map(csvText))], {
    delimiter: ";",
    record_delimiter: "windows",
    bom: true,
    // The package quotes a cell holding the record delimiter (CRLF) only; a lone LF or CR breaks a row too.
    quoted_match: /[\r\n]/,
  });
}

/** The answer of a CSV download: an attachment, never cached (pay and personal data), never sniffed. */
export function csvResponse(body: string, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
