import { data, redirect, type RouterContextProvider } from "react-router";
import { getInstance } from "~/infra/i18n.server";
import { sessionContext } from "~/infra/context";
import { createSession, destroySession, logOutSession } from "~/models/sessions.server";
import type { SessionUser } from "~/domain/user";
import { sessionCookie } from "~/infra/cookies.server";
import { jsonError } from "~/infra/http.server";

const MAX_REMEMBERED_HEADERS = 5_000;
const sessionIds = new Map<string, string | null>();

/**
 * The session id of a request's signed cookie. Checking the signature (HMAC through WebCrypto) was a
 * visible part of every logged-in request; a browser sends the same Cookie header again and again,
 * and the answer depends on that header and the secret alone, so it is remembered per header.
 */
export async function readSessionId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const known = sessionIds.get(header);
  if (known !== undefined) return known;
  const value: unknown = await sessionCookie().parse(header);
  const id = typeof value === "string" && value.length > 0 ? value : null;
  if (sessionIds.size >= MAX_REMEMBERED_HEADERS) sessionIds.clear();
  sessionIds.set(header, id);
  return id;
}

/**
 * Starts a fresh session (a new id every log-in, and again once the second factor is given) and
 * returns its Set-Cookie header. A pending session opens only the second-factor page.
 */
export async function startSession(
  userId: number,
  request: Request,
  ip: string,
  options: { secondFactorPending?: boolean } = {},
) {
  const previous = await readSessionId(request);
  if (previous) await destroySession(previous);
  const id = await createSession(userId, {
    ip,
    userAgent: request.headers.get("User-Agent"),
    secondFactorPending: options.secondFactorPending,
  });
  return sessionCookie().serialize(id);
}

export async function endSession(request: Request) {
  const id = await readSessionId(request);
  if (id) await logOutSession(id);
  return sessionCookie().serialize("", { maxAge: 0 });
}

/** The logged-in user; null for visitors and for a session still waiting for its second factor. */
export function getUser(context: Readonly<RouterContextProvider>): SessionUser | null {
  const session = context.get(sessionContext);
  return session && !session.secondFactorPending ? session.user : null;
}

/** The user of a session whose password was checked but whose second factor was not yet given. */
export function getSecondFactorUser(context: Readonly<RouterContextProvider>): SessionUser | null {
  const session = context.get(sessionContext);
  return session?.secondFactorPending ? session.user : null;
}

/** The hash of the current session's id (to mark "this device" and keep it on "end all others"). */
export function currentSessionIdHash(context: Readonly<RouterContextProvider>) {
  return context.get(sessionContext)?.sessionIdHash ?? null;
}

export const SECOND_FACTOR_PATH = "/auth/second-factor";

function isApiRequest(request: Request) {
  return new URL(request.url).pathname.startsWith("/api/");
}

export function loginRedirectTarget(request: Request) {
  const url = new URL(request.url);
  // `.data` requests name the page they load data for.
  const pathname = url.pathname.replace(/\.data$/, "").replace(/\/_root$/, "") || "/";
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return `/?auth=login&redirectTo=${encodeURIComponent(pathname + (search ? `?${search}` : ""))}`;
}

/** The logged-in user; visitors are sent to log in (pages) or get 401 (API). */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const user = getUser(context);
  if (user) return user;
  if (isApiRequest(request)) throw jsonError(context, 401, "errors:unauthorized");
  if (getSecondFactorUser(context)) throw redirect(SECOND_FACTOR_PATH);
  throw redirect(loginRedirectTarget(request));
}

/** An admin; a plain user gets 403, a visitor is sent to log in. */
export function requireAdmin(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (user.role === "admin") return user;
  if (isApiRequest(request)) throw jsonError(context, 403, "errors:forbidden");
  throw data({ error: getInstance(context).t("errors:forbidden") }, { status: 403 });
}
