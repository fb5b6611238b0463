import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { AppLink } from "~/components/app-link";
import { UrlDialog } from "~/components/dialog";
import { reviewTimeLeft } from "~/domain/review-queue";
import { withoutYearMark } from "~/domain/date-format";
import { Intent } from "../intent";

/** Dates shown in one fixed zone so the server's HTML and the browser's render agree. */
const ZONE = "Europe/Bratislava";
const LOCALES = { sk: "sk-SK", ua: "uk-UA", en: "en-GB" } as const;
// Building an Intl.DateTimeFormat is costly; a table of 20 rows made 20 of them per render.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(locale: string, withTime: boolean) {
  const key = `${locale}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: "medium",
      timeStyle: withTime ? "short" : undefined,
      timeZone: ZONE,
    });
    formats.set(key, format);
  }
  return format;
}

export function useFormatDate() {
  const { i18n } = useTranslation();
  const locale = LOCALES[i18n.language as keyof typeof LOCALES] ?? "sk-SK";
  return (value: Date | string | number | null | undefined, withTime = false) => {
    if (value === null || value === undefined) return "—";
    const date = new Date(value);
    return withoutYearMark(formatFor(locale, withTime).format(date));
  };
}

/** The `YYYY-MM-DD` value of a date input. */
export function dateInputValue(value: Date | string | number | null | undefined) {
  return value === null || value === undefined ? "" : new Date(value).toISOString().slice(0, 10);
}

/**
 * The heading of an admin screen. A detail page passes `crumbs` (its list, then itself) and gets a
 * breadcrumb trail above the title; `children` are the page's own actions.
 */
export function PageHeader({
  title,
  crumbs,
  children,
}: {
  title: string;
  crumbs?: { to: `/${string}`; label: string }[];
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="admin-page-head-wrap">
      {crumbs ? (
        <nav aria-label={t("breadcrumbs")} className="admin-crumbs">
          <ol>
            <li>
              <AppLink to="/admin/dashboard">{t("nav.title")}</AppLink>
            </li>
            {crumbs.map((c) => (
              <li key={c.to}>
                <AppLink to={c.to}>{c.label}</AppLink>
              </li>
            ))}
            <li aria-current="page">{title}</li>
          </ol>
        </nav>
      ) : null}
      <div className="admin-page-head">
        <h1>{title}</h1>
        {children ? <div className="admin-page-actions">{children}</div> : null}
      </div>
    </div>
  );
}

/** Time left against the promised decision time (or how late it is), as a coloured badge. */
export function TimeLeft({ createdAt, now }: { createdAt: Date | string | number; now: number }) {
  const { t } = useTranslation("admin");
  const left = reviewTimeLeft(new Date(createdAt), now);
  const text = !left.overdue
    ? t("queue.timeLeft", { hours: left.hours, minutes: left.restMinutes })
    : left.days > 0
      ? t("queue.overdueDays", { days: left.days, hours: left.restHours })
      : t("queue.overdue", { hours: left.hours, minutes: left.restMinutes });
  return <Badge tone={left.tone}>{text}</Badge>;
}

/**
 * Search, status and sort of a queue list as one GET form and links, so the URL keeps them all
 * (status `all` shows every row; without one the list shows what waits).
 */
export function QueueFilters({
  statuses,
  filter,
  ns,
  label,
}: {
  statuses: readonly string[];
  filter: { status: string; q: string; sort: string };
  ns: string;
  label: string;
}) {
  const { t } = useTranslation("admin");
  const href = useHrefWith();
  return (
    <div className="admin-queue-filters">
      <search aria-label={label}>
        <Form method="get" className="admin-filters">
          <label className="field">
            <span>{t("queue.search")}</span>
            <input type="search" name="q" defaultValue={filter.q} placeholder={t("queue.searchHint")} maxLength={100} />
          </label>
          {filter.status !== statuses[0] ? <input type="hidden" name="status" value={filter.status} /> : null}
          <label className="field admin-sort-field">
            <span>{t("queue.sort")}</span>
            <select name="sort" defaultValue={filter.sort}>
              <option value="oldest">{t("queue.oldest")}</option>
              <option value="newest">{t("queue.newest")}</option>
            </select>
          </label>
          <button type="submit" className="btn btn-outline">
            {t("list.apply")}
          </button>
        </Form>
      </search>
      <nav className="admin-tabs" aria-label={t("list.statusFilter")}>
        {statuses.map((value) => (
          <AppLink
            key={value}
            to={href({ status: value === statuses[0] ? null : value, page: null, sort: null })}
            aria-current={filter.status === value ? "page" : undefined}
          >
            {t(`${ns}.${value}`)}
          </AppLink>
        ))}
        <AppLink
          to={href({ status: "all", page: null, sort: null })}
          aria-current={filter.status === "all" ? "page" : undefined}
        >
          {t("list.all")}
        </AppLink>
      </nav>
    </div>
  );
}

/**
 * Select rows and act on them at once: the checkboxes in the table belong to this form through their
 * `form` attribute (so rows can keep their own forms), and it posts without JS.
 */
export function BulkBar({ id, children, label }: { id: string; children: React.ReactNode; label: string }) {
  const { t } = useTranslation("admin");
  const location = useLocation();
  return (
    <Form
      method="post"
      id={id}
      className="admin-bulk"
      aria-label={label}
      action={`${location.pathname}${location.search}`}
    >
      <span className="admin-bulk-label">{t("bulk.selected")}</span>
      {children}
    </Form>
  );
}

/**
 * The bulk bar of a decision queue: approve the ticked rows, or reject them with one reason. `reasons`
 * stands before the free-text reason (a stock reason list); `children` after the buttons.
 */
export function BulkDecisionBar({
  id,
  reasons,
  children,
}: {
  id: string;
  reasons?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <BulkBar id={id} label={t("bulk.label")}>
      <button type="submit" name="intent" value="bulkApprove" className="btn btn-primary">
        {t("bulk.approve")}
      </button>
      {reasons}
      <label className="field admin-bulk-reason">
        <span className="sr-only">{t("decisions.reason")}</span>
        <input type="text" name="reason" maxLength={1000} placeholder={t("bulk.reasonHint")} />
      </label>
      <button type="submit" name="intent" value="bulkReject" className="btn btn-outline">
        {t("bulk.reject")}
      </button>
      {children}
    </BulkBar>
  );
}

export function RowCheck({ form, id, label }: { form: string; id: number; label: string }) {
  return (
    <label className="admin-row-check">
      <input type="checkbox" name="ids" value={id} form={form} aria-label={label} />
    </label>
  );
}

/** A phone number as a `tel:` link (spaces and separators dropped from the link, kept in the text). */
export function PhoneLink({ phone }: { phone: string | null | undefined }) {
  if (!phone) return <>—</>;
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="whitespace-nowrap">
      {phone}
    </a>
  );
}

export function MailLink({ email }: { email: string | null | undefined }) {
  if (!email) return <>—</>;
  return (
    <a href={`mailto:${email}`} className="break-all">
      {email}
    </a>
  );
}

/** The URL with some search params changed (null removes one); keeps filters across links. */
export function useHrefWith() {
  const location = useLocation();
  return (changes: Record<string, string | number | null>): `/${string}` => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") params.delete(key);
      else params.set(key, String(value));
    }
    const search = params.toString();
    return `/${location.pathname.slice(1)}${search ? `?${search}` : ""}`;
  };
}

export function Pager({ page, pageCount, total }: { page: number; pageCount: number; total: number }) {
  const { t } = useTranslation("admin");
  const href = useHrefWith();
  return (
    <nav className="admin-pager" aria-label={t("list.pagination")}>
      <span>{t("list.total", { count: total })}</span>
      <span className="admin-pager-links">
        {page > 1 ? (
          <AppLink className="btn btn-outline" to={href({ page: page - 1 })} rel="prev">
            {t("list.previous")}
          </AppLink>
        ) : null}
        <span>{t("list.pageOf", { page, pageCount })}</span>
        {page < pageCount ? (
          <AppLink className="btn btn-outline" to={href({ page: page + 1 })} rel="next">
            {t("list.next")}
          </AppLink>
        ) : null}
      </span>
    </nav>
  );
}

/** A GET form whose fields become the URL (works without JS); the page param resets. */
export function FilterForm({ children, label }: { children: React.ReactNode; label: string }) {
  const { t } = useTranslation("admin");
  return (
    <search aria-label={label}>
      <Form method="get" className="admin-filters">
        {children}
        <button type="submit" className="btn btn-outline">
          {t("list.apply")}
        </button>
      </Form>
    </search>
  );
}

/** Status filter as links (open / resolved, pending / approved …), each one a URL. */
export function StatusTabs({
  values,
  current,
  ns,
  param = "status",
}: {
  values: readonly string[];
  current: string | null;
  ns: string;
  param?: string;
}) {
  const { t } = useTranslation("admin");
  const href = useHrefWith();
  return (
    <nav className="admin-tabs" aria-label={t("list.statusFilter")}>
      <AppLink to={href({ [param]: null, page: null })} aria-current={current === null ? "page" : undefined}>
        {t("list.all")}
      </AppLink>
      {values.map((value) => (
        <AppLink
          key={value}
          to={href({ [param]: value, page: null })}
          aria-current={current === value ? "page" : undefined}
        >
          {t(`${ns}.${value}`)}
        </AppLink>
      ))}
    </nav>
  );
}

export function Badge({ tone, children }: { tone?: "ok" | "warn" | "danger" | "info"; children: React.ReactNode }) {
  return <span className={`badge${tone ? ` badge-${tone}` : ""}`}>{children}</span>;
}

export function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="admin-empty">
        <span className="admin-empty-text">{text}</span>
      </td>
    </tr>
  );
}

/** The route's refusal above a form (the admin pages' name for the shared FormAlert). */
export { FormAlert as FormError } from "../form-messages";

/**
 * A confirmation for a destructive action, opened by `?confirm=<name>` (so it works without JS);
 * its button posts the real form with the intent.
 */
export function ConfirmDialog({
  title,
  text,
  intent,
  confirmLabel,
  fields,
  children,
  stayOnError,
  action,
}: {
  title: string;
  text: string;
  intent: string;
  confirmLabel: string;
  fields?: Record<string, string | number>;
  children?: React.ReactNode;
  /** Post to the dialog's own URL, so a refusal (a wrong code) re-renders it open with the message. */
  stayOnError?: boolean;
  /** Post to this route instead of the page (the page's job has a route of its own). */
  action?: string;
}) {
  const { t } = useTranslation();
  const href = useHrefWith();
  const navigation = useNavigation();
  const closeTo = href({ confirm: null, id: null, role: null });
  return (
    <UrlDialog title={title} closeTo={closeTo}>
      <Form method="post" action={action ?? (stayOnError ? href({}) : closeTo)} className="form-stack">
        <p>{text}</p>
        <Intent value={intent} />
        {Object.entries(fields ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <div className="admin-dialog-actions">
          <Link to={closeTo} className="btn btn-outline" replace>
            {t("cancel")}
          </Link>
          <button type="submit" className="btn btn-danger" disabled={navigation.state === "submitting"}>
            {confirmLabel}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}

export const VEHICLE_TONE = { available: "ok", future: "info", maintenance: "warn", in_use: undefined } as const;
export const STATUS_TONE = {
  pending: "warn",
  approved: "ok",
  rejected: "danger",
  open: "warn",
  resolved: "ok",
} as const;
