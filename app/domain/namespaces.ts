/** Translation namespaces, one JSON file each in locales/{sk,ua,en}/. */
export const NAMESPACES = ["common", "errors", "auth", "home", "dashboard", "admin", "email", "pay"] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** What the browser loads before hydrating a page; anything else is fetched when first used. */
export function namespacesForPath(pathname: string): Namespace[] {
  const base: Namespace[] = ["common", "errors", "auth"];
  if (pathname.startsWith("/admin")) return [...base, "admin", "dashboard", "pay"];
  if (pathname.startsWith("/dashboard")) return [...base, "dashboard", "pay"];
  if (pathname === "/") return [...base, "home"];
  return base;
}
