import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/login";
import { AuthDialog } from "~/components/auth-dialog";
import { loginSchema } from "~/domain/auth-schemas";
import { login } from "~/services/auth.server";
import { formActionHeaders, formFailure, formInvalid } from "~/services/auth-http.server";
import { fallbackForForm } from "~/services/captcha.server";
import { requestInfoContext } from "~/infra/context";
import { readFormData } from "~/infra/http.server";
import { guardNetwork, isNetworkFailure } from "~/client/network";

/**
 * A GET shows the dialog on a page of its own (the header links open it on the current page
 * instead). It also runs after a no-JS post, so it must not redirect.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { fallback: fallbackForForm(context) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(context, request), { schema: loginSchema });
  if (submission.status !== "success") return formInvalid(context, submission);
  const result = await login(submission.value, { ip: context.get(requestInfoContext).ip, request, door: "form" });
  if (!result.ok)
    return formFailure(context, submission, result, {
      resendEmail: result.canResendActivation ? submission.value.email : null,
    });
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  throw redirect(result.redirectTo, { headers });
}

/** With JS the dialog posts through a fetcher: a dropped connection keeps the form and shows the network toast. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardNetwork(serverAction);

/** A 429 carries Retry-After to the browser too. */
export const headers = formActionHeaders;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function LoginScreen({ loaderData, actionData }: Route.ComponentProps) {
  const posted = isNetworkFailure(actionData) ? undefined : actionData;
  return (
    <AuthDialog
      forcedView="login"
      serverResult={posted ?? loaderData}
      redirectTo={posted?.reply?.initialValue?.redirectTo as string | undefined}
    />
  );
}
