import { isbot } from "isbot";
import { config } from "~/infra/config.server";
import { readReferralCookie, referralCookieHeader } from "~/infra/cookies.server";
import { sha256 } from "~/infra/crypto.server";
import { findReferralLinkByCode, recordReferralClick, trafficDay } from "~/models/tracking.server";

/**
 * Who a click came from, as stored: the address and the day under the server's secret, so the
 * table holds no address, and the few billion IPv4 addresses cannot be hashed through to find one.
 */
export function referralVisitorHash(ip: string, day: string) {
  return sha256(`referral-visitor:${day}:${ip}:${config().sessionSecret}`);
}

/**
 * Counts the click unless this browser (its cookie) or this address already counted this code
 * today. Returns the Set-Cookie value to send, or null when nothing changed; `found` is false for
 * an unknown code. The rate limit runs before, in the route.
 */
export async function countReferralOnce(
  request: Request,
  code: string,
  ip: string,
  now = new Date(),
): Promise<{ found: boolean; setCookie: string | null }> {
  const link = await findReferralLinkByCode(code);
  if (!link) return { found: false, setCookie: null };
  // Crawlers following shared links are not visitors.
  if (readReferralCookie(request) === link.code || isbot(request.headers.get("User-Agent") ?? ""))
    return { found: true, setCookie: null };
  await recordReferralClick(link.id, referralVisitorHash(ip, trafficDay(now)), now);
  return { found: true, setCookie: referralCookieHeader(link.code) };
}
