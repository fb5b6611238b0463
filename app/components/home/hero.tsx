import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useJoinLink } from "~/components/site-header";
import { BoxIcon, CheckIcon, PhoneIcon, ScooterIcon } from "./icons";
import { ParticleCanvas } from "./particle-canvas";

const OFFER = [
  ["account", PhoneIcon],
  ["scooter", ScooterIcon],
  ["equipment", BoxIcon],
] as const;

/** `rent`: the scooter's rent per day in force, formatted: the offer says what the scooter costs. */
export function Hero({ rent }: { rent: string }) {
  const { t } = useTranslation("home");
  const joinLink = useJoinLink();
  return (
    <section className="home-hero" aria-labelledby="hero-title">
      <ParticleCanvas />
      <div className="container home-hero-inner">
        <div className="home-hero-copy">
          <p className="home-eyebrow">{t("hero.eyebrow")}</p>
          <h1 id="hero-title">{t("hero.title")}</h1>
          <p className="home-lead">{t("hero.lead")}</p>
          <div className="home-hero-actions">
            <Link className="btn btn-primary btn-lg" {...joinLink}>
              {t("hero.cta")}
            </Link>
            <a className="btn btn-outline btn-lg" href="#income">
              {t("hero.secondary")}
            </a>
          </div>
          <ul className="home-facts">
            {(["processing", "payouts", "age"] as const).map((fact) => (
              <li key={fact}>
                <CheckIcon />
                {t(`hero.facts.${fact}`)}
              </li>
            ))}
          </ul>
        </div>
        <ul className="home-offer" aria-label={t("hero.offerLabel")}>
          {OFFER.map(([key, Icon]) => (
            <li key={key} className="home-offer-item">
              <span className="home-offer-icon">
                <Icon />
              </span>
              <span>
                <strong>{t(`hero.offer.${key}.title`)}</strong>
                <span>{t(`hero.offer.${key}.text`, { rent })}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
