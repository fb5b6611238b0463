import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { UrlDialog } from "~/components/dialog";

/** Dates shown in one fixed zone so the server's HTML and the browser's render agree. */
const ZONE = "Europe/Bratislava";
const LOCALES = { sk: "sk-SK", ua: "uk-UA", en: "en-GB" } as const;
// Building an Intl.DateTimeFormat is costly; a table of 20 rows made 20 of them per render.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatFor(locale: string, withTime: boolean) {
  const key = `${locale}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: withTime ? "short" : undefined, timeZone: ZONE });
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
    return formatFor(locale, withTime).format(date);
  };
}

/** The `YYYY-MM-DD` value of a date input. */
export function dateInputValue(value: Date | string | number | null | undefined) {
  return value === null || value === undefined ? "" : new Date(value).toISOString().slice(0, 10);
}

export function PageHeader({ title, backTo, children }: { title: string; backTo?: string; children?: React.ReactNode }) {
  const { t } = useTranslation("admin");
  const actions = backTo ? (
    <Link className="btn btn-outline" to={backTo}>
      {t("back")}
    </Link>
  ) : (
    children
  );
  return (
    <div className="admin-page-head">
      <h1>{title}</h1>
      {actions ? <div className="admin-page-actions">{actions}</div> : null}
    </div>
  );
}

/** The URL with some search params changed (null removes one); keeps filters across links. */
export function useHrefWith() {
  const location = useLocation();
  return (changes: Record<string, string | number | null>) => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === "") params.delete(key);
      else params.set(key, String(value));
    }
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
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
          <Link className="btn btn-outline" to={href({ page: page - 1 })} rel="prev">
            {t("list.previous")}
          </Link>
        ) : null}
        <span>{t("list.pageOf", { page, pageCount })}</span>
        {page < pageCount ? (
          <Link className="btn btn-outline" to={href({ page: page + 1 })} rel="next">
            {t("list.next")}
          </Link>
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
export function StatusTabs({ values, current, ns, param = "status" }: { values: readonly string[]; current: string | null; ns: string; param?: string }) {
  const { t } = useTranslation("admin");
  const href = useHrefWith();
  return (
    <nav className="admin-tabs" aria-label={t("list.statusFilter")}>
      <Link to={href({ [param]: null, page: null })} aria-current={current === null ? "page" : undefined}>
        {t("list.all")}
      </Link>
      {values.map((value) => (
        <Link key={value} to={href({ [param]: value, page: null })} aria-current={current === value ? "page" : undefined}>
          {t(`${ns}.${value}`)}
        </Link>
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

export function FormError({ message }: { message?: string | null }) {
  return message ? (
    <p className="alert alert-error" role="alert">
      {message}
    </p>
  ) : null;
}

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
}: {
  title: string;
  text: string;
  intent: string;
  confirmLabel: string;
  fields?: Record<string, string | number>;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const href = useHrefWith();
  const navigation = useNavigation();
  const closeTo = href({ confirm: null, id: null });
  return (
    <UrlDialog title={title} closeTo={closeTo}>
      <Form method="post" action={closeTo} className="form-stack">
        <p>{text}</p>
        <input type="hidden" name="intent" value={intent} />
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
export const STATUS_TONE = { pending: "warn", approved: "ok", rejected: "danger", open: "warn", resolved: "ok" } as const;
