import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import type { Language } from "~/domain/rules";
import { LanguageSwitcher } from "./language-switcher";

type HeaderUser = { email: string; role: "user" | "admin" } | null;

export function authHref(search: string, view: "login" | "register" | "forgot") {
  const params = new URLSearchParams(search);
  params.set("auth", view);
  return `?${params}`;
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
        <Link className="btn btn-ghost" to={user.role === "admin" ? "/admin/dashboard" : "/dashboard"} title={t("account.signedInAs", { email: user.email })}>
          {user.role === "admin" ? t("nav.admin") : t("nav.dashboard")}
        </Link>
        <Form method="post" action="/auth/logout">
          <button type="submit" className="btn btn-outline">
            {t("account.logout")}
          </button>
        </Form>
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
 * Wide screens show navigation and account actions in the bar; phones fold them into a
 * <details> menu, which opens without JavaScript. The language switcher is always visible.
 */
export function SiteHeader({ user, locale }: { user: HeaderUser; locale: Language }) {
  const { t } = useTranslation();
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
          <details className="nav-menu">
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
        </div>
      </div>
    </header>
  );
}
