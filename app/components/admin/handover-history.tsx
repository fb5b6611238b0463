import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { HandoverDetails } from "~/components/handover-details";
import type { HandoverView } from "~/domain/handover";
import { Badge, useFormatDate } from "./ui";

/** The vehicle page's handovers, newest first: pending ones link to their form, recorded ones show what was found. */
export function HandoverHistory({ vehicleId, handovers }: { vehicleId: number; handovers: HandoverView[] }) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  return (
    <div className="card admin-section" id="handovers" data-testid="handovers">
      <h2>{t("handovers.title")}</h2>
      <p className="field-hint">{t("handovers.hint")}</p>
      {handovers.length === 0 ? <p className="field-hint">{t("handovers.empty")}</p> : null}
      <ul className="admin-list">
        {handovers.map((h) => (
          <li key={h.id} data-testid={`handover-${h.kind}`}>
            <p>
              <strong>{t(`common:handover.kind.${h.kind}`)}</strong> · {t("handovers.courier", { name: h.userLabel })}{" "}
              {!h.recordedAt ? (
                <Badge tone="warn">{t("handovers.pending")}</Badge>
              ) : h.disputeReportId ? (
                <AppLink
                  to={`/admin/problem-reports?status=all&report=${h.disputeReportId}`}
                  data-testid="handover-disputed"
                >
                  <Badge tone="danger">{t("handovers.disputed", { id: h.disputeReportId })}</Badge>
                </AppLink>
              ) : h.confirmedAt ? (
                <Badge tone="ok">{t("handovers.confirmedAt", { date: formatDate(h.confirmedAt, true) })}</Badge>
              ) : (
                <Badge tone="info">{t("handovers.waitingCourier")}</Badge>
              )}
            </p>
            {h.recordedAt ? (
              <>
                <p className="field-hint">
                  {t("handovers.recordedAt", { date: formatDate(h.recordedAt, true), who: h.recordedBy ?? "—" })}
                </p>
                <HandoverDetails handover={h} />
                {h.newDamages.length ? (
                  <p>
                    <AppLink className="btn btn-outline" to={`/admin/payouts/damage/${h.id}`}>
                      {t("pay.damage.title")}
                    </AppLink>
                  </p>
                ) : null}
              </>
            ) : (
              <p>
                <span className="field-hint">{t("handovers.opened", { date: formatDate(h.createdAt, true) })}</span>{" "}
                <AppLink className="btn btn-primary" to={`/admin/vehicles/${vehicleId}/handover?kind=${h.kind}`}>
                  {t(`handovers.record.${h.kind}`)}
                </AppLink>
              </p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
