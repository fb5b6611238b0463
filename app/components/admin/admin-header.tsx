import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { LanguageSwitcher } from "~/components/language-switcher";
import type { Language } from "~/domain/rules";
import { LogoutButton } from "~/components/logout-button";

/**
 * The admin area's own compact header: who is signed in, the language, a way back to the public
 * site and log out. No marketing navigation; the admin layout carries the section links.
 */
export function AdminHeader({ user, locale }: { user: { email: string } | null; locale: Language }) {
  const { t } = useTranslation();
  return (
    <header className="admin-header">
      <div className="admin-header-row">
        <AppLink to="/admin/dashboard" className="admin-brand">
          {t("brand")} <span className="admin-brand-tag">{t("admin:nav.title")}</span>
        </AppLink>
        <div className="admin-header-actions">
          {user ? (
            <span className="admin-header-user" title={t("account.signedInAs", { email: user.email })}>
              {user.email}
            </span>
          ) : null}
          <LanguageSwitcher current={locale} />
          <AppLink to="/" className="btn btn-ghost admin-header-site">
            {t("admin:shell.site")}
          </AppLink>
          <LogoutButton />
        </div>
      </div>
    </header>
  );
}
