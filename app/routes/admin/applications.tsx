import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/applications";
import { Badge, EmptyRow, PageHeader, Pager, STATUS_TONE, StatusTabs, useFormatDate } from "~/components/admin/ui";
import { APPLICATION_STATUSES } from "~/domain/status";
import { requireAdmin } from "~/lib/session.server";
import { applicationFilterFrom, listApplications } from "~/models/admin-queries.server";

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const filter = applicationFilterFrom(new URL(request.url).searchParams);
  return { filter, applications: listApplications(filter) };
}

export default function AdminApplications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const { filter, applications } = loaderData;
  return (
    <section>
      <PageHeader title={t("applications.title")} />
      <StatusTabs values={APPLICATION_STATUSES} current={filter.status} ns="applications.status" />
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("applications.fullName")}</th>
              <th scope="col">{t("users.email")}</th>
              <th scope="col">{t("applications.phone")}</th>
              <th scope="col">{t("applications.submittedAt")}</th>
              <th scope="col">{t("users.status")}</th>
            </tr>
          </thead>
          <tbody>
            {applications.rows.length === 0 ? <EmptyRow colSpan={5} text={t("applications.empty")} /> : null}
            {applications.rows.map((a) => (
              <tr key={a.id}>
                <td>
                  <Link to={`/admin/applications/${a.id}`}>{a.fullName}</Link>
                </td>
                <td>{a.email}</td>
                <td className="whitespace-nowrap">{a.phone}</td>
                <td className="whitespace-nowrap">{formatDate(a.createdAt, true)}</td>
                <td>
                  <Badge tone={STATUS_TONE[a.status]}>{t(`applications.status.${a.status}`)}</Badge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={applications.page} pageCount={applications.pageCount} total={applications.total} />
    </section>
  );
}
