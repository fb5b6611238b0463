import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/register";
import { AuthDialog } from "~/components/auth-dialog";
import type { AuthFormResult } from "~/domain/auth-forms";
import { registerSchema } from "~/domain/auth-schemas";
import type { Language } from "~/domain/rules";
import { register } from "~/services/auth.server";
import { formActionHeaders, formFailure, formInvalid } from "~/services/auth-http.server";
import { fallbackForForm } from "~/services/captcha.server";
import { requestInfoContext } from "~/infra/context";
import { getInstance, getLocale } from "~/infra/i18n.server";
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
  const submission = parseWithZod(await readFormData(context, request), { schema: registerSchema });
  if (submission.status !== "success") return formInvalid(context, submission);
  const result = await register(submission.value, {
    ip: context.get(requestInfoContext).ip,
    request,
    door: "form",
    language: getLocale(context) as Language,
  });
  if (!result.ok) return formFailure(context, submission, result);
  return data({ message: getInstance(context).t(result.message) } as AuthFormResult, { status: 201 });
}

/** With JS the dialog posts through a fetcher: a dropped connection keeps the form and shows the network toast. */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardNetwork(serverAction);

/** A 429 carries Retry-After to the browser too. */
export const headers = formActionHeaders;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function RegisterScreen({ loaderData, actionData }: Route.ComponentProps) {
  const posted = isNetworkFailure(actionData) ? undefined : actionData;
  return <AuthDialog forcedView="register" serverResult={posted ?? loaderData} />;
}
