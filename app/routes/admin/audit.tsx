import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/audit";
import { auditValue } from "~/components/admin/user-sections";
import { EmptyRow, PageHeader, Pager, StatusTabs, useFormatDate } from "~/components/admin/ui";
import { requireAdmin } from "~/lib/session.server";
import { pageFrom } from "~/models/admin-list.server";
import { AUDIT_ENTITY_TYPES, listAudit } from "~/models/audit.server";

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const type = params.get("type");
  const entityType = AUDIT_ENTITY_TYPES.find((t) => t === type) ?? null;
  return { types: AUDIT_ENTITY_TYPES, entityType, entries: listAudit({ entityType, page: pageFrom(params.get("page")) }) };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const { types, entityType, entries } = loaderData;
  return (
    <section>
      <PageHeader title={t("audit.title")} />
      <StatusTabs values={types} current={entityType} ns="audit.entity" param="type" />
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("audit.when")}</th>
              <th scope="col">{t("audit.who")}</th>
              <th scope="col">{t("audit.action")}</th>
              <th scope="col">{t("audit.subject")}</th>
              <th scope="col">{t("audit.change")}</th>
            </tr>
          </thead>
          <tbody>
            {entries.rows.length === 0 ? <EmptyRow colSpan={5} text={t("audit.empty")} /> : null}
            {entries.rows.map((a) => (
              <tr key={a.id}>
                <td className="whitespace-nowrap">{formatDate(a.createdAt, true)}</td>
                <td>{a.actorEmail ?? t("audit.system")}</td>
                <td>
                  <code>{a.action}</code>
                  <span className="field-hint">
                    {" "}
                    {t(`audit.entity.${a.entityType}`)} #{a.entityId ?? "—"}
                  </span>
                </td>
                <td>{a.subjectUserId ? <Link to={`/admin/users/${a.subjectUserId}`}>{a.subjectEmail}</Link> : "—"}</td>
                <td className="admin-audit-change">
                  <code>{auditValue(a.before)}</code> → <code>{auditValue(a.after)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={entries.page} pageCount={entries.pageCount} total={entries.total} />
    </section>
  );
}
