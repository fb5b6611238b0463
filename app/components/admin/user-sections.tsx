import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import { AppLink } from "~/components/app-link";
import type { UserStatus } from "~/domain/status";
import { AdminTable } from "./admin-table";
import { type AuditEntryRow, AuditTable } from "./audit-entries";
import { Badge, dateInputValue, useFormatDate } from "./ui";
import { Intent } from "../intent";

type HistoryRow = {
  id: number;
  fromStatus: UserStatus | null;
  toStatus: UserStatus;
  reason: string | null;
  createdAt: Date | string;
  actorEmail: string | null;
};

export function HistoryTable({ rows }: { rows: HistoryRow[] }) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  return (
    <div className="card">
      <h2>{t("users.history")}</h2>
      <AdminTable
        rows={rows}
        cards={false}
        empty={t("audit.empty")}
        columns={[
          { header: t("audit.when"), className: "whitespace-nowrap", render: (h) => formatDate(h.createdAt, true) },
          { header: t("users.from"), render: (h) => (h.fromStatus ? t(`common:status.${h.fromStatus}`) : "—") },
          { header: t("users.to"), render: (h) => t(`common:status.${h.toStatus}`) },
          { header: t("users.reason"), render: (h) => h.reason ?? "—" },
          { header: t("audit.who"), render: (h) => h.actorEmail ?? t("audit.system") },
        ]}
      />
    </div>
  );
}

/** The user page's audit section: every audited change about this user. */
/** The user's audit entries; document views are hidden unless `?views=1` asks for them (a plain link, no JS needed). */
export function AuditSection({ rows, views }: { rows: AuditEntryRow[]; views: boolean }) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  if (views) params.delete("views");
  else params.set("views", "1");
  const search = params.toString();
  return (
    <div className="card" id="audit">
      <h2>{t("audit.title")}</h2>
      <p className="field-hint">
        {views ? null : `${t("audit.viewsHiddenHere")} `}
        <AppLink to={`${location.pathname}${search ? `?${search}` : ""}#audit` as `/${string}`} className="underline">
          {views ? t("audit.hideViews") : t("audit.showViews")}
        </AppLink>
      </p>
      <AuditTable rows={rows} empty={t("audit.empty")} />
    </div>
  );
}

type DocumentsDetail = {
  validUntil: Date | string | null;
  reminders: { thresholdDays: number; sentAt: Date | string }[];
  renewals: {
    id: number;
    status: "pending" | "accepted" | "rejected";
    validUntil: Date | string;
    reason: string | null;
    createdAt: Date | string;
    files: { id: number; kind: string; width: number | null; height: number | null }[];
  }[];
};

const RENEWAL_TONE = { pending: "warn", accepted: "ok", rejected: "danger" } as const;

/** The courier's right-to-stay document: its date, the reminders sent, and new documents with the decision forms. */
export function DocumentsCard({ documents }: { documents: DocumentsDetail }) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  return (
    <div className="card" data-testid="documents-card">
      <h2>{t("documents.title")}</h2>
      <dl className="admin-dl">
        <dt>{t("documents.validUntil")}</dt>
        <dd data-testid="document-valid-until">
          {documents.validUntil ? formatDate(documents.validUntil) : t("documents.none")}
        </dd>
        <dt>{t("documents.reminders")}</dt>
        <dd>
          {documents.reminders.length === 0
            ? t("documents.noReminders")
            : documents.reminders
                .map((r) => t("documents.reminder", { days: r.thresholdDays, date: formatDate(r.sentAt, true) }))
                .join("; ")}
        </dd>
      </dl>
      <h3>{t("documents.renewals")}</h3>
      {documents.renewals.length === 0 ? <p className="field-hint">{t("documents.noRenewals")}</p> : null}
      <ul className="admin-list">
        {documents.renewals.map((r) => (
          <li key={r.id} data-testid={`renewal-${r.id}`}>
            <Badge tone={RENEWAL_TONE[r.status]}>{t(`documents.renewalStatus.${r.status}`)}</Badge>{" "}
            {t("documents.sentAt", { date: formatDate(r.createdAt, true), validUntil: formatDate(r.validUntil) })}
            {r.reason ? <span className="field-hint"> — {r.reason}</span> : null}
            <ul className="admin-media">
              {r.files.map((f) => (
                <li key={f.id}>
                  <a href={`/files/${f.id}`} target="_blank" rel="noreferrer">
                    <img
                      src={`/files/${f.id}`}
                      alt={t("documents.file", { kind: t(`applications.kind.${f.kind}`) })}
                      width={f.width ?? 160}
                      height={f.height ?? 120}
                      loading="lazy"
                    />
                  </a>
                </li>
              ))}
            </ul>
            {r.status === "pending" ? (
              <div className="admin-grid">
                <Form method="post" className="form-stack">
                  <Intent value="acceptDocument" />
                  <input type="hidden" name="renewalId" value={r.id} />
                  <label className="field">
                    {t("documents.correctDate")}
                    <input type="date" name="validUntil" defaultValue={dateInputValue(r.validUntil)} required />
                  </label>
                  <button type="submit" className="btn btn-primary">
                    {t("documents.accept")}
                  </button>
                </Form>
                <Form method="post" className="form-stack">
                  <Intent value="rejectDocument" />
                  <input type="hidden" name="renewalId" value={r.id} />
                  <label className="field">
                    {t("documents.reason")}
                    <textarea name="reason" required maxLength={1000} rows={2} />
                  </label>
                  <button type="submit" className="btn btn-outline">
                    {t("documents.reject")}
                  </button>
                </Form>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
