import { useTranslation } from "react-i18next";
import type { UserStatus } from "~/domain/status";
import { EmptyRow, useFormatDate } from "./ui";

type HistoryRow = { id: number; fromStatus: UserStatus | null; toStatus: UserStatus; reason: string | null; createdAt: Date | string; actorEmail: string | null };
type AuditRow = { id: number; action: string; before: unknown; after: unknown; createdAt: Date | string; actorEmail: string | null };

/** A before/after value kept in the audit log, shown compactly. */
export function auditValue(value: unknown) {
  if (value === null || value === undefined) return "—";
  return JSON.stringify(value);
}

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

export function AuditTable({ rows }: { rows: AuditRow[] }) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  return (
    <div className="card">
      <h2>{t("audit.title")}</h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("audit.when")}</th>
              <th scope="col">{t("audit.who")}</th>
              <th scope="col">{t("audit.action")}</th>
              <th scope="col">{t("audit.change")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? <EmptyRow colSpan={4} text={t("audit.empty")} /> : null}
            {rows.map((a) => (
              <tr key={a.id}>
                <td className="whitespace-nowrap">{formatDate(a.createdAt, true)}</td>
                <td>{a.actorEmail ?? t("audit.system")}</td>
                <td>{a.action}</td>
                <td className="admin-audit-change">
                  <code>{auditValue(a.before)}</code> → <code>{auditValue(a.after)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
