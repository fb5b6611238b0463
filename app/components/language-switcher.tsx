import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { LANGUAGES, type Language } from "~/domain/rules";
import { showNetworkToast } from "~/client/network";

/**
 * Plain links with `?lng=`: the server sets the cookie, so switching works without JavaScript.
 * With JavaScript the switch first checks that the server answers: offline, the page (and whatever
 * was typed into it) stays and the network toast says why.
 */
export function LanguageSwitcher({ current }: { current: Language }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <nav className="lang-switch" aria-label={t("language.label")}>
      {LANGUAGES.map((lng) => {
        const params = new URLSearchParams(location.search);
        params.set("lng", lng);
        const to = { pathname: location.pathname, search: `?${params}`, hash: location.hash };
        return (
          <Link
            key={lng}
            to={to}
            hrefLang={lng === "ua" ? "uk" : lng}
            lang={lng === "ua" ? "uk" : lng}
            aria-current={lng === current ? "true" : undefined}
            title={t(`language.${lng}`)}
            preventScrollReset
            onClick={(event) => {
              if (
                event.defaultPrevented ||
                event.button !== 0 ||
                event.metaKey ||
                event.ctrlKey ||
                event.shiftKey ||
                event.altKey
              )
                return;
              event.preventDefault();
              void fetch("/api/health", { cache: "no-store" }).then(
                (response) => (response.ok ? navigate(to, { preventScrollReset: true }) : showNetworkToast()),
                () => showNetworkToast(),
              );
            }}
          >
            {lng.toUpperCase()}
          </Link>
        );
      })}
    </nav>
  );
}
