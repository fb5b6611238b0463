import { useTranslation } from "react-i18next";
import { SUPPORT_PHONE, telHref } from "~/domain/rules";

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">{t("footer.company")}</p>
          <address>
            {t("footer.address")}
            <br />
            {t("footer.registration")}
          </address>
        </div>
        <div>
          <p className="footer-heading">{t("footer.contact")}</p>
          <p>
            <a href={`mailto:${t("footer.email")}`}>{t("footer.email")}</a>
            <br />
            <a href={telHref(SUPPORT_PHONE)}>{SUPPORT_PHONE}</a>
          </p>
        </div>
        <p className="footer-note">{t("footer.privacy")}</p>
        <p className="footer-note">{t("footer.rights", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
