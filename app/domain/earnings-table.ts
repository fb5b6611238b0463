/**
 * A weekly earnings file's bytes as a table of strings (docs/pay.md): strict UTF-8 first (a BOM dropped),
 * else Windows-1250; the separator of the header line; quoted files through csv-parse. Server-side only
 * (kept apart from earnings-csv.ts so the browser bundle does not carry the parser).
 */
import { parse } from "csv-parse/sync";
import { hasForbiddenCharacters } from "./text";
import { EARNINGS_LIMITS, type EarningsTable, type FileProblem } from "./earnings-csv";

/** Text from the file's bytes: strict UTF-8 first (a BOM dropped); bytes that are not UTF-8 are read as Windows-1250. */
export function decodeEarningsFile(bytes: Uint8Array): { text: string; encoding: EarningsTable["encoding"] } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1250").decode(bytes), encoding: "windows-1250" };
  }
}

/** The separator of the header line: whichever of `;`, `,` and tab it holds most (Slovak spreadsheets write `;`). */
export function detectDelimiter(text: string) {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [";", ",", "\t"].map((d) => [d, firstLine.split(d).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** The file as a header and rows of strings, or a problem with the whole file. */
export function readEarningsTable(bytes: Uint8Array): EarningsTable | { problem: FileProblem } {
  const { text, encoding } = decodeEarningsFile(bytes);
  if (!text.trim()) return { problem: "empty" };
  const delimiter = detectDelimiter(text);
  let records: string[][];
  try {
    records = text.includes('"')
      ? (parse(text, {
          delimiter,
          relax_column_count: true,
          relax_quotes: true,
          skip_empty_lines: true,
          trim: true,
          bom: true,
        }) as string[][])
      : splitPlain(text, delimiter);
  } catch {
    return { problem: "unreadable" };
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) return { problem: "empty" };
  // Column names go to the mapping form and the platform's saved mapping: control characters make no column.
  if (header.some((name) => hasForbiddenCharacters(name))) return { problem: "unreadable" };
  if (rows.length > EARNINGS_LIMITS.rows) return { problem: "tooManyRows" };
  return { header, rows, encoding, delimiter };
}

/** A file without quotes needs no CSV state machine: lines and cells split as they are (several times faster on 50,000 rows). */
function splitPlain(text: string, delimiter: string) {
  const rows: string[][] = [];
  for (const line of text.replace(/^\uFEFF/, "").split(/\r?\n/)) {
    if (line.trim()) rows.push(line.split(delimiter).map((cell) => cell.trim()));
  }
  return rows;
}
