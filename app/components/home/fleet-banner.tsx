import { useTranslation } from "react-i18next";

export type FleetItem = { id: number; title: string; spec: string; image: string };

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
              <div className="home-fleet-text">
                <h3>{model.title}</h3>
                <p>{model.spec}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
