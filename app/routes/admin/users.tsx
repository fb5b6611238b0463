import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/users";
import { Badge, EmptyRow, FilterForm, MailLink, PageHeader, Pager, useFormatDate, useHrefWith } from "~/components/admin/ui";
import { USER_STATUSES } from "~/domain/status";
import { requireAdmin } from "~/services/session.server";
import { listUsers, userFilterFrom, type UserSort } from "~/models/admin-users.server";

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const filter = userFilterFrom(new URL(request.url).searchParams);
  return { filter, users: listUsers(filter) };
}

/** A sortable column header: aria-sort belongs on the header cell, not on the link inside it. */
function SortHeader({ column, label, sort, dir }: { column: UserSort; label: string; sort: UserSort; dir: "asc" | "desc" }) {
  const href = useHrefWith();
  const active = sort === column;
  const nextDir = active && dir === "asc" ? "desc" : "asc";
  return (
    <th scope="col" aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}>
      <Link to={href({ sort: column, dir: nextDir, page: null })} className="admin-sort">
        {label}
        {active ? <span aria-hidden="true">{dir === "asc" ? " ▲" : " ▼"}</span> : null}
      </Link>
    </th>
  );
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const [params] = useSearchParams();
  const { filter, users } = loaderData;
  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  const exportQuery = exportParams.toString();
  return (
    <section>
      <PageHeader title={t("users.title")}>
        <a className="btn btn-outline" href={`/admin/users/export.csv${exportQuery ? `?${exportQuery}` : ""}`} download>
          {t("users.export")}
        </a>
      </PageHeader>
      <FilterForm label={t("users.search")}>
        <label className="field">
          {t("users.search")}
          <input type="search" name="q" defaultValue={filter.q} placeholder={t("users.searchPlaceholder")} />
        </label>
        <label className="field">
          {t("users.status")}
          <select name="status" defaultValue={filter.status ?? ""}>
            <option value="">{t("list.all")}</option>
            {USER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`common:status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          {t("users.documents")}
          <select name="documents" defaultValue={filter.documents ?? ""}>
            <option value="">{t("list.all")}</option>
            <option value="expiring">{t("users.documentsExpiring")}</option>
          </select>
        </label>
        <input type="hidden" name="sort" value={filter.sort} />
        <input type="hidden" name="dir" value={filter.dir} />
      </FilterForm>
      <div className="table-wrap">
        <table className="table table-cards">
          <thead>
            <tr>
              <th scope="col">{t("users.id")}</th>
              <SortHeader column="email" label={t("users.email")} sort={filter.sort} dir={filter.dir} />
              <th scope="col">{t("users.referredBy")}</th>
              <th scope="col">{t("users.role")}</th>
              <th scope="col">{t("users.active")}</th>
              <SortHeader column="createdAt" label={t("users.registeredAt")} sort={filter.sort} dir={filter.dir} />
              <SortHeader column="fullName" label={t("users.fullName")} sort={filter.sort} dir={filter.dir} />
              <SortHeader column="status" label={t("users.status")} sort={filter.sort} dir={filter.dir} />
              {filter.documents ? <th scope="col">{t("users.validUntil")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {users.rows.length === 0 ? <EmptyRow colSpan={filter.documents ? 9 : 8} text={t("users.empty")} /> : null}
            {users.rows.map((u) => (
              <tr key={u.id}>
                <td data-label={t("users.id")}>
                  <Link to={`/admin/users/${u.id}`}>
                    #{u.id}
                  </Link>
                </td>
                <td data-label={t("users.email")}>
                  <MailLink email={u.email} />
                </td>
                <td data-label={t("users.referredBy")}>{u.referredBy ?? "—"}</td>
                <td data-label={t("users.role")}>{t(`common:role.${u.role}`)}</td>
                <td data-label={t("users.active")}>{u.active ? <Badge tone="ok">{t("common:yes")}</Badge> : <Badge tone="danger">{t("common:no")}</Badge>}</td>
                <td data-label={t("users.registeredAt")} className="whitespace-nowrap">
                  {formatDate(u.createdAt)}
                </td>
                <td data-label={t("users.fullName")}>
                  <Link to={`/admin/users/${u.id}`}>{u.fullName ?? u.email}</Link>
                </td>
                <td data-label={t("users.status")}>{t(`common:status.${u.status}`)}</td>
                {filter.documents ? (
                  <td data-label={t("users.validUntil")} className="whitespace-nowrap">
                    {formatDate(u.documentValidUntil)}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={users.page} pageCount={users.pageCount} total={users.total} />
    </section>
  );
}
