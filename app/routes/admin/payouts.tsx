import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { AdminTable } from "~/components/admin/admin-table";
import { PageHeader, useFormatDate } from "~/components/admin/ui";
import { monthOf } from "~/domain/pay-month";
import { localDateOf } from "~/domain/pay-week";
import { now } from "~/infra/clock.server";
import { requireAdmin } from "~/services/session.server";
import { listImports } from "~/models/earnings-import.server";
import { listPayWeeks } from "~/models/pay-review.server";
import { listBatches } from "~/models/payout-batches.server";
import { useCents, usePayDates } from "~/components/admin/pay-review";
import type { Route } from "./+types/payouts";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const month = monthOf(localDateOf(now()));
  return { weeks: await listPayWeeks(), batches: await listBatches(), imports: await listImports(), month };
}

/** The Pay section: the weeks with statements, the payout batches, the committed earnings imports. */
export default function AdminPayouts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const cents = useCents();
  const dates = usePayDates();
  return (
    <section>
      <PageHeader title={t("nav.payouts")}>
        <AppLink to="/admin/payouts/import" className="btn btn-primary">
          {t("pay.import.title")}
        </AppLink>
        <AppLink to="/admin/payouts/platforms" className="btn btn-outline">
          {t("pay.platforms.title")}
        </AppLink>
        <AppLink to="/admin/payouts/questions" className="btn btn-outline">
          {t("pay.questions.title")}
        </AppLink>
        <AppLink to={`/admin/payouts/months/${loaderData.month}`} className="btn btn-outline">
          {t("pay.month.link")}
        </AppLink>
      </PageHeader>
      <div className="card">
        <h2>{t("pay.weeks.title")}</h2>
        <AdminTable
          rows={loaderData.weeks}
          rowKey={(row) => Date.parse(row.week)}
          empty={t("pay.weeks.empty")}
          columns={[
            {
              header: t("pay.week"),
              render: (row) => <AppLink to={`/admin/payouts/${row.week}`}>{dates.week(row.week)}</AppLink>,
              className: "whitespace-nowrap",
            },
            { header: t("pay.weeks.payday"), render: (row) => dates.day(row.payday), className: "whitespace-nowrap" },
            { header: t("pay.weeks.couriers"), render: (row) => row.couriers },
            {
              header: t("pay.weeks.net"),
              render: (row) => cents(row.netCents),
              className: "whitespace-nowrap text-right",
            },
            {
              header: t("pay.weeks.statuses"),
              render: (row) =>
                Object.entries(row.statuses)
                  .map(([status, n]) => `${t(`pay:status.${status}`)}: ${n}`)
                  .join(", "),
            },
          ]}
        />
      </div>
      <div className="card">
        <h2>{t("pay.batches.title")}</h2>
        <AdminTable
          rows={loaderData.batches}
          empty={t("pay.batches.empty")}
          columns={[
            {
              header: t("pay.batch.short", { id: "" }),
              render: (row) => (
                <AppLink to={`/admin/payouts/batches/${row.id}`}>{t("pay.batch.short", { id: row.id })}</AppLink>
              ),
              className: "whitespace-nowrap",
            },
            { header: t("pay.batch.payday"), render: (row) => dates.day(row.payday), className: "whitespace-nowrap" },
            {
              header: t("pay.batch.total"),
              render: (row) => t("pay.batch.totalValue", { count: row.count, total: cents(row.totalCents) }),
            },
            { header: t("pay.batch.status"), render: (row) => t(`pay.batch.statuses.${row.status}`) },
          ]}
        />
      </div>
      <div className="card">
        <h2>{t("pay.imports.title")}</h2>
        <AdminTable
          rows={loaderData.imports}
          empty={t("pay.imports.empty")}
          columns={[
            { header: t("pay.week"), render: (row) => dates.week(row.weekStart), className: "whitespace-nowrap" },
            { header: t("pay.platform"), render: (row) => row.platformName },
            { header: t("pay.imports.file"), render: (row) => row.fileName, className: "min-w-0" },
            {
              header: t("pay.imports.rows"),
              render: (row) => t("pay.imports.rowsValue", { rows: row.rowsCount, skipped: row.skippedCount }),
            },
            { header: t("pay.imports.who"), render: (row) => row.byName ?? row.byEmail ?? "—" },
            {
              header: t("pay.imports.when"),
              render: (row) => (row.committedAt ? formatDate(row.committedAt, true) : "—"),
              className: "whitespace-nowrap",
            },
          ]}
        />
      </div>
    </section>
  );
}
