import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin } from "~/lib/session.server";

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

const LINKS = [
  ["/admin/dashboard", "dashboard"],
  ["/admin/users", "users"],
  ["/admin/applications", "applications"],
  ["/admin/vehicles", "vehicles"],
  ["/admin/vehicle-requests", "vehicleRequests"],
  ["/admin/problem-reports", "problemReports"],
  ["/admin/news", "news"],
  ["/admin/referrals", "referrals"],
  ["/admin/audit", "audit"],
] as const;

export default function AdminLayout() {
  const { t } = useTranslation("admin");
  return (
    <div className="container admin-shell">
      <details className="admin-nav" open>
        <summary>{t("nav.title")}</summary>
        <nav aria-label={t("nav.title")}>
          {LINKS.map(([to, key]) => (
            <NavLink key={to} to={to}>
              {t(`nav.${key}`)}
            </NavLink>
          ))}
        </nav>
      </details>
      <div className="admin-content">
        <Outlet />
      </div>
    </div>
  );
}
