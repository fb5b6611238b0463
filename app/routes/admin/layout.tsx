import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Outlet, useLocation, type ShouldRevalidateFunctionArgs } from "react-router";
import { AppNavLink } from "~/components/app-link";
import { ErrorScreen } from "~/components/error-screen";
import type { Route } from "./+types/layout";
import { requireAdmin } from "~/services/session.server";
import { getInstance } from "~/infra/i18n.server";
import { pendingWork } from "~/models/admin-dashboard.server";
import { getCompanyProfile } from "~/models/company-profile.server";
import { missingCompanyFields } from "~/domain/company-profile";
import { AppLink } from "~/components/app-link";
import "~/styles/admin.css";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { t } = getInstance(context);
  // Every admin screen needs a document title (WCAG 2.4.2); the section's name serves them all.
  return {
    pending: await pendingWork(),
    title: `${t("admin:nav.title")} · ${t("common:brand")}`,
    // "Finish setting up" lists what the company profile lacks until it is complete.
    missingCompanyFields: missingCompanyFields(await getCompanyProfile()),
  };
}

/**
 * A refused company-profile save (409: another admin saved meanwhile) still changed what the profile
 * lacks, and React Router does not reload loaders after a 4xx answer on its own.
 */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction === "/admin/settings/company" || defaultShouldRevalidate;
}

const LINKS = [
  ["/admin/dashboard", "dashboard"],
  ["/admin/users", "users"],
  ["/admin/applications", "applications"],
  ["/admin/vehicles", "vehicles"],
  ["/admin/vehicle-requests", "vehicleRequests"],
  ["/admin/problem-reports", "problemReports"],
  ["/admin/news", "news"],
  ["/admin/content", "content"],
  ["/admin/referrals", "referrals"],
  ["/admin/payouts", "payouts"],
  ["/admin/settings/rules", "rules"],
  ["/admin/audit", "audit"],
  ["/admin/mail", "mail"],
  ["/admin/settings/company", "company"],
  ["/admin/legal", "legal"],
  ["/account/sessions", "sessions"],
] as const;

function NavLinks({
  pending,
  onNavigate,
}: {
  pending: Route.ComponentProps["loaderData"]["pending"];
  onNavigate?: () => void;
}) {
  const { t } = useTranslation("admin");
  const { pathname } = useLocation();
  return (
    <nav aria-label={t("nav.title")} className="admin-nav-links">
      {LINKS.map(([to, key]) => {
        const count = key in pending ? pending[key as keyof typeof pending] : 0;
        return (
          <AppNavLink key={to} to={to} pathname={pathname} onClick={onNavigate}>
            <span>{t(`nav.${key}`)}</span>
            {count > 0 ? (
              <span className="admin-nav-count" aria-label={t("nav.waiting", { count })}>
                {count}
              </span>
            ) : null}
          </AppNavLink>
        );
      })}
    </nav>
  );
}

/**
 * Admin shell: a sidebar on wide screens; on phones the same links fold into a disclosure (a native
 * <details>, so it opens without JS) that closes itself after a link is chosen.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const menu = useRef<HTMLDetailsElement>(null);
  return (
    <div className="container admin-shell">
      <aside className="admin-sidebar">
        <details className="admin-menu" ref={menu}>
          <summary>
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
              <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            {t("nav.title")}
          </summary>
          <NavLinks pending={loaderData.pending} onNavigate={() => menu.current?.removeAttribute("open")} />
        </details>
        <div className="admin-sidebar-wide">
          <p className="admin-sidebar-title">{t("nav.title")}</p>
          <NavLinks pending={loaderData.pending} />
        </div>
      </aside>
      <div className="admin-content">
        <FinishSettingUp missing={loaderData.missingCompanyFields} />
        <Outlet />
      </div>
    </div>
  );
}

/** Until the company profile is complete: what it lacks, and the link to the form. */
function FinishSettingUp({ missing }: { missing: string[] }) {
  const { t } = useTranslation("admin");
  if (missing.length === 0) return null;
  return (
    <div className="alert alert-info admin-setup" data-testid="finish-setting-up">
      <p className="font-semibold">{t("setup.title")}</p>
      <p>{t("setup.missing", { fields: missing.map((field) => t(`audit.field.${field}`)).join(", ") })}</p>
      <p>{t("setup.why")}</p>
      <p>
        <AppLink to="/admin/settings/company" className="underline">
          {t("setup.action")}
        </AppLink>
      </p>
    </div>
  );
}

/** An admin screen that fails renders the designed error screen in the site layout; "home" is the admin overview. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  const detail =
    status < 500 && status !== 404 && isRouteErrorResponse(error) && typeof error.data?.error === "string"
      ? error.data.error
      : null;
  return (
    <div className="container">
      <ErrorScreen status={status} detail={detail} home={status === 403 ? "/" : "/admin"} />
    </div>
  );
}
