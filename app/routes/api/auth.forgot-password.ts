import type { Route } from "./+types/auth.forgot-password";
import { emailOnlySchema } from "~/domain/auth-schemas";
import { forgotPassword } from "~/lib/auth.server";
import { apiFailure, parseApiBody } from "~/lib/auth-http.server";
import { requestInfoContext } from "~/lib/context";
import { methodNotAllowed } from "~/lib/http.server";
import { getInstance } from "~/middleware/i18n";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, ["POST"]);
}

export async function action({ context, request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(context, ["POST"]);
  const body = await parseApiBody(context, request, emailOnlySchema);
  if (!body.ok) return body.response;
  const result = forgotPassword(body.value, { ip: context.get(requestInfoContext).ip });
  if (!result.ok) return apiFailure(context, result);
  return Response.json({ message: getInstance(context).t(result.message) });
}
