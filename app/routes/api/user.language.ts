import type { Route } from "./+types/user.language";
import { languageBodySchema } from "~/domain/auth-schemas";
import { parseApiBody } from "~/services/auth-http.server";
import { methodNotAllowed } from "~/infra/http.server";
import { requireUser } from "~/services/session.server";
import { localeCookie } from "~/infra/cookies.server";
import { saveUserLanguage } from "~/models/users.server";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, ["PUT"]);
}

/** Saves the language on the user and sets the `lng` cookie, like the switcher (docs/api.md). */
export async function action({ context, request }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(context, ["PUT"]);
  const user = requireUser(context, request);
  const body = await parseApiBody(context, request, languageBodySchema);
  if (!body.ok) return body.response;
  await saveUserLanguage(user.id, body.value.language);
  return new Response(null, {
    status: 204,
    headers: { "Set-Cookie": await localeCookie.serialize(body.value.language) },
  });
}
