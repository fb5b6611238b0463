import { createCookieSessionStorage, type MiddlewareFunction, type Session, type SessionStorage } from "react-router";
import { toastMiddleware as remixToastMiddleware } from "remix-toast/middleware";
import { config } from "~/infra/config.server";

const COOKIE = "toast-session";

let storage: SessionStorage | undefined;
function toastStorage() {
  storage ??= createCookieSessionStorage({
    cookie: {
      name: COOKIE,
      sameSite: "lax",
      path: "/",
      httpOnly: true,
      secure: config().production,
      secrets: [config().sessionSecret],
    },
  });
  return storage;
}

// Sessions read from a request that carried no toast cookie: while they stay empty there is nothing to write.
const withoutCookie = new WeakSet<Session>();

/**
 * remix-toast reads its cookie and signs a fresh one (HMAC) on every request, even when the request
 * has no toast and the new cookie is thrown away — about a tenth of a small API answer's time. This
 * storage skips signing an empty session that came from a request without the cookie; a session that
 * held a toast (whose reading must clear the cookie) or that gets one is written as before.
 */
const leanStorage: SessionStorage = {
  async getSession(cookieHeader, options) {
    const session = await toastStorage().getSession(cookieHeader, options);
    if (!cookieHeader?.includes(`${COOKIE}=`)) withoutCookie.add(session);
    return session;
  },
  commitSession(session, options) {
    if (withoutCookie.has(session) && Object.keys(session.data).length === 0) return Promise.resolve("");
    return toastStorage().commitSession(session, options);
  },
  destroySession: (session, options) => toastStorage().destroySession(session, options),
};

/** Flash toasts (remix-toast) kept in a cookie signed with the session secret. */
export const toastMiddleware = remixToastMiddleware({ customSession: leanStorage }) as MiddlewareFunction<Response>;
