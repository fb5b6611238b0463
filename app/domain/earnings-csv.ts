/**
 * Reading a platform's weekly earnings file (docs/pay.md): decoding (UTF-8 with or without BOM, else
 * Windows-1250), the separator, the generic header or a per-platform column mapping, and each row's values
 * as integers (minutes, cents) without floating-point arithmetic. Pure: the import model adds what needs the
 * database (who owns an account) and writes the rows.
 */
import { hasForbiddenCharacters } from "./text";

/** Our fields, in the order of the generic header (after `platform`). */
export const EARNING_FIELDS = ["account_id", "date", "minutes", "deliveries", "gross_eur", "tips_eur"] as const;
export type EarningField = (typeof EARNING_FIELDS)[number];

export const GENERIC_HEADER = ["platform", ...EARNING_FIELDS] as const;

export const EARNINGS_LIMITS = { fileBytes: 10 * 1024 * 1024, rows: 50_000 } as const;

/** A day has 1,440 minutes: no account can report more work on one day. */
export const MINUTES_PER_DAY = 24 * 60;

/** The largest value a 32-bit integer column holds on either engine (PostgreSQL `integer`). */
export const INT32_MAX = 2_147_483_647;

/**
 * What one account may plausibly report for one day (docs/pay.md, "Implausible rows"): the minutes are a
 * fact of the calendar, the money caps are the operator's (pay settings `maxDailyGrossCents`, `maxDailyTipsCents`).
 */
export type DailyLimits = { maxDailyGrossCents: number; maxDailyTipsCents: number };

/**
 * How a platform's own export maps to our fields: the file's column name for each, and the unit of the time
 * column. The import form's schema (`pay-schemas.ts`) checks what an admin sends.
 */
export type EarningsMapping = { columns: Record<EarningField, string>; duration: "minutes" | "hours" };

export type EarningRow = {
  line: number;
  accountId: string;
  day: string;
  minutes: number;
  deliveries: number;
  grossCents: number;
  tipsCents: number;
};

export const ROW_PROBLEMS = [
  "missingAccount",
  "badDate",
  "badNumber",
  "outsideWeek",
  "otherPlatform",
  "duplicate",
  "conflict",
  "unknownAccount",
  "unknownPlatform",
  "controlCharacter",
  "tooManyMinutes",
  "grossTooHigh",
  "tipsTooHigh",
] as const;
export type RowProblemCode = (typeof ROW_PROBLEMS)[number];
export type RowProblem = {
  line: number;
  accountId: string | null;
  code: RowProblemCode;
  field?: EarningField;
  value?: string;
  /** For a value over a cap: the cap, in the field's unit (minutes or cents). */
  limit?: number;
};

/**
 * A frozen week's difference for one courier, as the import's preview shows it (CONTRACT §7): what the file adds
 * to or changes in their week, the difference in pay it makes (pay rule on the week's totals, plus tips), and the
 * week it will be paid in.
 */
export type ImportCorrection = {
  userId: number;
  email: string;
  fullName: string | null;
  status: string;
  minutes: number;
  grossCents: number;
  tipsCents: number;
  amountCents: number;
  landsIn: string;
};

/**
 * A platform's correction of a week whose statement is frozen, as its adjustment line keeps it (CONTRACT §7):
 * the week and platform it corrects and the signed differences, rendered in the reader's language.
 */
export type AdjustmentDetails = {
  source: "importCorrection";
  week: string;
  platform: string;
  minutes: number;
  grossCents: number;
  tipsCents: number;
  importId: number;
};

export type FileProblem = "empty" | "tooManyRows" | "unreadable";

export type EarningsTable = {
  header: string[];
  rows: string[][];
  encoding: "utf-8" | "windows-1250";
  delimiter: string;
};
// Reading the bytes into an EarningsTable lives in earnings-table.ts, so that pages importing these fields do not ship the CSV parser.

const normalise = (name: string) => name.trim().toLowerCase();

/** The mapping of the generic file when the header is the generic one (any order, any case), else null. */
export function genericMapping(header: string[]): EarningsMapping | null {
  const names = header.map(normalise);
  if (!GENERIC_HEADER.every((field) => names.includes(field))) return null;
  const columns = Object.fromEntries(EARNING_FIELDS.map((field) => [field, header[names.indexOf(field)]!])) as Record<
    EarningField,
    string
  >;
  return { columns, duration: "minutes" };
}

/** Whether a remembered mapping still fits this file's header (every mapped column is there). */
export function mappingFits(mapping: EarningsMapping, header: string[]) {
  return EARNING_FIELDS.every((field) => header.includes(mapping.columns[field]));
}

/**
 * A non-negative decimal as an integer number of `scale`-ths (cents for scale 100), or null. Accepts a
 * decimal comma or point, spaces or the other mark as thousands separators ("1 234,50", "1.234,50",
 * "1,234.50"), and at most as many decimals as the scale has zeros. Read from the digits, never through a float.
 */
export function parseDecimal(input: string, scale = 100): number | null {
  const value = readDecimal(input, scale);
  return value !== null && value <= MAX_PARSED ? value : null;
}

/** Whether a cell is a well-formed number too large to be read (refused as over its cap, not as "not a number"). */
const tooLarge = (input: string, scale = 100) => (readDecimal(input, scale) ?? 0) > MAX_PARSED;

function readDecimal(input: string, scale: number): number | null {
  // The common case ("62,40", "12.5", "7"), without the separator analysis below.
  const simple = /^(\d{1,12})(?:[.,](\d{1,2}))?$/.exec(input);
  if (simple && scale === 100) return Number(simple[1]) * 100 + Number((simple[2] ?? "").padEnd(2, "0"));
  let value = input.replace(/[\s\u00a0€]/g, "");
  if (!value) return null;
  const lastComma = value.lastIndexOf(",");
  const lastPoint = value.lastIndexOf(".");
  let decimalMark: string | null = null;
  if (lastComma >= 0 && lastPoint >= 0) decimalMark = lastComma > lastPoint ? "," : ".";
  else if (lastComma >= 0 || lastPoint >= 0) {
    const mark = lastComma >= 0 ? "," : ".";
    // One mark is a decimal mark; the same mark repeated ("1.234.567") separates thousands.
    decimalMark = value.split(mark).length === 2 ? mark : null;
  }
  if (decimalMark) {
    const thousands = decimalMark === "," ? "." : ",";
    const [whole, fraction] = [
      value.slice(0, value.lastIndexOf(decimalMark)).split(thousands).join(""),
      value.slice(value.lastIndexOf(decimalMark) + 1),
    ];
    value = `${whole}.${fraction}`;
  } else value = value.replace(/[.,]/g, "");
  const match = /^(\d+)(?:\.(\d*))?$/.exec(value);
  if (!match) return null;
  const digits = String(scale).length - 1;
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  const result = Number(match[1]) * scale + Number(fraction.padEnd(digits, "0") || "0");
  return Number.isFinite(result) ? result : null;
}

/** No parsed number passes this, in any unit: whatever is read fits a 32-bit integer column. */
const MAX_PARSED = 2_000_000_000;

/** Worked time in whole minutes: a number of minutes, or of hours (up to 4 decimals), rounded half up. */
export function parseMinutes(input: string, duration: EarningsMapping["duration"]): number | null {
  if (duration === "minutes") {
    const tenths = parseDecimal(input, 100);
    return tenths === null ? null : Math.floor((tenths + 50) / 100);
  }
  const units = parseDecimal(input, 10_000);
  return units === null ? null : Math.floor((units * 60 + 5_000) / 10_000);
}

export function parseCount(input: string): number | null {
  return /^\d{1,6}$/.test(input.trim()) ? Number(input.trim()) : null;
}

/** A calendar day from `YYYY-MM-DD` or `D.M.YYYY`, as `YYYY-MM-DD`, or null for anything else or an impossible day. */
export function parseDay(input: string): string | null {
  const value = input.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const dotted = /^(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})$/.exec(value);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]].map(Number)
    : dotted
      ? [dotted[3], dotted[2], dotted[1]].map(Number)
      : [];
  if (year === undefined || month === undefined || day === undefined) return null;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function daysInMonth(year: number, month: number) {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The calendar day `days` after a `YYYY-MM-DD` day. */
export function addDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function isMonday(day: string) {
  return parseDay(day) === day && new Date(`${day}T00:00:00Z`).getUTCDay() === 1;
}

export type AnalysedEarnings = { rows: EarningRow[]; problems: RowProblem[]; read: number };

/**
 * A cell's value as the page may show it: what the text rule refuses (app/domain/text.ts: NUL and the other
 * controls, bidi overrides) made visible as U+FFFD.
 */
export const visibleValue = (value: string) =>
  Array.from(value, (character) => (hasForbiddenCharacters(character) ? "\ufffd" : character)).join("");

/** A platform's name as rows may spell it: case, spacing and diacritics aside. */
const platformKey = (name: string) =>
  name.normalize("NFD").replace(/\p{M}/gu, "").trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Every row read against the mapping and the chosen week (Monday `weekStart`): good rows, and one problem per bad row.
 * Rows of one account and day repeated with the same values: the later ones are duplicates (skipped); with different
 * values none of them can be trusted, so all are refused as a conflict. A row whose `platform` names another of our
 * platforms (`otherPlatforms`) or a platform we do not know is refused (an empty cell is the chosen platform). A day's
 * minutes over 1,440, or gross or tips over the operator's caps (`limits`), are refused with the value named.
 */
export function analyseEarnings(
  table: Pick<EarningsTable, "header" | "rows">,
  mapping: EarningsMapping,
  options: { weekStart: string; platformName: string; otherPlatforms: string[]; limits: DailyLimits },
): AnalysedEarnings {
  const index = Object.fromEntries(
    EARNING_FIELDS.map((field) => [field, table.header.indexOf(mapping.columns[field])]),
  ) as Record<EarningField, number>;
  const platformIndex = table.header.map(normalise).indexOf("platform");
  const weekEnd = addDays(options.weekStart, 6);
  const others = new Set(options.otherPlatforms.map(platformKey));
  const chosen = platformKey(options.platformName);
  const problems: RowProblem[] = [];
  const byKey = new Map<string, EarningRow>();
  const conflicted = new Set<string>();
  const days = new Map<string, string | null>();
  table.rows.forEach((cells, i) => {
    const line = i + 2;
    const cell = (field: EarningField) => cells[index[field]] ?? "";
    const accountId = cell("account_id").trim();
    // The text rule of every form (NUL, controls, bidi overrides): PostgreSQL cannot even store a NUL.
    if (cells.some((c) => hasForbiddenCharacters(c)))
      return problems.push({ line, accountId: accountId ? visibleValue(accountId) : null, code: "controlCharacter" });
    const problem = (code: RowProblemCode, field?: EarningField, limit?: number) =>
      problems.push({
        line,
        accountId: accountId || null,
        code,
        ...(field ? { field, value: visibleValue(cell(field)) } : {}),
        ...(limit === undefined ? {} : { limit }),
      });
    if (!accountId) return problem("missingAccount", "account_id");
    const named = platformIndex >= 0 ? platformKey(cells[platformIndex] ?? "") : "";
    if (named && others.has(named)) return problem("otherPlatform");
    if (named && named !== chosen)
      return problems.push({
        line,
        accountId,
        code: "unknownPlatform",
        value: visibleValue(cells[platformIndex]!.trim()),
      });
    const dateCell = cell("date");
    // A week's file repeats a handful of dates: each is read once.
    let day = days.get(dateCell);
    if (day === undefined) days.set(dateCell, (day = parseDay(dateCell)));
    if (!day) return problem("badDate", "date");
    if (day < options.weekStart || day > weekEnd) return problem("outsideWeek", "date");
    const minutes = parseMinutes(cell("minutes"), mapping.duration);
    if (minutes === null)
      return mapping.duration === "minutes" && tooLarge(cell("minutes"))
        ? problem("tooManyMinutes", "minutes", MINUTES_PER_DAY)
        : problem("badNumber", "minutes");
    if (minutes > MINUTES_PER_DAY) return problem("tooManyMinutes", "minutes", MINUTES_PER_DAY);
    const deliveries = parseCount(cell("deliveries"));
    if (deliveries === null) return problem("badNumber", "deliveries");
    const grossCents = parseDecimal(cell("gross_eur"));
    if (grossCents === null)
      return tooLarge(cell("gross_eur"))
        ? problem("grossTooHigh", "gross_eur", options.limits.maxDailyGrossCents)
        : problem("badNumber", "gross_eur");
    if (grossCents > options.limits.maxDailyGrossCents)
      return problem("grossTooHigh", "gross_eur", options.limits.maxDailyGrossCents);
    // An empty tips cell means no tips.
    const tipsCents = cell("tips_eur").trim() === "" ? 0 : parseDecimal(cell("tips_eur"));
    if (tipsCents === null)
      return tooLarge(cell("tips_eur"))
        ? problem("tipsTooHigh", "tips_eur", options.limits.maxDailyTipsCents)
        : problem("badNumber", "tips_eur");
    if (tipsCents > options.limits.maxDailyTipsCents)
      return problem("tipsTooHigh", "tips_eur", options.limits.maxDailyTipsCents);
    const row = { line, accountId, day, minutes, deliveries, grossCents, tipsCents };
    const key = `${accountId}\u0000${day}`;
    const earlier = byKey.get(key);
    if (!earlier) return void byKey.set(key, row);
    const same =
      earlier.minutes === minutes &&
      earlier.deliveries === deliveries &&
      earlier.grossCents === grossCents &&
      earlier.tipsCents === tipsCents;
    if (same && !conflicted.has(key)) return problem("duplicate");
    if (!conflicted.has(key)) problems.push({ line: earlier.line, accountId, code: "conflict" });
    conflicted.add(key);
    problem("conflict");
  });
  const rows = [...byKey.entries()].filter(([key]) => !conflicted.has(key)).map(([, row]) => row);
  problems.sort((a, b) => a.line - b.line);
  return { rows, problems, read: table.rows.length };
}

/** The Monday of the calendar week a `YYYY-MM-DD` day is in. */
export function mondayOf(day: string) {
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}
