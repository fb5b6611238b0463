import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/activate";
import { EmailOnlyForm } from "~/components/auth/forgot-form";
import { FormAlert } from "~/components/form-messages";
import { activate } from "~/services/auth.server";
import { getInstance } from "~/infra/i18n.server";
import { requestInfoContext } from "~/infra/context";
import { redirectWithToast } from "./toast.server";

/**
 * Opening the link from the e-mail activates the account once; later visits say it was used. A fresh
 * link also logs the courier in and opens the dashboard (docs/security.md, "Activation").
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const result = await activate(params.token, { ip: context.get(requestInfoContext).ip, request });
  if (result.state === "activated" && result.setCookies) {
    const response = redirectWithToast(context, "/dashboard", "auth:activate.loggedIn");
    for (const cookie of result.setCookies) response.headers.append("Set-Cookie", cookie);
    throw response;
  }
  return { state: result.state, title: getInstance(context).t("auth:activate.title") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function ActivateScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { state } = loaderData;
  const message = {
    activated: t("activate.success"),
    used: t("activate.used"),
    expired: t("activate.expired"),
    unknown: t("activate.invalid"),
  }[state];
  const good = state === "activated" || state === "used";
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>{t("activate.title")}</h1>
        {good ? <output className="alert alert-success block">{message}</output> : <FormAlert message={message} />}
        {good ? (
          <Link className="btn btn-primary btn-block" to="/?auth=login">
            {t("activate.login")}
          </Link>
        ) : (
          <EmailOnlyForm kind="resend" />
        )}
      </div>
    </section>
  );
}
