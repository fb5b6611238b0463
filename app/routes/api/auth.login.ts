import type { Route } from "./+types/auth.login";
import { loginSchema } from "~/domain/auth-schemas";
import { login } from "~/services/auth.server";
import { apiFailure, parseApiBody } from "~/services/auth-http.server";
import { requestInfoContext } from "~/infra/context";
import { methodNotAllowed } from "~/infra/http.server";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, ["POST"]);
}

export async function action({ context, request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(context, ["POST"]);
  const body = await parseApiBody(context, request, loginSchema);
  if (!body.ok) return body.response;
  const result = await login(body.value, { ip: context.get(requestInfoContext).ip, request, door: "api" });
  if (!result.ok) return apiFailure(context, result);
  const { email, role, createdAt } = result.user;
  const headers = new Headers();
  for (const cookie of result.setCookies) headers.append("Set-Cookie", cookie);
  return Response.json({ email, role, registeredAt: createdAt.toISOString() }, { headers });
}
