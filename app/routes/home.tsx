import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { getInstance } from "~/middleware/i18n";

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  return { title: t("home:meta.title"), description: t("home:meta.description") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "description", content: loaderData?.description }];
}

export default function Home() {
  const { t } = useTranslation("home");
  return (
    <section className="container py-10">
      <h1>{t("hero.title")}</h1>
      <p className="mt-3 max-w-prose text-muted">{t("hero.lead")}</p>
      <Link className="btn btn-primary mt-6" to="?auth=register" preventScrollReset>
        {t("hero.cta")}
      </Link>
    </section>
  );
}
