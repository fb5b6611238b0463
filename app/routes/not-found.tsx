import type { Route } from "./+types/not-found";
import { ErrorScreen } from "~/components/error-screen";
import { getInstance } from "~/infra/i18n.server";
import { data } from "react-router";

/** Any unknown path: a 404 inside the site layout, in the request's language (title included). */
export function loader({ context }: Route.LoaderArgs) {
  return data({ title: getInstance(context).t("notFound.title") }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "404" },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return <ErrorScreen status={404} />;
}
