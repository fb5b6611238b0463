import type { Route } from "./+types/referrals.track";
import { requestInfoContext } from "~/infra/context";
import { jsonError, methodNotAllowed } from "~/infra/http.server";
import { limit } from "~/services/auth.server";
import { apiFailure } from "~/services/auth-http.server";
import { countReferralOnce } from "~/services/referral.server";

/**
 * `GET /api/referrals/track/{code}` → 204 and one click counted (once per address, code and day);
 * 404 for an unknown code; 429 with Retry-After past the per-address limit (docs/api.md).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const ip = context.get(requestInfoContext).ip;
  const limited = await limit("referralTrack", ip);
  if (limited) return apiFailure(context, limited);
  const { found, setCookie } = await countReferralOnce(request, params.code, ip);
  if (!found) return jsonError(context, 404, "errors:notFound");
  return new Response(null, { status: 204, headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowed(context, ["GET"]);
}
