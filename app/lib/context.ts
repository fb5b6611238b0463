import { createContext } from "react-router";
import type { SessionUser } from "~/models/users.server";

export type RequestInfo = { ip: string; requestId: string };

/** Set by server.ts for every request. */
export const requestInfoContext = createContext<RequestInfo>({ ip: "unknown", requestId: "-" });
/** Set by the session middleware; null for visitors. */
export const sessionContext = createContext<{ user: SessionUser; sessionIdHash: string } | null>(null);
