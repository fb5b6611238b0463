import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

/**
 * The 404 page and the root error boundary share one designed screen inside the site layout:
 * a translated heading and text, and plain links (they work without JS and when the app's
 * scripts failed) — "Try again" reloads the same address, the other goes home.
 */
export function ErrorScreen({ status, detail, home = "/" }: { status: number; detail?: string | null; home?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const notFound = status === 404;
  const forbidden = status === 403;
  const title = notFound ? t("notFound.title") : forbidden ? t("error.forbidden") : t("error.title");
  const text = notFound ? t("notFound.translated") : forbidden ? null : t("error.retry");
  return (
    <section className="error-page" aria-labelledby="error-title" data-testid="error-screen">
      <div className="card error-card">
        <h1 id="error-title">{title}</h1>
        {text ? <p>{text}</p> : null}
        {detail ? <p className="alert alert-error">{detail}</p> : null}
        <div className="error-actions">
          {notFound || forbidden ? null : (
            <a className="btn btn-outline" href={`${location.pathname}${location.search}`}>
              {t("error.tryAgain")}
            </a>
          )}
          <a className="btn btn-primary" href={home}>
            {t("error.back")}
          </a>
        </div>
      </div>
    </section>
  );
}
