import { isIP } from "node:net";

/**
 * The client address for rate limits (docs/security.md). Each proxy appends the address it received the
 * request from to X-Forwarded-For, so only the entries on the right were written by proxies we
 * trust; everything to their left is whatever the client sent. With `trustedHops` proxies in front
 * (TRUST_PROXY=N), the client is the N-th entry from the right — Express's `trust proxy = N`.
 */
export function clientIp(forwardedFor: string | null, socketIp: string | undefined, trustedHops: number) {
  const socket = socketIp ?? "unknown";
  if (trustedHops <= 0 || !forwardedFor) return socket;
  const hops = forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (hops.length === 0) return socket;
  // Fewer entries than proxies: the leftmost is the furthest address any trusted proxy saw.
  const chosen = withoutPort(hops[Math.max(0, hops.length - trustedHops)]!);
  return chosen !== null && isIP(chosen) !== 0 ? chosen : socket;
}

/**
 * The address of an entry, without the port some proxies append (`9.9.9.9:1234`, `[2001:db8::1]:443`),
 * or null. Whether what is left is an address at all is `net.isIP`'s call (`999.999.999.999` is not).
 */
function withoutPort(entry: string): string | null {
  if (entry.length > 64) return null;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(entry);
  if (bracketed) return bracketed[1]!;
  const v4WithPort = /^([\d.]+):\d{1,5}$/.exec(entry);
  return v4WithPort ? v4WithPort[1]! : entry;
}
