/**
 * Cookies read by hand (the referral code, the page cache's check). A browser sends whatever it
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
