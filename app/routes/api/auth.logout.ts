import type { Route } from "./+types/auth.logout";
import { methodNotAllowed } from "~/infra/http.server";
import { endSession } from "~/services/session.server";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, ["POST"]);
}

/** 204 whether or not someone was logged in: logging out twice is not an error. */
export async function action({ context, request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(context, ["POST"]);
  return new Response(null, { status: 204, headers: { "Set-Cookie": await endSession(request) } });
}
