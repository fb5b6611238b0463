import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import type { Route } from "./+types/vehicles";
import { AdminTable } from "~/components/admin/admin-table";
import { Badge, FilterForm, PageHeader, useFormatDate, VEHICLE_TONE } from "~/components/admin/ui";
import { MissingLanguages } from "~/components/admin/language-fields";
import { requireAdmin } from "~/services/session.server";
import { vehicleFilterFrom } from "~/domain/admin-filters";
import { listVehicles } from "~/models/vehicles.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const filter = vehicleFilterFrom(new URL(request.url).searchParams);
  return { filter, vehicles: await listVehicles(filter) };
}

export default function AdminVehicles({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const { filter, vehicles } = loaderData;
  return (
    <section>
      <PageHeader title={t("vehicles.title")}>
        <AppLink className="btn btn-primary" to="/admin/vehicles/new">
          {t("vehicles.new")}
        </AppLink>
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
      <AdminTable
        rows={vehicles.rows}
        empty={filter.q || filter.service ? t("vehicles.noMatch") : t("vehicles.empty")}
        pager={vehicles}
        columns={[
          {
            header: t("vehicles.name"),
            render: (v) => (
              <>
                <AppLink to={`/admin/vehicles/${v.id}`}>{v.name}</AppLink>{" "}
                {v.licenceCategory === "AM" ? <Badge tone="info">{t("common:vehicleLicence.AM")}</Badge> : null}{" "}
                <MissingLanguages languages={v.missingLanguages} />
              </>
            ),
          },
          { header: t("vehicles.serialNumber"), render: (v) => <code>{v.serialNumber}</code> },
          {
            header: t("vehicles.status"),
            render: (v) => (
              <>
                <Badge tone={VEHICLE_TONE[v.status]}>{t(`common:vehicleStatus.${v.status}`)}</Badge>
                {v.status === "future" && v.availableSince ? (
                  <span className="field-hint"> {formatDate(v.availableSince)}</span>
                ) : null}
                {v.serviceDue ? (
                  <>
                    {" "}
                    <Badge tone={v.serviceDue.state === "overdue" ? "danger" : "warn"}>
                      {t(v.serviceDue.state === "overdue" ? "vehicles.service.dueOverdue" : "vehicles.service.dueSoon")}
                    </Badge>
                  </>
                ) : null}
              </>
            ),
          },
          {
            header: t("vehicles.assignedUser"),
            render: (v) =>
              v.userId ? (
                <AppLink to={`/admin/users/${v.userId}`}>{v.userName ?? v.userEmail}</AppLink>
              ) : (
                t("vehicles.unassigned")
              ),
          },
          {
            header: t("vehicles.leaseEndsAt"),
            className: "whitespace-nowrap",
            render: (v) => formatDate(v.leaseEndsAt),
          },
        ]}
      />
    </section>
  );
}
