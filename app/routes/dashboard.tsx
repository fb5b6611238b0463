import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/dashboard";
import { DashboardView } from "~/components/dashboard/dashboard-view";
import { ErrorScreen } from "~/components/error-screen";
import { isNetworkError, isNetworkFailure } from "~/client/network";
import { getLocale } from "~/infra/i18n.server";
import { requireUser } from "~/services/session.server";
import { restoreKeptApplication } from "~/services/kept-application.server";
import { loadDashboard } from "./dashboard.server";

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  // An application posted after the session ended was kept in the browser: it becomes the draft now.
  const kept = await restoreKeptApplication(
    request,
    user.id,
    user.status === "confirmed_account" || user.status === "job_rejected",
  );
  const dashboard = {
    ...(await loadDashboard(user, new URL(request.url), getLocale(context))),
    applicationKept: kept.kept,
  };
  return kept.clear ? data(dashboard, { headers: { "Set-Cookie": kept.clear } }) : dashboard;
}

/** The forms' old addresses (`/dashboard?intent=…`) and the routes that took them over. */
const MOVED_FORMS: Record<string, string> = {
  apply: "apply",
  draft: "draft",
  vehicle: "vehicle-request",
  report: "report",
  reply: "reply",
  renew: "lease-renewal",
  handover: "handover",
  handoverDispute: "handover-dispute",
  renewDocument: "document-renewal",
};

/**
 * Each form posts to its own route under routes/dashboard/, which renders this page on a refusal.
 * A page opened before the forms moved still posts here: 307 sends the same post, body and files
 * included, to the form's route (the browser repeats it; so does the router with JavaScript).
 */
export function action({ request }: Route.ActionArgs) {
  const url = new URL(request.url);
  const to = MOVED_FORMS[url.searchParams.get("intent") ?? ""];
  if (!to) throw data(null, { status: 405 });
  url.searchParams.delete("intent");
  return redirect(`/dashboard/${to}${url.search}`, 307);
}

type Manifest = { routes: Record<string, { module: string; clientActionModule?: string }> };

/**
 * The forms post to their own routes, whose (small) modules the router loads at the first submit.
 * They are loaded with the page instead, so a submit made offline reaches the network guard (toast,
 * nothing lost) rather than failing to fetch its route's module.
 */
function usePreloadedFormRoutes() {
  useEffect(() => {
    const manifest = (window as { __reactRouterManifest?: Manifest }).__reactRouterManifest;
    for (const [id, route] of Object.entries(manifest?.routes ?? {})) {
      if (!id.startsWith("routes/dashboard/")) continue;
      for (const url of [route.module, route.clientActionModule])
        if (url) void import(/* @vite-ignore */ url).catch(() => undefined);
    }
  }, []);
}

/** The dashboard as this browser last showed it (client only). */
let shown: Route.ComponentProps["loaderData"] | null = null;

/**
 * The page data of a form route (`clientLoader` of routes/dashboard/*): the server's; offline, after
 * a submit the network guard stopped, the dashboard as last shown, so the forms stay as they were.
 */
export async function dashboardOrAsShown({ serverLoader }: { serverLoader: () => Promise<unknown> }) {
  try {
    return await serverLoader();
  } catch (error) {
    if (isNetworkError(error) && shown) return shown;
    throw error;
  }
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("dashboard");
  usePreloadedFormRoutes();
  useEffect(() => {
    shown = loaderData;
  }, [loaderData]);
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
