import { useTranslation } from "react-i18next";
import { DAMAGE_PARTS, type DamageLevel, type DamagePart } from "~/domain/damage-parts";
import type { NewDamage } from "~/domain/handover";

export type HandoverFacts = {
  batteryPercent: number | null;
  odometerKm: number | null;
  damages: Partial<Record<DamagePart, DamageLevel>>;
  newDamages: NewDamage[];
  note: string | null;
  photos: { id: number; width: number | null; height: number | null }[];
  kind: "check_out" | "check_in";
  /** The driving licence the admin saw at the check-out of a moped. */
  licenceSeen?: { category: string; last4: string } | null;
};

/**
 * What a recorded handover says, the same for the admin and the courier: battery, odometer, the
 * damaged parts, the new damage a check-in found (flagged) and the photos (private files).
 */
export function HandoverDetails({ handover }: { handover: HandoverFacts }) {
  const { t } = useTranslation("common");
  const damaged = DAMAGE_PARTS.filter((part) => handover.damages[part] && handover.damages[part] !== "none");
  return (
    <div className="handover-details">
      <p className="handover-figures">
        <span>{t("handover.battery", { value: handover.batteryPercent ?? "—" })}</span>
        <span>{t("handover.odometer", { value: handover.odometerKm ?? "—" })}</span>
      </p>
      {handover.kind === "check_in" ? (
        handover.newDamages.length > 0 ? (
          <div className="alert alert-error" data-testid="new-damage">
            <strong>{t("handover.newDamage")}</strong>
            <ul>
              {handover.newDamages.map((d) => (
                <li key={d.part}>
                  {t("handover.newDamageLine", {
                    part: t(`handover.part.${d.part}`),
                    before: t(`handover.level.${d.before}`),
                    after: t(`handover.level.${d.after}`),
                  })}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="field-hint">{t("handover.noNewDamage")}</p>
        )
      ) : null}
      <p>
        <strong>{t("handover.damages")}: </strong>
        {damaged.length === 0
          ? t("handover.noDamage")
          : damaged
              .map((part) => `${t(`handover.part.${part}`)} — ${t(`handover.level.${handover.damages[part]}`)}`)
              .join(", ")}
      </p>
      {handover.licenceSeen ? (
        <p data-testid="handover-licence-seen">
          {t("handover.licenceSeen", { category: handover.licenceSeen.category, last4: handover.licenceSeen.last4 })}
        </p>
      ) : null}
      {handover.note ? <p>{t("handover.note", { note: handover.note })}</p> : null}
      {handover.photos.length > 0 ? (
        <ul className="handover-photos">
          {handover.photos.map((photo, index) => (
            <li key={photo.id}>
              <a href={`/files/${photo.id}`} target="_blank" rel="noreferrer">
                <img
                  src={`/files/${photo.id}`}
                  alt={t("handover.photoAlt", { n: index + 1 })}
                  width={photo.width ?? 160}
                  height={photo.height ?? 120}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
