import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCents } from "~/components/admin/pay-review";
import { HTML_LANG, isLanguage } from "~/domain/rules";
import type { Route } from "./+types/dashboard";
import { PageHeader, useFormatDate } from "~/components/admin/ui";
import { useHydrated } from "~/components/use-hydrated";
import { requireAdmin } from "~/services/session.server";
import { dashboardTiles } from "~/models/admin-dashboard.server";
import { trafficLastDays } from "~/models/tracking.server";
import { scrollRegion } from "~/components/scroll-region";

// Recharts renders nothing useful on the server, so it is loaded lazily, only here, in the browser.
const TrafficChart = lazy(() => import("~/components/admin/traffic-chart.client"));

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { tiles: await dashboardTiles(), traffic: await trafficLastDays() };
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("admin");
  const formatDate = useFormatDate();
  const cents = useCents();
  const { tiles, traffic } = loaderData;
  const payDay = new Intl.DateTimeFormat(HTML_LANG[isLanguage(i18n.language) ? i18n.language : "sk"], {
    weekday: "long",
    day: "numeric",
    month: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${tiles.payDue.payday}T00:00:00Z`));
  const hydrated = useHydrated();
  const totalViews = traffic.reduce((sum, d) => sum + d.views, 0);
  const cards = [
    { label: t("dashboard.users"), value: String(tiles.users), to: "/admin/users" },
    { label: t("dashboard.vehicles"), value: `${tiles.assignedVehicles} / ${tiles.vehicles}`, to: "/admin/vehicles" },
    {
      label: t("dashboard.pendingApplications"),
      value: String(tiles.pendingApplications),
      to: "/admin/applications?status=pending",
    },
    {
      label: t("dashboard.pendingVehicleRequests"),
      value: String(tiles.pendingVehicleRequests),
      to: "/admin/vehicle-requests",
      testId: "tile-vehicle-requests",
    },
    { label: t("dashboard.openProblems"), value: String(tiles.openProblems), to: "/admin/problem-reports?status=open" },
    {
      label: t("dashboard.documentsExpiring"),
      value: String(tiles.documentsExpiring),
      to: "/admin/users?documents=expiring",
      testId: "tile-documents",
    },
    {
      label: t("dashboard.maintenance"),
      value: `${tiles.maintenance.inService} / ${tiles.maintenance.due}`,
      to: "/admin/vehicles?service=attention",
      testId: "tile-maintenance",
    },
    { label: t("dashboard.failingMail"), value: String(tiles.failingMail), to: "/admin/mail", testId: "tile-mail" },
    {
      label: t("dashboard.payDue", { day: payDay }),
      // What is due by the next payday, earlier weeks left unpaid included (and named as overdue).
      value: [
        t("dashboard.payDueValue", { count: tiles.payDue.couriers, total: cents(tiles.payDue.totalCents) }),
        ...(tiles.payDue.overdue ? [t("dashboard.payDueOverdue", { count: tiles.payDue.overdue })] : []),
      ].join(" · "),
      to: tiles.payDue.overdue ? "/admin/payouts" : `/admin/payouts/${tiles.payDue.week}`,
      testId: "tile-pay-due",
    },
  ];
  return (
    <section>
      <PageHeader title={t("dashboard.title")} />
      <ul className="admin-tiles">
        {cards.map((card) => (
          <li key={card.to}>
            <Link to={card.to} className="card admin-tile" data-testid={"testId" in card ? card.testId : undefined}>
              <span className="admin-tile-label">{card.label}</span>
              <span className="admin-tile-value">{card.value}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="card admin-traffic">
        <h2>{t("dashboard.traffic")}</h2>
        <p className="field-hint">{t("dashboard.trafficTotal", { count: totalViews })}</p>
        {hydrated ? (
          <div className="admin-chart" aria-hidden="true">
            <Suspense fallback={<p>{t("common:loading")}</p>}>
              <TrafficChart data={traffic} label={t("dashboard.views")} />
            </Suspense>
          </div>
        ) : null}
        {/* The same numbers as a table: what screen readers and browsers without JS get. */}
        <details className="admin-traffic-table" open={!hydrated}>
          <summary>{t("dashboard.trafficTable")}</summary>
          {/* Its rows scroll inside a fixed height. */}
          <div className="table-wrap" {...scrollRegion(t("dashboard.trafficTable"))}>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t("dashboard.day")}</th>
                  <th scope="col">{t("dashboard.views")}</th>
                </tr>
              </thead>
              <tbody>
                {traffic.map((d) => (
                  <tr key={d.day}>
                    <td>{formatDate(`${d.day}T12:00:00Z`)}</td>
                    <td>{d.views}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </div>
    </section>
  );
}
