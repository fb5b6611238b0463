import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/vehicles";
import { Badge, EmptyRow, FilterForm, PageHeader, Pager, useFormatDate, VEHICLE_TONE } from "~/components/admin/ui";
import { MissingLanguages } from "~/components/admin/language-fields";
import { requireAdmin } from "~/services/session.server";
import { listVehicles, vehicleFilterFrom } from "~/models/vehicles.server";

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const filter = vehicleFilterFrom(new URL(request.url).searchParams);
  return { filter, vehicles: listVehicles(filter) };
}

export default function AdminVehicles({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const { filter, vehicles } = loaderData;
  return (
    <section>
      <PageHeader title={t("vehicles.title")}>
        <Link className="btn btn-primary" to="/admin/vehicles/new">
          {t("vehicles.new")}
        </Link>
      </PageHeader>
      <FilterForm label={t("vehicles.search")}>
        <label className="field">
          {t("vehicles.search")}
          <input type="search" name="q" defaultValue={filter.q} placeholder={t("vehicles.searchPlaceholder")} />
        </label>
        <label className="field">
          {t("vehicles.service.title")}
          <select name="service" defaultValue={filter.service ?? ""}>
            <option value="">{t("vehicles.service.filterAll")}</option>
            <option value="attention">{t("vehicles.service.filter")}</option>
          </select>
        </label>
      </FilterForm>
      <div className="table-wrap">
        <table className="table table-cards">
          <thead>
            <tr>
              <th scope="col">{t("vehicles.name")}</th>
              <th scope="col">{t("vehicles.serialNumber")}</th>
              <th scope="col">{t("vehicles.status")}</th>
              <th scope="col">{t("vehicles.assignedUser")}</th>
              <th scope="col">{t("vehicles.leaseEndsAt")}</th>
            </tr>
          </thead>
          <tbody>
            {vehicles.rows.length === 0 ? <EmptyRow colSpan={5} text={filter.q || filter.service ? t("vehicles.noMatch") : t("vehicles.empty")} /> : null}
            {vehicles.rows.map((v) => (
              <tr key={v.id}>
                <td data-label={t("vehicles.name")}>
                  <Link to={`/admin/vehicles/${v.id}`}>{v.name}</Link> <MissingLanguages languages={v.missingLanguages} />
                </td>
                <td data-label={t("vehicles.serialNumber")}>
                  <code>{v.serialNumber}</code>
                </td>
                <td data-label={t("vehicles.status")}>
                  <Badge tone={VEHICLE_TONE[v.status]}>{t(`common:vehicleStatus.${v.status}`)}</Badge>
                  {v.status === "future" && v.availableSince ? <span className="field-hint"> {formatDate(v.availableSince)}</span> : null}
                  {v.serviceDue ? (
                    <>
                      {" "}
                      <Badge tone={v.serviceDue.state === "overdue" ? "danger" : "warn"}>{t(v.serviceDue.state === "overdue" ? "vehicles.service.dueOverdue" : "vehicles.service.dueSoon")}</Badge>
                    </>
                  ) : null}
                </td>
                <td data-label={t("vehicles.assignedUser")}>{v.userId ? <Link to={`/admin/users/${v.userId}`}>{v.userName ?? v.userEmail}</Link> : t("vehicles.unassigned")}</td>
                <td data-label={t("vehicles.leaseEndsAt")} className="whitespace-nowrap">
                  {formatDate(v.leaseEndsAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={vehicles.page} pageCount={vehicles.pageCount} total={vehicles.total} />
    </section>
  );
}
