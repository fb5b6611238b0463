import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AppLink } from "~/components/app-link";
import type { Route } from "./+types/users";
import { AdminTable } from "~/components/admin/admin-table";
import { Badge, FilterForm, MailLink, PageHeader, useFormatDate, useHrefWith } from "~/components/admin/ui";
import { USER_STATUSES } from "~/domain/status";
import { requireAdmin } from "~/services/session.server";
import { userFilterFrom, type UserSort } from "~/domain/admin-filters";
import { listUsers } from "~/models/admin-users.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const filter = userFilterFrom(new URL(request.url).searchParams);
  return { filter, users: await listUsers(filter) };
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const [params] = useSearchParams();
  const href = useHrefWith();
  const { filter, users } = loaderData;
  /** A header that sorts by `column`, the other way round when the list is already sorted by it. */
  const sortBy = (column: UserSort) => {
    const dir = filter.sort === column ? filter.dir : null;
    return { to: href({ sort: column, dir: dir === "asc" ? "desc" : "asc", page: null }), dir };
  };
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
      <AdminTable
        rows={users.rows}
        empty={t("users.empty")}
        pager={users}
        columns={[
          { header: t("users.id"), render: (u) => <AppLink to={`/admin/users/${u.id}`}>#{u.id}</AppLink> },
          { header: t("users.email"), sort: sortBy("email"), render: (u) => <MailLink email={u.email} /> },
          { header: t("users.referredBy"), render: (u) => u.referredBy ?? "—" },
          { header: t("users.role"), render: (u) => t(`common:role.${u.role}`) },
          {
            header: t("users.active"),
            render: (u) =>
              u.active ? <Badge tone="ok">{t("common:yes")}</Badge> : <Badge tone="danger">{t("common:no")}</Badge>,
          },
          {
            header: t("users.registeredAt"),
            sort: sortBy("createdAt"),
            className: "whitespace-nowrap",
            render: (u) => formatDate(u.createdAt),
          },
          {
            header: t("users.fullName"),
            sort: sortBy("fullName"),
            render: (u) => <AppLink to={`/admin/users/${u.id}`}>{u.fullName ?? u.email}</AppLink>,
          },
          { header: t("users.status"), sort: sortBy("status"), render: (u) => t(`common:status.${u.status}`) },
          filter.documents
            ? {
                header: t("users.validUntil"),
                className: "whitespace-nowrap",
                render: (u) => formatDate(u.documentValidUntil),
              }
            : null,
        ]}
      />
    </section>
  );
}
