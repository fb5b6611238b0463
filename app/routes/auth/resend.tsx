import { useTranslation } from "react-i18next";
import type { Route } from "./+types/resend";
import { EmailOnlyForm } from "~/components/auth/forgot-form";
import { resendActivation } from "~/services/auth.server";
import { emailOnlyFormAction, formActionHeaders } from "~/services/auth-http.server";
import { getInstance } from "~/infra/i18n.server";
import { guardNetwork, isNetworkFailure } from "~/client/network";

export function loader({ context }: Route.LoaderArgs) {
  return { title: getInstance(context).t("auth:resend.title") };
}

export const action = emailOnlyFormAction(resendActivation);

/** With JS the form posts through a fetcher: a dropped connection keeps the form and shows the network toast. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardNetwork(serverAction);

/** A 429 carries Retry-After to the browser too. */
export const headers = formActionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

/** A page of its own: reached from an expired activation link or the login dialog without JS. */
export default function ResendScreen({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>{t("resend.title")}</h1>
        <EmailOnlyForm kind="resend" serverResult={isNetworkFailure(actionData) ? undefined : actionData} />
      </div>
    </section>
  );
}
