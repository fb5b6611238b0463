import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import { AppLink } from "~/components/app-link";
import type { UserStatus } from "~/domain/status";
import { AdminTable } from "./admin-table";
import { ConfirmDialog, dateInputValue, useFormatDate, useHrefWith } from "./ui";
import { Intent } from "../intent";

type Lease = {
  vehicleId: number;
  vehicleName: string;
  serialNumber: string;
  leaseEndsAt: Date | string | null;
  userId: number;
  userEmail: string;
  userName: string | null;
  userStatus: UserStatus;
};

const DAY = 24 * 60 * 60 * 1000;

/** Vehicles out on a lease: renew with a new end date, or end the lease (vehicle back to available). */
export function LeasesTable({
  leases,
  total,
  now,
  result,
}: {
  leases: Lease[];
  total: number;
  now: number;
  result?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const href = useHrefWith();
  const [params] = useSearchParams();
  const ending =
    params.get("confirm") === "end" ? leases.find((l) => l.vehicleId === Number(params.get("id"))) : undefined;
  const endsAtError = result?.error?.endsAt?.[0];
  /** A renewal runs from the lease's end, or from today when that has passed. */
  const renewFrom = (l: Lease) => Math.max(now, l.leaseEndsAt ? new Date(l.leaseEndsAt).getTime() : 0);
  return (
    <div className="card admin-section">
      <h2>{t("leases.title")}</h2>
      <p className="field-hint">{t("leases.hint")}</p>
      {total > leases.length ? (
        <p className="field-hint">{t("leases.showing", { shown: leases.length, total })}</p>
      ) : null}
      {endsAtError ? <p className="alert alert-error">{t(endsAtError)}</p> : null}
      <AdminTable
        rows={leases}
        rowKey={(l) => l.vehicleId}
        rowProps={(l) => ({ className: l.userStatus === "lease_expired" ? "admin-row-alert" : undefined })}
        empty={t("leases.empty")}
        columns={[
          {
            header: t("requests.user"),
            render: (l) => (
              <>
                {/* Underlined: beside the badge, colour alone would not tell the link from the text. */}
                <AppLink className="underline" to={`/admin/users/${l.userId}`}>
                  {l.userName ?? l.userEmail}
                </AppLink>
                {l.userStatus === "lease_expired" ? (
                  <span className="badge badge-danger">{t("common:status.lease_expired")}</span>
                ) : null}
              </>
            ),
          },
          {
            header: t("users.vehicle"),
            render: (l) => (
              <>
                <AppLink className="underline" to={`/admin/vehicles/${l.vehicleId}`}>
                  {l.vehicleName}
                </AppLink>{" "}
                <code>{l.serialNumber}</code>
              </>
            ),
          },
          {
            header: t("vehicles.leaseEndsAt"),
            className: "whitespace-nowrap",
            render: (l) => formatDate(l.leaseEndsAt),
          },
          {
            header: t("list.actions"),
            namedCell: true,
            render: (l) => (
              <div className="admin-row-actions">
                <Form method="post" className="admin-inline-form">
                  <Intent value="renew" />
                  <input type="hidden" name="vehicleId" value={l.vehicleId} />
                  <input
                    className="admin-date"
                    type="date"
                    name="endsAt"
                    required
                    defaultValue={dateInputValue(renewFrom(l) + 30 * DAY)}
                    aria-label={t("leases.newEnd")}
                  />
                  <button type="submit" className="btn btn-primary">
                    {t("leases.renew")}
                  </button>
                </Form>
                <Link className="btn btn-outline" to={href({ confirm: "end", id: l.vehicleId })} preventScrollReset>
                  {t("leases.end")}
                </Link>
              </div>
            ),
          },
        ]}
      />
      {ending ? (
        <ConfirmDialog
          title={t("leases.endTitle")}
          text={t("leases.endText", { vehicle: ending.vehicleName, user: ending.userName ?? ending.userEmail })}
          intent="end"
          confirmLabel={t("leases.end")}
          fields={{ vehicleId: ending.vehicleId }}
        />
      ) : null}
    </div>
  );
}
