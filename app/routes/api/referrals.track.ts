import type { Route } from "./+types/referrals.track";
import { jsonError, methodNotAllowed } from "~/infra/http.server";
import { countReferralOnce } from "~/services/referrals.server";

/** `GET /api/referrals/track/{code}` → 204 and one click counted; 404 for an unknown code (CONTRACT §4). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { found, setCookie } = await countReferralOnce(request, params.code);
  if (!found) return jsonError(context, 404, "errors:notFound");
  return new Response(null, { status: 204, headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowed(context, ["GET"]);
}
