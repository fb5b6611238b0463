import { parseCookies, SESSION_COOKIE_NAMES } from "./cookies.server";

/**
 * Pages and data that belong to one person: the dashboard, the admin area, private files, the
 * account pages (sessions, the second factor with its QR code and recovery codes), the user and push API.
 */
const PRIVATE_PATHS =
  /^\/(dashboard|admin|files|account)(\/|$)|^\/auth\/second-factor$|^\/api\/(auth\/me|user\/|push\/)/;

/**
 * Private answers must not be kept by any cache, the browser's included (back button on a shared
 * computer, a proxy in between): `no-store` on every answer of a private route — its `.data` URL
 * too — and on every answer to a logged-in browser that is not explicitly public (e.g. media).
 */
export function applyCachePolicy(request: Request, pathname: string, headers: Headers) {
  const page = pathname.replace(/\.data$/, "").replace(/\/_root$/, "") || "/";
  const privateRoute = PRIVATE_PATHS.test(page);
  const cookies = parseCookies(request.headers.get("Cookie"));
  const loggedIn = SESSION_COOKIE_NAMES.some((name) => cookies.has(name));
  const current = headers.get("Cache-Control") ?? "";
  if (/\bno-store\b/.test(current)) return;
  if (privateRoute || (loggedIn && !/\bpublic\b/.test(current))) headers.set("Cache-Control", "no-store");
}
