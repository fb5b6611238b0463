import type { Route } from "./+types/forgot";
import { AuthDialog } from "~/components/auth-dialog";
import { forgotPassword } from "~/services/auth.server";
import { emailOnlyFormAction, formActionHeaders } from "~/services/auth-http.server";
import { fallbackForForm } from "~/services/captcha.server";
import { guardNetwork, isNetworkFailure } from "~/client/network";

/**
 * A GET shows the dialog on a page of its own (the header links open it on the current page
 * instead). It also runs after a no-JS post, so it must not redirect.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { fallback: fallbackForForm(context) };
}

export const action = emailOnlyFormAction(forgotPassword);

/** With JS the dialog posts through a fetcher: a dropped connection keeps the form and shows the network toast. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardNetwork(serverAction);

/** A 429 carries Retry-After to the browser too. */
export const headers = formActionHeaders;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function ForgotScreen({ loaderData, actionData }: Route.ComponentProps) {
  const posted = isNetworkFailure(actionData) ? undefined : actionData;
  return <AuthDialog forcedView="forgot" serverResult={posted ?? loaderData} />;
}
