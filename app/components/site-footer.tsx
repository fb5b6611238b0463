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
          {/* Each link its own line with a 24 px tall target (WCAG 2.5.8), not two lines of small text. */}
          <ul className="footer-links">
            <li>
              <a className="footer-link" href={`mailto:${t("footer.email")}`}>
                {t("footer.email")}
              </a>
            </li>
            <li>
              <a className="footer-link" href={telHref(SUPPORT_PHONE)}>
                {SUPPORT_PHONE}
              </a>
            </li>
          </ul>
        </div>
        <ul className="footer-links footer-note">
          <li>
            <a className="footer-link" href="/privacy">
              {t("footer.privacyLink")}
            </a>
          </li>
          <li>
            <a className="footer-link" href="/terms">
              {t("footer.termsLink")}
            </a>
          </li>
        </ul>
        <p className="footer-note">{t("footer.privacy")}</p>
        <p className="footer-note">{t("footer.rights", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
