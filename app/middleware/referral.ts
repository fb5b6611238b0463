import type { MiddlewareFunction } from "react-router";
import { countReferralOnce } from "~/services/referrals.server";

/** `?ref=CODE` on any page (spec §1): counted once per browser session and remembered in a cookie. */
export const referralMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const code = new URL(request.url).searchParams.get("ref");
  const outcome = code && request.method === "GET" ? await countReferralOnce(request, code) : null;
  const response = await next();
  if (outcome?.setCookie) response.headers.append("Set-Cookie", outcome.setCookie);
  return response;
};
