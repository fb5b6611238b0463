import type { Route } from "./+types/auth.forgot-password";
import { emailOnlySchema } from "~/domain/auth-schemas";
import { forgotPassword } from "~/services/auth.server";
import { apiFailure, parseApiBody } from "~/services/auth-http.server";
import { requestInfoContext } from "~/infra/context";
import { methodNotAllowed } from "~/infra/http.server";
import { getInstance } from "~/infra/i18n.server";

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
