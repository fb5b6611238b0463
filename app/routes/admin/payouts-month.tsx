import { data } from "react-router";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { AdminTable } from "~/components/admin/admin-table";
import { useCents } from "~/components/admin/pay-review";
import { PageHeader, useFormatDate } from "~/components/admin/ui";
import { dateTimeFormat, withoutYearMark } from "~/domain/date-format";
import { addMonths, hoursAndMinutes, isMonthId } from "~/domain/pay-month";
import { requireAdmin } from "~/services/session.server";
import { payrollMonth, type PayrollRow } from "~/models/pay-month.server";
import type { Route } from "./+types/payouts-month";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const month = params.month;
  if (!isMonthId(month)) throw data(null, { status: 404 });
  return { ...(await payrollMonth(month)), previous: addMonths(month, -1), next: addMonths(month, 1) };
}

const LOCALES = { sk: "sk-SK", ua: "uk-UA", en: "en-GB" } as const;

type Row = PayrollRow & { total?: true };

/** A deduction shown as the negative amount it is; nothing deducted is 0,00 €, never −0,00 €. */
const deducted = (cents: number) => (cents === 0 ? 0 : -cents);

/** The accountant's month: what each courier was paid in it, with the CSV of the same figures for the payroll. */
export default function AdminPayrollMonth({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const cents = useCents();
  const formatDate = useFormatDate();
  const { month, rows, totals, awaitingPaid, previous, next } = loaderData;
  const locale = LOCALES[i18n.language as keyof typeof LOCALES] ?? "sk-SK";
  const monthName = (id: string) =>
    withoutYearMark(
      dateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
        new Date(`${id}-01T00:00:00Z`),
      ),
    );
  const duration = (minutes: number) => t("pay.month.duration", hoursAndMinutes(minutes));
  const money = (header: string, value: (row: Row) => number) => ({
    header,
    render: (row: Row) => cents(value(row)),
    className: "whitespace-nowrap text-right",
  });
  const table: Row[] = [
    ...rows,
    ...(rows.length
      ? [{ ...totals, userId: null, name: t("pay.month.total"), email: null, paidOn: [], total: true as const }]
      : []),
  ];
  return (
    <section>
      <PageHeader
        title={t("pay.month.title", { month: monthName(month) })}
        crumbs={[{ to: "/admin/payouts", label: t("nav.payouts") }]}
      >
        <a href={`/admin/payouts/months/${month}/payroll.csv`} className="btn btn-primary" download>
          {t("pay.month.download")}
        </a>
      </PageHeader>
      <nav className="admin-page-actions" aria-label={t("pay.month.link")}>
        <AppLink to={`/admin/payouts/months/${previous}`} className="btn btn-outline" rel="prev">
          ← {t("pay.month.previous")}: {monthName(previous)}
        </AppLink>
        <AppLink to={`/admin/payouts/months/${next}`} className="btn btn-outline" rel="next">
          {t("pay.month.next")}: {monthName(next)} →
        </AppLink>
      </nav>
      <p className="alert alert-info" data-testid="month-rule">
        {t("pay.month.rule")}
      </p>
      {awaitingPaid.statements > 0 ? (
        <p className="alert alert-info" data-testid="month-awaiting">
          {t("pay.month.awaiting", { count: awaitingPaid.statements, total: cents(awaitingPaid.payoutCents) })}
        </p>
      ) : null}
      <div className="card">
        <AdminTable
          rows={table}
          rowKey={(row) => (row.total ? -1 : (row.userId ?? -2 - table.indexOf(row)))}
          empty={t("pay.month.empty")}
          label={t("pay.month.title", { month: monthName(month) })}
          // Two-word headers ("Nájom skútra", "Čistá suma") may wrap and cells are a little narrower, so ten
          // columns fit at 1280 px in every language.
          className="[&_td]:px-2 [&_th]:px-2 [&_th]:align-bottom [&_th]:whitespace-normal"
          rowProps={(row) =>
            row.total ? { className: "font-semibold", "data-testid": "month-total" } : { "data-testid": "month-row" }
          }
          columns={[
            {
              header: t("pay.month.courier"),
              render: (row) =>
                row.total ? (
                  row.name
                ) : row.userId === null ? (
                  <>
                    {row.name} <span className="text-sm">({t("pay.month.erased")})</span>
                  </>
                ) : (
                  <AppLink to={`/admin/users/${row.userId}`} title={row.email ?? undefined}>
                    {row.name || row.email || `#${row.userId}`}
                  </AppLink>
                ),
              className: "min-w-0",
            },
            { header: t("pay.month.hours"), render: (row) => duration(row.minutes), className: "whitespace-nowrap" },
            money(t("pay.month.pay"), (row) => row.payCents),
            money(t("pay.month.tips"), (row) => row.tipsCents),
            money(t("pay.month.rent"), (row) => deducted(row.rentCents)),
            // A column that is zero in every row is left out (so the table fits); the rows still add up.
            rows.some((row) => row.damageCents !== 0) &&
              money(t("pay.month.damage"), (row) => deducted(row.damageCents)),
            rows.some((row) => row.adjustmentsCents !== 0) &&
              money(t("pay.month.adjustments"), (row) => row.adjustmentsCents),
            rows.some((row) => row.carriedInCents !== 0) &&
              money(t("pay.month.carriedIn"), (row) => row.carriedInCents),
            money(t("pay.month.net"), (row) => row.netCents),
            {
              header: t("pay.month.paidOn"),
              render: (row) => row.paidOn.map((day) => formatDate(day)).join(", "),
            },
          ]}
        />
      </div>
    </section>
  );
}
