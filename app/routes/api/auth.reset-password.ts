import type { Route } from "./+types/auth.reset-password";
import { resetPasswordApiSchema } from "~/domain/auth-schemas";
import { changePassword } from "~/services/auth.server";
import { apiFailure, parseApiBody } from "~/services/auth-http.server";
import { methodNotAllowed } from "~/infra/http.server";
import { getInstance } from "~/infra/i18n.server";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, ["POST"]);
}

export async function action({ context, request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(context, ["POST"]);
  const body = await parseApiBody(context, request, resetPasswordApiSchema);
  if (!body.ok) return body.response;
  const result = await changePassword(body.value.token, body.value.password);
  if (!result.ok) return apiFailure(context, result);
  return Response.json({ message: getInstance(context).t(result.message) });
}
