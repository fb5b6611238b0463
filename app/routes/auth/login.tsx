import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/login";
import { AuthDialog } from "~/components/auth-dialog";
import { loginSchema } from "~/domain/auth-schemas";
import { login } from "~/lib/auth.server";
import { formFailure, formInvalid } from "~/lib/auth-http.server";
import { requestInfoContext } from "~/lib/context";

/** Nothing to show on GET: the dialog lives on the home page (and any other page). */
export function loader({ request }: Route.LoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  throw redirect(`/?auth=login${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`);
}

export async function action({ context, request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") return formInvalid(submission);
  const result = await login(submission.value, { ip: context.get(requestInfoContext).ip, request });
  if (!result.ok) return formFailure(context, submission, result, { resendEmail: result.canResendActivation ? submission.value.email : null });
  throw redirect(result.redirectTo, { headers: { "Set-Cookie": result.setCookie } });
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function LoginScreen({ actionData }: Route.ComponentProps) {
  return <AuthDialog forcedView="login" serverResult={actionData} redirectTo={actionData?.reply?.initialValue?.redirectTo as string | undefined} />;
}
