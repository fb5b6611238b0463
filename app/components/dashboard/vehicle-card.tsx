import { useTranslation } from "react-i18next";
import { formatCents } from "~/domain/pay-format";
import { HTML_LANG, isLanguage } from "~/domain/rules";
import type { VehicleView } from "./types";
import { useDates } from "./format";
import { scrollRegion } from "~/components/scroll-region";

/** A vehicle with its public images; `children` holds the actions (request, reserve, report …). */
export function VehicleCard({
  vehicle,
  children,
  showLease,
}: {
  vehicle: VehicleView;
  children?: React.ReactNode;
  showLease?: boolean;
}) {
  const { t, i18n } = useTranslation("dashboard");
  const language = isLanguage(i18n.language) ? i18n.language : "sk";
  const { date } = useDates();
  return (
    <article
      className={showLease ? "vehicle-card vehicle-card-wide" : "vehicle-card"}
      data-testid={`vehicle-${vehicle.id}`}
    >
      {vehicle.images.length > 0 ? (
        <div
          className="vehicle-images"
          // More than one photo scrolls sideways: focusable, so that a keyboard can scroll it too.
          {...(vehicle.images.length > 1 ? scrollRegion(t("vehicle.photos", { name: vehicle.name })) : {})}
        >
          {vehicle.images.map((image, index) => (
            <img
              key={image.id}
              src={`/media/${image.id}`}
              alt={index === 0 ? vehicle.name : ""}
              width={image.width ?? 320}
              height={image.height ?? 240}
              // The courier's own vehicle sits at the top of the dashboard: its first photo is what the
              // page paints largest, so it is fetched at once and early; the others wait until near view.
              loading={showLease && index === 0 ? "eager" : "lazy"}
              fetchPriority={showLease && index === 0 ? "high" : undefined}
              decoding="async"
            />
          ))}
        </div>
      ) : null}
      <div className="vehicle-body">
        <h3 className="vehicle-name">{vehicle.name}</h3>
        {vehicle.characteristics ? (
          <p className="vehicle-spec" lang={HTML_LANG[vehicle.characteristicsLang]}>
            {vehicle.characteristics}
          </p>
        ) : null}
        {vehicle.licenceCategory === "AM" ? (
          <p data-testid="vehicle-licence">
            <span className="badge">{t("common:vehicleLicence.AM")}</span>{" "}
            {showLease ? null : <span className="field-hint">{t("common:vehicleLicence.hint")}</span>}
          </p>
        ) : null}
        {vehicle.status === "future" && vehicle.availableSince ? (
          <p className="badge">{t("vehicle.availableSince", { date: date(vehicle.availableSince) })}</p>
        ) : null}
        {showLease && vehicle.leaseEndsAt ? (
          <p className="vehicle-lease">{t("vehicle.leaseEnds", { date: date(vehicle.leaseEndsAt) })}</p>
        ) : null}
        {showLease && vehicle.rentAgreement ? (
          <p className="field-hint" data-testid="lease-rent-agreement">
            {t("vehicle.rentAgreement.onLease", {
              rent: formatCents(vehicle.rentAgreement.rentPerDayCents, language),
              version: vehicle.rentAgreement.version,
              date: date(vehicle.rentAgreement.agreedAt),
            })}
          </p>
        ) : null}
        {showLease && vehicle.status === "maintenance" ? (
          <p className="alert alert-info" data-testid="vehicle-in-service">
            {t("vehicle.inService")}
          </p>
        ) : null}
        {children}
      </div>
    </article>
  );
}
