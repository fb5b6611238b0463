/**
 * The client address for rate limits (CONTRACT §5). Each proxy appends the address it received the
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
  const chosen = hops[Math.max(0, hops.length - trustedHops)]!;
  return isAddress(chosen) ? chosen : socket;
}

/** An IPv4 or IPv6 address (a proxy writes nothing else); junk falls back to the socket's address. */
function isAddress(value: string) {
  return value.length <= 45 && (/^\d{1,3}(\.\d{1,3}){3}$/.test(value) || /^[0-9a-fA-F:.]*:[0-9a-fA-F:.]*$/.test(value));
}
