import { createCookie, type Cookie } from "react-router";
import { DEVICE_REMEMBER_DAYS, SESSION_ABSOLUTE_DAYS } from "~/domain/rules";
import { config, isProduction } from "./config.server";

/**
 * Every cookie of the site, in one place: the signed session and device cookies, the language
 * cookie, the referral code, and the reader for cookies read by hand (the referral code, the page
 * cache's check). A browser sends whatever it
 * was given, and a client may send anything: a value that is not valid percent-encoding (`%ZZ`)
 * is read as absent instead of throwing a URIError into the request.
 */
export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    const name = (at < 0 ? part : part.slice(0, at)).trim();
    if (!name || cookies.has(name)) continue;
    let value = at < 0 ? "" : part.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    const decoded = safeDecode(value);
    if (decoded !== null) cookies.set(name, decoded);
  }
  return cookies;
}

/** One cookie's decoded value; null when missing or not decodable. */
export function readCookie(request: Request, name: string): string | null {
  return parseCookies(request.headers.get("Cookie")).get(name) ?? null;
}

function safeDecode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/**
 * The name of an auth cookie: in production `__Host-<name>`, which a browser accepts only when Secure,
 * for Path=/ and without Domain, so no sibling subdomain or plain-HTTP page can plant or shadow it.
 * (The `lng` and `cf_ref` cookies keep their names: outside clients read `lng` (docs/api.md), and neither is a credential.)
 */
export function authCookieName(name: string, production: boolean) {
  return production ? `__Host-${name}` : name;
}

/** HttpOnly, SameSite=Lax, signed with SESSION_SECRET; Secure in production (docs/security.md). */
function signedCookie(name: string, maxAgeDays: number, production: boolean) {
  return createCookie(name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: production,
    secrets: [config().sessionSecret],
    maxAge: maxAgeDays * 24 * 60 * 60,
  });
}

/**
 * A signed auth cookie under its current name that, for one transition, still reads the name it had
 * before the `__Host-` prefix, so sessions and remembered devices from before the change keep working
 * until they end; it is always written (and cleared) under the current name.
 */
export function authCookie(name: string, maxAgeDays: number, production = config().production): Cookie {
  const current = signedCookie(authCookieName(name, production), maxAgeDays, production);
  if (!production) return current;
  const legacy = signedCookie(name, maxAgeDays, production);
  return {
    name: current.name,
    isSigned: current.isSigned,
    expires: current.expires,
    serialize: (value, options) => current.serialize(value, options),
    parse: async (header, options) => (await current.parse(header, options)) ?? (await legacy.parse(header, options)),
  };
}

export const SESSION_COOKIE = "cf_session";
/** The names a session cookie may arrive under (the prefixed one first). */
export const SESSION_COOKIE_NAMES = [authCookieName(SESSION_COOKIE, true), SESSION_COOKIE];
let session: Cookie | undefined;

export function sessionCookie() {
  session ??= authCookie(SESSION_COOKIE, SESSION_ABSOLUTE_DAYS);
  return session;
}

let device: Cookie | undefined;

/** A random id per browser, kept for the longest time browsers allow, signed like the session. */
export function deviceCookie() {
  device ??= authCookie("cf_device", DEVICE_REMEMBER_DAYS);
  return device;
}

/** The chosen language, for a year (docs/api.md, "Languages"); its value is base64-encoded JSON. */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  maxAge: 365 * 24 * 60 * 60,
  secure: isProduction,
});

/**
 * `?ref=CODE` on any page: remembered for the browser session in the `cf_ref` cookie so
 * that registration without JavaScript knows who referred the visitor, and counted once per session.
 */
const REFERRAL_COOKIE = "cf_ref";

/** The referral code remembered for this browser session, if any (registration reads it). */
export function readReferralCookie(request: Request): string | null {
  return readCookie(request, REFERRAL_COOKIE)?.slice(0, 100) || null;
}

/** A session cookie (no Max-Age): it ends with the browser session, like `sessionStorage`. */
export function referralCookieHeader(code: string) {
  const secure = config().production ? "; Secure" : "";
  return `${REFERRAL_COOKIE}=${encodeURIComponent(code)}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

let kept: Cookie | undefined;

/**
 * The text of a job application posted after the session ended (signed, a day at most): kept in the
 * browser that typed it, not on the server for nobody, and moved into the courier's draft at log-in.
 */
export function keptApplicationCookie() {
  kept ??= signedCookie(authCookieName("cf_kept", config().production), 1, config().production);
  return kept;
}
