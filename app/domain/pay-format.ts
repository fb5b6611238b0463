import { dateTimeFormat } from "./date-format";
import { formatEur } from "./income";
import type { StatementLine } from "./pay-rule";
import { isoWeekLabel, type CalendarDate } from "./pay-week";
import type { Language } from "./rules";

const INTL_LOCALE = { sk: "sk-SK", ua: "uk-UA", en: "en-IE" } as const;

/** Cents as EUR with two decimals in the language's way (287,34 € / €287.34). */
export function formatCents(cents: number, language: Language): string {
  return formatEur(cents / 100, language, true);
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

/** The values a statement line's label (pay:line.*) interpolates, formatted for the language. */
export function lineLabelValues(line: StatementLine, language: Language): Record<string, string> {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(INTL_LOCALE[language], { maximumFractionDigits: digits }).format(value);
  const p = line.params;
  switch (line.kind) {
    case "pay":
      return "minutes" in p
        ? { hours: number(Number(p.minutes) / 60, 2), rate: formatCents(Number(p.rateCents), language) }
        : { percent: number(Number(p.percent), 2), gross: formatCents(Number(p.grossCents), language) };
    case "rent":
      return { days: String(p.days), perDay: formatCents(Number(p.perDayCents), language) };
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
