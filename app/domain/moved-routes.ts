/**
 * Addresses that moved, old path → new path, each kept for one release after the move (docs/deploy.md):
 * a page opened on the previous build still posts to the old path, and 308 makes the browser (and the
 * router's fetch of `<path>.data`) repeat the post at the new one with its body and files.
 */
export const MOVED_ROUTES: Readonly<Record<string, string>> = {};

/** Where an old address now lives (a router `.data` path maps to the new path's `.data`), or null. */
export function movedTarget(pathname: string, moved: Readonly<Record<string, string>> = MOVED_ROUTES): string | null {
  const data = pathname.endsWith(".data");
  const bare = (data ? pathname.slice(0, -".data".length) : pathname).replace(/(.)\/$/, "$1");
  const target = Object.hasOwn(moved, bare) ? moved[bare] : undefined;
  return target ? `${target}${data ? ".data" : ""}` : null;
}
