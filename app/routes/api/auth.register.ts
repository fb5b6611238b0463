import type { Route } from "./+types/auth.register";
import { registerSchema } from "~/domain/auth-schemas";
import type { Language } from "~/domain/rules";
import { register } from "~/services/auth.server";
import { apiFailure, parseApiBody } from "~/services/auth-http.server";
import { requestInfoContext } from "~/infra/context";
import { methodNotAllowed } from "~/infra/http.server";
import { getInstance, getLocale } from "~/infra/i18n.server";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, ["POST"]);
}

export async function action({ context, request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(context, ["POST"]);
  const body = await parseApiBody(context, request, registerSchema);
  if (!body.ok) return body.response;
  const result = await register(body.value, {
    ip: context.get(requestInfoContext).ip,
    request,
    language: getLocale(context) as Language,
  });
  if (!result.ok) return apiFailure(context, result);
  return Response.json({ message: getInstance(context).t(result.message) }, { status: 201 });
}
