import { useTranslation } from "react-i18next";
import { data } from "react-router";
import type { Route } from "./+types/legal";
import { LegalTextBody } from "~/components/legal/legal-text";
import { dateTimeFormat } from "~/domain/date-format";
import { LEGAL_PATHS, type LegalKind } from "~/domain/legal-text";
import { HTML_LANG } from "~/domain/rules";
import { getInstance, getLocale } from "~/infra/i18n.server";
import { legalTextFor } from "~/services/legal.server";

/**
 * `/privacy` and `/terms` in the reader's language: the version in force (or, before the operator
 * published one, the template prefilled with the company's facts); `?version=N` reads an older one,
 * the text a person was shown at registration.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind: LegalKind = url.pathname.startsWith(LEGAL_PATHS.terms) ? "terms" : "privacy";
  const language = getLocale(context);
  const asked = url.searchParams.get("version");
  const version = asked && /^\d{1,6}$/.test(asked) ? Number(asked) : undefined;
  const { t } = getInstance(context);
  const text = await legalTextFor(kind, language, version || undefined);
  const title = `${t(`legal.title.${kind}`)} · ${t("brand")}`;
  if (!text) throw data({ error: t("notFound.translated") }, { status: 404 });
  const current = version ? await legalTextFor(kind, language) : text;
  const date = text.publishedAt
    ? dateTimeFormat(HTML_LANG[language], { dateStyle: "long", timeZone: "Europe/Bratislava" }).format(text.publishedAt)
    : null;
  return {
    kind,
    title,
    body: text.body,
    version: text.version,
    date,
    older: Boolean(current && current.version !== text.version),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { kind, body, version, date, older } = loaderData;
  return (
    <article className="container legal-page">
      <h1>{t(`legal.title.${kind}`)}</h1>
      {date === null ? (
        <p className="legal-meta">{t("legal.draft")}</p>
      ) : older ? (
        <p className="legal-meta">
          {t("legal.olderVersion", { version, date })} <a href={LEGAL_PATHS[kind]}>{t("legal.current")}</a>
        </p>
      ) : (
        <p className="legal-meta">{t("legal.version", { version, date })}</p>
      )}
      <LegalTextBody body={body} />
    </article>
  );
}
