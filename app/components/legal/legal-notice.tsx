import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LEGAL_PATHS, type LegalKind } from "~/domain/legal-text";

/** The one-time notice that a legal text changed: links to each, and "Got it" records it (a plain form). */
export function LegalNotice({ kinds }: { kinds: LegalKind[] }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <section className="legal-notice" aria-label={t("legal.notice.label")}>
      <div className="container legal-notice-inner">
        <p>
          {t("legal.notice.text")}{" "}
          {kinds.map((kind, i) => (
            <span key={kind}>
              {i > 0 ? ", " : null}
              <a href={LEGAL_PATHS[kind]}>{t(`legal.title.${kind}`)}</a>
            </span>
          ))}
        </p>
        <form method="post" action="/legal/acknowledge">
          <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
          <button type="submit" className="btn btn-outline">
            {t("legal.notice.dismiss")}
          </button>
        </form>
      </div>
    </section>
  );
}
