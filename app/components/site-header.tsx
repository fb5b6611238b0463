import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useRouteLoaderData } from "react-router";
import type { Language } from "~/domain/rules";
import { LanguageSwitcher } from "./language-switcher";
import { LogoutButton } from "~/components/logout-button";

type HeaderUser = { email: string; role: "user" | "admin" } | null;

export function authHref(search: string, view: "login" | "register" | "forgot") {
  const params = new URLSearchParams(search);
  params.set("auth", view);
  return `?${params}`;
}

/** Where a logged-in user's home is: the admin dashboard or the courier's dashboard. */
export function homeHref(user: { role: "user" | "admin" }) {
  return user.role === "admin" ? "/admin/dashboard" : "/dashboard";
}

/**
 * Where the home page's calls to action ("Apply", "Join") lead: a visitor gets the Create account
 * dialog, a logged-in user their dashboard (they already have an account).
 */
export function useJoinLink(): { to: string; preventScrollReset: boolean } {
  const root = useRouteLoaderData("root") as { user: HeaderUser } | undefined;
  const location = useLocation();
  // The dialog opens over the page where the visitor is; the dashboard is a new page, read from the top.
  return root?.user
    ? { to: homeHref(root.user), preventScrollReset: false }
    : { to: authHref(location.search, "register"), preventScrollReset: true };
}

function NavLinks() {
  const { t } = useTranslation();
  return (
    <>
      <Link to="/#income">{t("nav.income")}</Link>
      <Link to="/#fleet">{t("nav.fleet")}</Link>
      <Link to="/#news">{t("nav.news")}</Link>
      <Link to="/#faq">{t("nav.faq")}</Link>
    </>
  );
}

function AccountActions({ user }: { user: HeaderUser }) {
  const { t } = useTranslation();
  const location = useLocation();
  // Half logged in (password given, second factor not yet): the page itself offers to cancel.
  if (location.pathname === "/auth/second-factor") return null;
  if (user) {
    return (
      <div className="account">
        <Link className="btn btn-ghost" to={homeHref(user)} title={t("account.signedInAs", { email: user.email })}>
          {user.role === "admin" ? t("nav.admin") : t("nav.dashboard")}
        </Link>
        <LogoutButton />
      </div>
    );
  }
  return (
    <div className="account">
      <Link className="btn btn-ghost" to={authHref(location.search, "login")} preventScrollReset>
        {t("account.login")}
      </Link>
      <Link className="btn btn-primary" to={authHref(location.search, "register")} preventScrollReset>
        {t("account.register")}
      </Link>
    </div>
  );
}

/**
 * The phone menu: a <details> that opens without JavaScript. With JS it closes after every
 * navigation (keyed by the location, so it renders anew, closed) and on Escape, returning focus to its button.
 */
function MobileMenu({ user }: { user: HeaderUser }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDetailsElement>(null);
  const { key: locationKey } = useLocation();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const menu = ref.current;
      if (event.key !== "Escape" || !menu?.open) return;
      menu.open = false;
      menu.querySelector("summary")?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <details className="nav-menu" ref={ref} key={locationKey}>
      <summary aria-label={t("nav.menu")}>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </summary>
      <div className="nav-panel">
        <nav aria-label={t("nav.main")} className="nav-links">
          <NavLinks />
        </nav>
        <AccountActions user={user} />
      </div>
    </details>
  );
}

/**
 * Wide screens show navigation and account actions in the bar; phones fold them into a
 * <details> menu and keep "Log in" in the bar next to it. The language switcher is always visible.
 */
export function SiteHeader({ user, locale }: { user: HeaderUser; locale: Language }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <header className="site-header">
      <div className="container header-row">
        <Link to="/" className="brand" aria-label={t("brand")}>
          <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
            <circle cx="9" cy="24" r="5" fill="none" stroke="currentColor" strokeWidth="3" />
            <circle cx="25" cy="24" r="5" fill="none" stroke="currentColor" strokeWidth="3" />
            <path d="M9 24h10l4-14h5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
          <span>{t("brand")}</span>
        </Link>
        <nav aria-label={t("nav.main")} className="nav-links nav-wide">
          <NavLinks />
        </nav>
        <div className="header-actions">
          <div className="nav-wide">
            <AccountActions user={user} />
          </div>
          <LanguageSwitcher current={locale} />
          {user || location.pathname === "/auth/second-factor" ? null : (
            <Link
              className="btn btn-ghost nav-narrow"
              to={authHref(location.search, "login")}
              preventScrollReset
              data-testid="header-login"
            >
              {t("account.login")}
            </Link>
          )}
          <MobileMenu user={user} />
        </div>
      </div>
    </header>
  );
}
