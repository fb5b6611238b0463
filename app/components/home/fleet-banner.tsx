import { useTranslation } from "react-i18next";
import type { FleetItem } from "~/domain/content";

export type { FleetItem };

/** Widths rendered by scripts/fleet-images.ts. */
const WIDTHS = [320, 480, 640, 800];
const srcSet = (image: string, format: "avif" | "webp") =>
  WIDTHS.map((w) => `/images/fleet/${image}-${w}.${format} ${w}w`).join(", ");
const SIZES = "(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, calc(100vw - 2rem)";

export function FleetBanner({ fleet }: { fleet: FleetItem[] }) {
  const { t } = useTranslation("home");
  if (fleet.length === 0) return null;
  return (
    <section id="fleet" className="home-section home-fleet" aria-labelledby="fleet-title">
      <div className="container">
        <h2 id="fleet-title">{t("fleet.title")}</h2>
        <p className="home-section-lead">{t("fleet.lead")}</p>
        <ul className="home-fleet-grid">
          {fleet.map((model) => (
            <li key={model.id} className="home-fleet-card">
              {model.imageId ? (
                <img
                  src={`/media/${model.imageId}`}
                  width={800}
                  height={600}
                  loading="lazy"
                  decoding="async"
                  alt={t("fleet.imageAlt", { name: model.title })}
                />
              ) : model.image ? (
                <picture>
                  <source type="image/avif" srcSet={srcSet(model.image, "avif")} sizes={SIZES} />
                  <source type="image/webp" srcSet={srcSet(model.image, "webp")} sizes={SIZES} />
                  <img
                    src={`/images/fleet/${model.image}-640.webp`}
                    width={800}
                    height={600}
                    loading="lazy"
                    decoding="async"
                    alt={t("fleet.imageAlt", { name: model.title })}
                  />
                </picture>
              ) : null}
              <div className="home-fleet-text">
                <h3>{model.title}</h3>
                <p>{model.spec}</p>
                {model.licenceCategory === "AM" ? (
                  <p className="home-fleet-licence" title={t("fleet.licenceHint")}>
                    {t("fleet.licenceAM")}
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
