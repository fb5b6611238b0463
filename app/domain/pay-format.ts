import { dateTimeFormat } from "./date-format";
import { formatEur } from "./income";
import type { StatementLine } from "./pay-rule";
import { addDays, isoWeekLabel, type CalendarDate } from "./pay-week";
import type { Language } from "./rules";

const INTL_LOCALE = { sk: "sk-SK", ua: "uk-UA", en: "en-IE" } as const;

/** Cents as EUR with two decimals in the language's way (287,34 € / €287.34); zero is never "−0,00 €". */
export function formatCents(cents: number, language: Language): string {
  return formatEur(cents === 0 ? 0 : cents / 100, language, true);
}

const DURATION_UNITS = { sk: ["h", "min"], ua: ["год", "хв"], en: ["h", "min"] } as const;

/**
 * Worked time as everyone reads it, the one format of the courier's page, the PDF, the e-mails and the
 * admin's pages: "42 h 35 min" ("42 год 35 хв"). Pay is counted on minutes, so the time is never shown
 * as rounded decimal hours (42,58 h × 7,50 € does not multiply to the pay).
 */
export function formatDuration(minutes: number, language: Language): string {
  const [h, min] = DURATION_UNITS[language];
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  const parts = [hours > 0 ? `${hours}\u00a0${h}` : "", rest > 0 || hours === 0 ? `${rest}\u00a0${min}` : ""];
  return parts.filter(Boolean).join(" ");
}

/** A Bratislava calendar date as people of the language write it (16. 11. 2026 / 16/11/2026). */
export function formatCalendarDate(date: CalendarDate, language: Language): string {
  return dateTimeFormat(INTL_LOCALE[language], {
    timeZone: "UTC",
    day: "numeric",
    month: "numeric",
    year: "numeric",
  }).format(new Date(`${date}T00:00:00Z`));
}

/** A pay week as people read it: "2026-W47 (16. 11. 2026 – 22. 11. 2026)". */
export function formatWeekLabel(week: CalendarDate, language: Language): string {
  return `${isoWeekLabel(week)} (${formatCalendarDate(week, language)} – ${formatCalendarDate(addDays(week, 6), language)})`;
}

/** The values a statement line's label (pay:line.*) interpolates, formatted for the language. */
export function lineLabelValues(line: StatementLine, language: Language): Record<string, string | number> {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(INTL_LOCALE[language], { maximumFractionDigits: digits }).format(value);
  const p = line.params;
  switch (line.kind) {
    case "pay":
      return "minutes" in p
        ? { duration: formatDuration(Number(p.minutes), language), rate: formatCents(Number(p.rateCents), language) }
        : { percent: number(Number(p.percent), 2), gross: formatCents(Number(p.grossCents), language) };
    case "rent":
      // `count` picks the plural form (1 deň, 3 dni, 5 dní).
      return { days: String(p.days), count: Number(p.days), perDay: formatCents(Number(p.perDayCents), language) };
    case "correction":
      return "platform" in p ? correctionValues(p, language) : {};
    default:
      return {};
  }
}

/** A platform's correction of a frozen week: its ISO week, the platform and the signed differences ("+30 min, tips +1,20 €"). */
function correctionValues(p: StatementLine["params"], language: Language): Record<string, string> {
  const sign = (value: number) => (value > 0 ? "+" : value < 0 ? "−" : "");
  const minutes = Number(p.minutes);
  const tips = Number(p.tipsCents);
  const gross = Number(p.grossCents);
  return {
    week: isoWeekLabel(String(p.week)),
    platform: String(p.platform),
    minutes: `${sign(minutes)}${Math.abs(minutes)}`,
    tips: `${sign(tips)}${formatCents(Math.abs(tips), language)}`,
    gross: `${sign(gross)}${formatCents(Math.abs(gross), language)}`,
  };
}
