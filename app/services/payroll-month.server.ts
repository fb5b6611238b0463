import type { MonthId } from "~/domain/pay-month";
import { hoursAndMinutes } from "~/domain/pay-month";
import type { CalendarDate } from "~/domain/pay-week";
import type { Language } from "~/domain/rules";
import { csvCents, toCsv, type CsvCell } from "~/infra/csv.server";
import { translatorFor } from "~/infra/i18n.server";
import { payrollMonth, type PayrollSums } from "~/models/pay-month.server";

const COLUMNS = [
  "id",
  "courier",
  "email",
  "statements",
  "minutes",
  "hours",
  "pay",
  "tips",
  "rent",
  "damage",
  "adjustments",
  "carriedIn",
  "net",
  "paidOn",
] as const;

const dayMonthYear = (date: CalendarDate) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

/**
 * The accountant's month as CSV in the admin's language (docs/pay.md): a row per courier and a total row,
 * the same figures as the month page. Rent and damage are written as negative amounts, so every row adds up
 * to its net (pay + tips + rent + damage + adjustments + carried over).
 */
export async function payrollMonthCsv(month: MonthId, language: Language): Promise<string> {
  const t = translatorFor(language);
  const { rows, totals } = await payrollMonth(month);
  const figures = (sums: PayrollSums): CsvCell[] => {
    const { hours, minutes } = hoursAndMinutes(sums.minutes);
    return [
      sums.statements,
      sums.minutes,
      t("admin:pay.month.duration", { hours, minutes }),
      csvCents(sums.payCents),
      csvCents(sums.tipsCents),
      csvCents(-sums.rentCents),
      csvCents(-sums.damageCents),
      csvCents(sums.adjustmentsCents),
      csvCents(sums.carriedInCents),
      csvCents(sums.netCents),
    ];
  };
  return toCsv(
    COLUMNS.map((key) => t(`admin:pay.month.${key}`)),
    [
      ...rows.map((row) => [
        row.userId,
        row.name,
        row.email ?? t("admin:pay.month.erased"),
        ...figures(row),
        row.paidOn.map(dayMonthYear).join(", "),
      ]),
      [null, t("admin:pay.month.total"), null, ...figures(totals), null],
    ],
  );
}
