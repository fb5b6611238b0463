import type { MiddlewareFunction } from "react-router";
import { requestInfoContext } from "~/infra/context";
import { countReferralOnce } from "~/services/referral.server";

/**
 * `?ref=CODE` on any page: counted once per browser session and per address and day, and
 * remembered in a cookie. The page itself is never refused, so no rate limit here.
 */
export const referralMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const code = new URL(request.url).searchParams.get("ref");
  const outcome =
    code && request.method === "GET"
      ? await countReferralOnce(request, code, context.get(requestInfoContext).ip)
      : null;
  const response = await next();
  if (outcome?.setCookie) response.headers.append("Set-Cookie", outcome.setCookie);
  return response;
};
