import { Trans, useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { type AuditFacts, type AuditValue, auditChanges, auditSentence } from "~/domain/audit-sentence";
import { AdminTable, type AdminTableProps } from "./admin-table";
import { useFormatDate } from "./ui";

export type AuditEntryRow = AuditFacts & { id: number; createdAt: Date | string };

function NameLink({ name, href }: { name: string; href: `/${string}` | null }) {
  return href ? <AppLink to={href}>{name}</AppLink> : <strong>{name}</strong>;
}

/** "Jana approved the application of Oleh Koval", each name a link to its record. */
export function AuditSentenceText({ entry }: { entry: AuditFacts }) {
  const { t } = useTranslation("admin");
  const sentence = auditSentence(entry);
  const actor = sentence.actor ?? { name: t("audit.system"), href: null };
  return (
    <span className="admin-sentence">
      <Trans
        t={t}
        i18nKey={sentence.key}
        values={{
          actor: actor.name,
          record: sentence.record.name,
          subject: sentence.subject?.name ?? "—",
          action: entry.action,
        }}
        components={{
          actor: <NameLink name={actor.name} href={actor.href} />,
          record: <NameLink name={sentence.record.name} href={sentence.record.href} />,
          subject: <NameLink name={sentence.subject?.name ?? "—"} href={sentence.subject?.href ?? null} />,
        }}
      />
    </span>
  );
}

function ValueText({ value }: { value: AuditValue }) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  if (value.kind === "empty") return <>—</>;
  if (value.kind === "bool") return <>{value.value ? t("audit.yes") : t("audit.no")}</>;
  if (value.kind === "date") return <>{formatDate(value.value, true)}</>;
  if (value.kind === "day") return <>{formatDate(value.value)}</>;
  if (value.kind === "codes")
    return <>{value.items.map((item) => t(item.keys, { defaultValue: item.value })).join(", ")}</>;
  return <code>{value.value}</code>;
}

/** The changed fields, one line each: "Status: Pending → Approved", in the admin's language. */
export function AuditChangeList({
  before,
  after,
  entityType,
}: {
  before: unknown;
  after: unknown;
  entityType: string;
}) {
  const { t } = useTranslation("admin");
  const changes = auditChanges(before, after, entityType);
  if (changes.length === 0) return null;
  return (
    <ul className="admin-diff" aria-label={t("audit.changes")}>
      {changes.map((change) => (
        <li key={change.field}>
          {t(`audit.field.${change.field}`, { defaultValue: change.field })}: <ValueText value={change.before} /> →{" "}
          <ValueText value={change.after} />
        </li>
      ))}
    </ul>
  );
}

/** The audit entries as a table that becomes stacked cards on phones: when, and what happened in a sentence. */
export function AuditTable({
  rows,
  empty,
  pager,
}: {
  rows: AuditEntryRow[];
  empty: string;
  pager?: AdminTableProps<AuditEntryRow>["pager"];
}) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  return (
    <AdminTable
      rows={rows}
      empty={empty}
      pager={pager}
      className="admin-audit-table"
      columns={[
        {
          header: t("audit.when"),
          className: "whitespace-nowrap",
          render: (entry) => formatDate(entry.createdAt, true),
        },
        {
          header: t("audit.action"),
          render: (entry) => (
            <div>
              <AuditSentenceText entry={entry} />
              <AuditChangeList before={entry.before} after={entry.after} entityType={entry.entityType} />
            </div>
          ),
        },
      ]}
    />
  );
}
