import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import type { Route } from "./+types/audit";
import { AuditTable } from "~/components/admin/audit-entries";
import { FilterForm, PageHeader } from "~/components/admin/ui";
import { AUDIT_ACTIONS, auditSentenceKey } from "~/domain/audit-sentence";
import { requireAdmin } from "~/services/session.server";
import { auditFilterFrom } from "~/domain/admin-filters";
import { listAudit, listAuditActors } from "~/models/audit.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const filter = auditFilterFrom(new URL(request.url).searchParams);
  return { filter, actors: await listAuditActors(), entries: await listAudit(filter) };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { filter, actors, entries } = loaderData;
  const filtered =
    filter.actorId !== null || filter.action !== null || filter.from !== null || filter.to !== null || filter.views;
  return (
    <section>
      <PageHeader title={t("audit.title")} />
      <FilterForm label={t("audit.filters")}>
        <label className="field">
          <span>{t("audit.filterActor")}</span>
          <select name="actor" defaultValue={filter.actorId ?? ""}>
            <option value="">{t("audit.anyActor")}</option>
            {actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.fullName ? `${actor.fullName} (${actor.email})` : actor.email}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t("audit.filterAction")}</span>
          <select name="action" defaultValue={filter.action ?? ""}>
            <option value="">{t("audit.anyAction")}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`${auditSentenceKey(action)}`, { actor: "…", record: "…", subject: "…" }).replace(/<\/?\w+>/g, "")}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{t("audit.from")}</span>
          <input type="date" name="from" defaultValue={filter.from ?? ""} className="admin-date" />
        </label>
        <label className="field">
          <span>{t("audit.to")}</span>
          <input type="date" name="to" defaultValue={filter.to ?? ""} className="admin-date" />
        </label>
        <label className="choice">
          <input type="checkbox" name="views" value="1" defaultChecked={filter.views} />
          <span>{t("audit.showViews")}</span>
        </label>
      </FilterForm>
      {filter.views || filter.action !== null ? null : <p className="field-hint">{t("audit.viewsHidden")}</p>}
      {filtered ? (
        <p>
          <AppLink to="/admin/audit">{t("audit.reset")}</AppLink>
        </p>
      ) : null}
      <AuditTable rows={entries.rows} empty={filtered ? t("audit.noMatch") : t("audit.empty")} pager={entries} />
    </section>
  );
}
