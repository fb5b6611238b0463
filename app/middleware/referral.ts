import { isbot } from "isbot";
import type { MiddlewareFunction } from "react-router";
import { config } from "~/lib/config.server";
import { readCookie } from "~/lib/cookies.server";
import { findReferralLinkByCode, recordReferralClick } from "~/models/tracking.server";

/**
 * `?ref=CODE` on any page (spec §1): remembered for the browser session in the `cf_ref` cookie so
 * that registration without JavaScript knows who referred the visitor, and counted once per session.
 */
export const REFERRAL_COOKIE = "cf_ref";

/** The referral code remembered for this browser session, if any (registration reads it). */
export function readReferralCookie(request: Request): string | null {
  return readCookie(request, REFERRAL_COOKIE)?.slice(0, 100) || null;
}

/** A session cookie (no Max-Age): it ends with the browser session, like `sessionStorage`. */
export function referralCookieHeader(code: string) {
  const secure = config().production ? "; Secure" : "";
  return `${REFERRAL_COOKIE}=${encodeURIComponent(code)}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/**
 * Counts the click unless this session already counted this code. Returns the Set-Cookie value to
 * send, or null when nothing changed; `found` is false for an unknown code.
 */
export function countReferralOnce(request: Request, code: string): { found: boolean; setCookie: string | null } {
  const link = findReferralLinkByCode(code);
  if (!link) return { found: false, setCookie: null };
  // Crawlers following shared links are not visitors.
  if (readReferralCookie(request) === link.code || isbot(request.headers.get("User-Agent") ?? "")) return { found: true, setCookie: null };
  recordReferralClick(link.id);
  return { found: true, setCookie: referralCookieHeader(link.code) };
}

export const referralMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const code = new URL(request.url).searchParams.get("ref");
  const outcome = code && request.method === "GET" ? countReferralOnce(request, code) : null;
  const response = await next();
  if (outcome?.setCookie) response.headers.append("Set-Cookie", outcome.setCookie);
  return response;
};
