import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";

export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "404: Page Not Found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="error-page">
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.translated")}</p>
      <Link className="btn btn-primary" to="/">
        {t("notFound.back")}
      </Link>
    </section>
  );
}
