import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { PageHeader, useFormatDate } from "~/components/admin/ui";
import { LEGAL_KINDS } from "~/domain/legal-text";
import { LANGUAGES } from "~/domain/rules";
import { currentLegalVersions, listLegalVersions } from "~/models/legal-documents.server";
import { requireAdmin } from "~/services/session.server";
import type { Route } from "./+types/legal";

/** The privacy notice and the terms of use in each language: which version is in force, since when. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const rows = [];
  for (const language of LANGUAGES) {
    const versions = await currentLegalVersions(language);
    for (const kind of LEGAL_KINDS) {
      const latest = versions[kind] ? (await listLegalVersions(kind, language))[0] : undefined;
      rows.push({ kind, language, version: versions[kind], publishedAt: latest?.publishedAt ?? null });
    }
  }
  return { rows };
}

export default function AdminLegal({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  return (
    <section>
      <PageHeader title={t("legal.title")} />
      <p className="field-hint">{t("legal.intro")}</p>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("legal.title")}</th>
              <th scope="col">{t("legal.language")}</th>
              <th scope="col">{t("legal.inForce")}</th>
              <th scope="col">
                <span className="sr-only">{t("legal.edit")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.rows.map((row) => (
              <tr key={`${row.kind}-${row.language}`}>
                <td>{t(`legal.kinds.${row.kind}`)}</td>
                <td>{t(`common:language.${row.language}`)}</td>
                <td>
                  {row.version
                    ? t("legal.versionOf", { version: row.version, date: formatDate(row.publishedAt, true) })
                    : t("legal.template")}
                </td>
                <td>
                  <AppLink to={`/admin/legal/${row.kind}/${row.language}`}>{t("legal.edit")}</AppLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
