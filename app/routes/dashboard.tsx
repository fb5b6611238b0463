import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/dashboard";
import { DashboardView } from "~/components/dashboard/dashboard-view";
import { ErrorScreen } from "~/components/error-screen";
import { jsonError } from "~/infra/http.server";
import { guardNetwork, isNetworkFailure } from "~/client/network";
import { getLocale } from "~/infra/i18n.server";
import { getSecondFactorUser, getUser, requireUser } from "~/services/session.server";
import { keepApplicationForLogin, restoreKeptApplication } from "~/services/kept-application.server";
import { applyAction, draftAction, handoverAction, handoverDisputeAction, loadDashboard, renewAction, renewDocumentAction, replyAction, reportAction, vehicleAction } from "./dashboard.server";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  // An application posted after the session ended was kept in the browser: it becomes the draft now.
  const kept = await restoreKeptApplication(request, user.id, user.status === "confirmed_account" || user.status === "job_rejected");
  const dashboard = { ...(await loadDashboard(user, new URL(request.url), getLocale(context))), applicationKept: kept.kept };
  return kept.clear ? data(dashboard, { headers: { "Set-Cookie": kept.clear } }) : dashboard;
}

/** Form posts name their purpose in the URL (`?intent=`), because multipart bodies are read only once. */
export async function action({ context, request }: Route.ActionArgs) {
  const intent = new URL(request.url).searchParams.get("intent");
  if (!getUser(context) && !getSecondFactorUser(context) && (intent === "apply" || intent === "draft")) {
    // The session ended mid-form: keep what was typed for after the log-in instead of dropping it.
    const keep = await keepApplicationForLogin(request);
    throw redirect(`/?auth=login&redirectTo=${encodeURIComponent("/dashboard")}`, keep ? { headers: { "Set-Cookie": keep } } : undefined);
  }
  const user = requireUser(context, request);
  if (intent === "apply") return applyAction(context, request, user);
  if (intent === "draft") return draftAction(request, user);
  if (intent === "vehicle") return vehicleAction(context, request, user);
  if (intent === "report") return reportAction(context, request, user);
  if (intent === "reply") return replyAction(context, request, user);
  if (intent === "renew") return await renewAction(context, user);
  if (intent === "handover") return handoverAction(context, request, user);
  if (intent === "handoverDispute") return handoverDisputeAction(context, request, user);
  if (intent === "renewDocument") return renewDocumentAction(context, request, user);
  throw jsonError(context, 400, "errors:invalidInput");
}

/** With JS, a post that never reaches the server keeps every form as it is and shows the network toast. */
export const clientAction = ({ serverAction, request }: Route.ClientActionArgs) =>
  // The typing draft is saved in the background: a failed save is retried by the next keystroke, not toasted.
  guardNetwork(serverAction, { silent: new URL(request.url).searchParams.get("intent") === "draft" });

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  return (
    <section className="container dash">
      <title>{`${t("title")} · Courier Fleet`}</title>
      <h1 className="dash-title">{t("title")}</h1>
      <DashboardView data={loaderData} actionData={isNetworkFailure(actionData) ? undefined : actionData} />
    </section>
  );
}

/** Anything the dashboard does not handle stays inside the site layout, with "Try again" and a way home. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  return <ErrorScreen status={status} />;
}
