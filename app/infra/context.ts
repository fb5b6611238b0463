import { createContext, type RouterContext } from "react-router";
import type { SessionUser } from "~/domain/user";

export type RequestInfo = { ip: string; requestId: string };

/**
 * Set by server.ts for every request. server.ts and the built app each load their own copy of this
 * module, and a context is matched by identity, so both take the one instance kept on globalThis;
 * otherwise every route would read the default and all clients would share one rate-limit counter.
 */
const REQUEST_INFO = Symbol.for("courier-fleet.requestInfoContext");
const shared = globalThis as { [REQUEST_INFO]?: RouterContext<RequestInfo> };
export const requestInfoContext = (shared[REQUEST_INFO] ??= createContext<RequestInfo>({
  ip: "unknown",
  requestId: "-",
}));
/** Set by the session middleware; null for visitors. */
export const sessionContext = createContext<{
  user: SessionUser;
  sessionIdHash: string;
  secondFactorPending: boolean;
} | null>(null);
