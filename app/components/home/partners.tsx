import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useJoinLink } from "~/components/site-header";

import type { PartnerItem } from "~/domain/content";

export type { PartnerItem };

export function Partners({ partners }: { partners: PartnerItem[] }) {
  const { t } = useTranslation("home");
  const joinLink = useJoinLink();
  return (
    <>
      {partners.length > 0 ? (
        <section id="partners" className="home-section" aria-labelledby="partners-title">
          <div className="container">
            <h2 id="partners-title">{t("partners.title")}</h2>
            <p className="home-section-lead">{t("partners.lead")}</p>
            <ul className="home-partners">
              {partners.map((partner) => {
                const mark = partner.logo ? (
                  <img src={partner.logo} alt={partner.name} width={140} height={40} loading="lazy" decoding="async" />
                ) : (
                  <span>{partner.name}</span>
                );
                return (
                  <li key={partner.id}>
                    {partner.url ? (
                      <a href={partner.url} rel="noopener noreferrer" target="_blank">
                        {mark}
                      </a>
                    ) : (
                      mark
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        </section>
      ) : null}
      <section className="home-section" aria-labelledby="join-title">
        <div className="container">
          <div className="home-join">
            <h2 id="join-title">{t("join.title")}</h2>
            <p>{t("join.text")}</p>
            <Link className="btn btn-primary btn-lg" {...joinLink}>
              {t("join.cta")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
