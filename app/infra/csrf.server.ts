const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A mutation from another origin is refused. The browser's Origin header (or, when it
 * is missing, Sec-Fetch-Site) must name our own site: APP_URL or the host the request came to.
 */
export function isCrossSiteMutation(request: Request, appOrigin: string) {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("Origin");
  if (origin && origin !== "null") {
    const host = request.headers.get("Host");
    const ownOrigin = host ? `${new URL(request.url).protocol}//${host}` : null;
    return origin !== appOrigin && origin !== ownOrigin;
  }
  if (origin === "null") return true;
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "cross-site" || site === "same-site";
}
