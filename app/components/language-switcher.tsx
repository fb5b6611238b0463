import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { LANGUAGES, type Language } from "~/domain/rules";

/** Plain links with `?lng=`: the server sets the cookie, so switching works without JavaScript. */
export function LanguageSwitcher({ current }: { current: Language }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <nav className="lang-switch" aria-label={t("language.label")}>
      {LANGUAGES.map((lng) => {
        const params = new URLSearchParams(location.search);
        params.set("lng", lng);
        return (
          <Link
            key={lng}
            to={{ pathname: location.pathname, search: `?${params}`, hash: location.hash }}
            hrefLang={lng === "ua" ? "uk" : lng}
            lang={lng === "ua" ? "uk" : lng}
            aria-current={lng === current ? "true" : undefined}
            title={t(`language.${lng}`)}
            preventScrollReset
          >
            {lng.toUpperCase()}
          </Link>
        );
      })}
    </nav>
  );
}
