import { useTranslation } from "react-i18next";
import type { DashboardData } from "./types";
import { useDates } from "./format";

/** The user's vehicle requests with their state (pending / approved / rejected and why). */
export function RequestsList({ requests }: { requests: DashboardData["requests"] }) {
  const { t } = useTranslation("dashboard");
  const { date } = useDates();
  if (requests.length === 0) return <p className="field-hint">{t("requests.empty")}</p>;
  return (
    <ul className="dash-list" data-testid="requests">
      {requests.map((request) => (
        <li key={request.id} className="dash-list-item">
          <div className="dash-list-head">
            <strong>
              {request.kind === "swap"
                ? t("requests.swapLine", {
                    from: request.currentVehicleName ?? "—",
                    to: request.requestedVehicleName ?? "—",
                  })
                : t(`requests.kind.${request.kind}`, { vehicle: request.requestedVehicleName ?? "—" })}
            </strong>
            <span className={`badge badge-${request.status}`}>{t(`requests.status.${request.status}`)}</span>
          </div>
          <span className="field-hint">{date(request.createdAt)}</span>
          {request.status === "approved" && request.expiresAt ? (
            <span data-testid={`lease-ends-${request.id}`}>
              {t("vehicle.leaseEnds", { date: date(request.expiresAt) })}
            </span>
          ) : null}
          {request.status === "rejected" && request.reason ? (
            <span>{t("requests.reason", { reason: request.reason })}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
