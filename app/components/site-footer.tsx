import { useTranslation } from "react-i18next";
import { formatIco } from "~/domain/company-profile";
import { telHref } from "~/domain/rules";
import { useCompany } from "./company";

/** The company's name, address, numbers and contacts as its profile states them: only what is set. */
export function SiteFooter() {
  const { t } = useTranslation();
  const company = useCompany();
  const numbers = [
    company.ico ? t("footer.ico", { ico: formatIco(company.ico) }) : null,
    company.vatId ? t("footer.vatId", { vatId: company.vatId }) : null,
  ].filter(Boolean);
  const hasIdentity = Boolean(company.legalName || company.address || numbers.length > 0);
  const hasContact = Boolean(company.email || company.phone);
  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="container footer-grid">
        {hasIdentity ? (
          <div>
            {company.legalName ? <p className="footer-brand">{company.legalName}</p> : null}
            <address>
              {company.address ? (
                <>
                  {company.address}
                  <br />
                </>
              ) : null}
              {numbers.join(" · ")}
            </address>
          </div>
        ) : null}
        {hasContact ? (
          <div>
            <p className="footer-heading">{t("footer.contact")}</p>
            {/* Each link its own line with a 24 px tall target (WCAG 2.5.8), not two lines of small text. */}
            <ul className="footer-links">
              {company.email ? (
                <li>
                  <a className="footer-link" href={`mailto:${company.email}`}>
                    {company.email}
                  </a>
                </li>
              ) : null}
              {company.phone ? (
                <li>
                  <a className="footer-link" href={telHref(company.phone)}>
                    {company.phone}
                  </a>
                </li>
              ) : null}
            </ul>
          </div>
        ) : null}
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
        {company.legalName ? (
          <p className="footer-note">
            {t("footer.rights", { year: new Date().getFullYear(), company: company.legalName })}
          </p>
        ) : null}
      </div>
    </footer>
  );
}
