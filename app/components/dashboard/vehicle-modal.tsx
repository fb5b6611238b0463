import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { UrlDialog } from "~/components/dialog";
import { formatCents } from "~/domain/pay-format";
import { RENT_AGREEMENT_VERSION } from "~/domain/rent-agreement";
import { isLanguage } from "~/domain/rules";
import type { DashboardActionData, DashboardData } from "./types";
import { FormAlert } from "../form-messages";
import { VehicleCard } from "./vehicle-card";
import { FormKey } from "../form-key";

/**
 * Request (available), reserve (future, with its date) or swap (while riding) — one form per
 * vehicle, so it works without JS. One open request at a time.
 */
export function VehicleModal({
  data,
  actionData,
}: {
  data: DashboardData;
  actionData: DashboardActionData | undefined;
}) {
  const { t, i18n } = useTranslation("dashboard");
  const language = isLanguage(i18n.language) ? i18n.language : "sk";
  const navigation = useNavigation();
  const pending = data.requests.find((r) => r.status === "pending");
  const swap = Boolean(data.vehicle);
  const documentsExpired = data.status === "documents_expired";
  const allowed =
    !documentsExpired && (swap || data.status === "working_no_vehicle" || data.status === "vehicle_rejected");
  const error = actionData?.intent === "vehicle" ? actionData.error : undefined;
  const choices = data.vehicles;
  return (
    <UrlDialog title={swap ? t("vehicle.swapTitle") : t("vehicle.modalTitle")} closeTo="/dashboard" wide>
      <div className="form-stack">
        <FormAlert message={error} />
        {documentsExpired ? (
          <p className="alert alert-error" data-testid="vehicle-blocked">
            {t("refusals.documentsExpired")}
          </p>
        ) : pending ? (
          <p className="alert alert-info">{t("vehicle.pendingExists")}</p>
        ) : !allowed ? (
          <p className="alert alert-info">{t("vehicle.notYet")}</p>
        ) : choices.length === 0 ? (
          <p className="alert alert-info">{t("vehicle.noneAvailable")}</p>
        ) : (
          <>
            {swap && data.vehicle ? (
              <p>{t("vehicle.swapIntro", { vehicle: data.vehicle.name })}</p>
            ) : (
              <p>{t("vehicle.intro")}</p>
            )}
            {data.rentPerDayCents !== null ? (
              <>
                <p className="alert alert-info" data-testid="vehicle-rent">
                  {t("vehicle.rent", {
                    rent: formatCents(data.rentPerDayCents, language),
                    week: formatCents(data.rentPerDayCents * 7, language),
                  })}
                </p>
                <section className="card" data-testid="rent-agreement" aria-labelledby="rent-agreement-title">
                  <h3 id="rent-agreement-title">{t("vehicle.rentAgreement.title")}</h3>
                  <p id="rent-agreement-text">
                    {t("vehicle.rentAgreement.text", { rent: formatCents(data.rentPerDayCents, language) })}
                  </p>
                  <p className="field-hint">
                    {t("vehicle.rentAgreement.version", { version: RENT_AGREEMENT_VERSION })}
                  </p>
                </section>
              </>
            ) : null}
            <div className="vehicle-grid">
              {choices.map((vehicle) => {
                const future = vehicle.status === "future";
                const label = swap ? t("vehicle.swapTo") : future ? t("vehicle.reserve") : t("vehicle.request");
                const busy =
                  navigation.state === "submitting" && navigation.formData?.get("vehicleId") === String(vehicle.id);
                return (
                  <VehicleCard key={vehicle.id} vehicle={vehicle}>
                    <Form method="post" action="/dashboard/vehicle-request?modal=vehicle">
                      <input type="hidden" name="vehicleId" value={vehicle.id} />
                      <FormKey value={data.formKey} />
                      <input type="hidden" name="rentPerDayCents" value={data.rentPerDayCents ?? ""} />
                      <label className="mb-2 flex min-h-11 items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          name="rentAgreement"
                          value={RENT_AGREEMENT_VERSION}
                          required
                          className="h-5 w-5 shrink-0"
                          aria-describedby="rent-agreement-text"
                        />{" "}
                        {t("vehicle.rentAgreement.tick")}
                      </label>
                      <button
                        type="submit"
                        className={future ? "btn btn-outline btn-block" : "btn btn-primary btn-block"}
                        disabled={busy}
                      >
                        {label}
                      </button>
                    </Form>
                  </VehicleCard>
                );
              })}
            </div>
          </>
        )}
      </div>
    </UrlDialog>
  );
}
