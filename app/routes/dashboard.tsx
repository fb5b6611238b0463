import { useTranslation } from "react-i18next";
import type { Route } from "./+types/dashboard";
import { DashboardView } from "~/components/dashboard/dashboard-view";
import { jsonError } from "~/lib/http.server";
import { getLocale } from "~/middleware/i18n";
import { requireUser } from "~/lib/session.server";
import { applyAction, loadDashboard, replyAction, reportAction, vehicleAction } from "./dashboard.server";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return loadDashboard(user, new URL(request.url), getLocale(context));
}

/** Form posts name their purpose in the URL (`?intent=`), because multipart bodies are read only once. */
export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const intent = new URL(request.url).searchParams.get("intent");
  if (intent === "apply") return applyAction(context, request, user);
  if (intent === "vehicle") return vehicleAction(context, request, user);
  if (intent === "report") return reportAction(context, request, user);
  if (intent === "reply") return replyAction(context, request, user);
  throw jsonError(context, 400, "errors:invalidInput");
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  return (
    <section className="container dash">
      <title>{`${t("title")} · Courier Fleet`}</title>
      <h1 className="dash-title">{t("title")}</h1>
      <DashboardView data={loaderData} actionData={actionData} />
    </section>
  );
}
