import { useTranslation } from "react-i18next";
import type { UserStatus } from "~/domain/status";
import { type AuditEntryRow, AuditEntriesTable } from "./audit-entries";
import { EmptyRow, useFormatDate } from "./ui";

type HistoryRow = { id: number; fromStatus: UserStatus | null; toStatus: UserStatus; reason: string | null; createdAt: Date | string; actorEmail: string | null };

export function HistoryTable({ rows }: { rows: HistoryRow[] }) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  return (
    <div className="card">
      <h2>{t("users.history")}</h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("audit.when")}</th>
              <th scope="col">{t("users.from")}</th>
              <th scope="col">{t("users.to")}</th>
              <th scope="col">{t("users.reason")}</th>
              <th scope="col">{t("audit.who")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? <EmptyRow colSpan={5} text={t("audit.empty")} /> : null}
            {rows.map((h) => (
              <tr key={h.id}>
                <td className="whitespace-nowrap">{formatDate(h.createdAt, true)}</td>
                <td>{h.fromStatus ? t(`common:status.${h.fromStatus}`) : "—"}</td>
                <td>{t(`common:status.${h.toStatus}`)}</td>
                <td>{h.reason ?? "—"}</td>
                <td>{h.actorEmail ?? t("audit.system")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function AuditTable({ rows }: { rows: AuditEntryRow[] }) {
  const { t } = useTranslation("admin");
  return (
    <div className="card">
      <h2>{t("audit.title")}</h2>
      <AuditEntriesTable rows={rows} emptyText={t("audit.empty")} />
    </div>
  );
}
