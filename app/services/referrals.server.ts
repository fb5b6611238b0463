import { isbot } from "isbot";
import { readReferralCookie, referralCookieHeader } from "~/infra/cookies.server";
import { findReferralLinkByCode, recordReferralClick } from "~/models/tracking.server";

/**
 * Counts the click unless this session already counted this code. Returns the Set-Cookie value to
 * send, or null when nothing changed; `found` is false for an unknown code.
 */
export async function countReferralOnce(request: Request, code: string): Promise<{ found: boolean; setCookie: string | null }> {
  const link = await findReferralLinkByCode(code);
  if (!link) return { found: false, setCookie: null };
  // Crawlers following shared links are not visitors.
  if (readReferralCookie(request) === link.code || isbot(request.headers.get("User-Agent") ?? "")) return { found: true, setCookie: null };
  await recordReferralClick(link.id);
  return { found: true, setCookie: referralCookieHeader(link.code) };
}
