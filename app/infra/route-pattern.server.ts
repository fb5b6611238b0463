import { matchRoutes, type ServerBuild } from "react-router";

type Node = { id: string; path?: string; index?: boolean; resource: boolean; children: Node[] };

/**
 * The route pattern a URL matched (`/activate/:token`), for the request log: a path can carry
 * secrets (activation and reset tokens) and personal ids, a pattern never does.
 */
export function createRoutePatterns(manifest: ServerBuild["routes"]) {
  const nodes = new Map<string, Node>();
  for (const route of Object.values(manifest)) {
    // A resource route (a file, a CSV, JSON) has no component to render.
    if (route)
      nodes.set(route.id, {
        id: route.id,
        path: route.path,
        index: route.index,
        resource: !route.module?.default,
        children: [],
      });
  }
  const roots: Node[] = [];
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  // matchRoutes flattens and ranks the whole route table on every call: each path is matched once.
  const known = new Map<string, string>();
  const patternOf = (pathname: string) => {
    let pattern = known.get(pathname);
    if (pattern === undefined) {
      pattern = match(pathname);
      if (known.size >= 2_000) known.clear();
      known.set(pathname, pattern);
    }
    return pattern;
  };
  /**
   * Whether a `*.data` request names a resource route (`/files/4.data`, `/admin/users/export.csv.data`):
   * the router would wrap the file as route data, without its own headers. Such a request is a 404.
   */
  patternOf.isResourceData = (pathname: string) => {
    if (!pathname.endsWith(".data")) return false;
    const matches = matchesOf(pathname);
    return Boolean(matches && matches.at(-1)?.route.resource);
  };
  return patternOf;

  function matchesOf(pathname: string) {
    const page = pathname.endsWith(".data")
      ? pathname.slice(0, -".data".length).replace(/\/_root$/, "") || "/"
      : pathname;
    return matchRoutes(roots as never, page) as { route: Node }[] | null;
  }

  function match(pathname: string) {
    const dataRequest = pathname.endsWith(".data");
    const matches = matchesOf(pathname);
    if (!matches) return "/*";
    const pattern = `/${matches
      .map((m) => m.route.path?.replace(/^\/|\/$/g, ""))
      .filter(Boolean)
      .join("/")}`;
    return dataRequest ? `${pattern}.data` : pattern;
  }
}
