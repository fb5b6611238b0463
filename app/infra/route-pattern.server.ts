import { matchRoutes, type ServerBuild } from "react-router";

type Node = { id: string; path?: string; index?: boolean; children: Node[] };

/**
 * The route pattern a URL matched (`/activate/:token`), for the request log: a path can carry
 * secrets (activation and reset tokens) and personal ids, a pattern never does.
 */
export function createRoutePatterns(manifest: ServerBuild["routes"]) {
  const nodes = new Map<string, Node>();
  for (const route of Object.values(manifest)) {
    if (route) nodes.set(route.id, { id: route.id, path: route.path, index: route.index, children: [] });
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
  return (pathname: string) => {
    let pattern = known.get(pathname);
    if (pattern === undefined) {
      pattern = match(pathname);
      if (known.size >= 2_000) known.clear();
      known.set(pathname, pattern);
    }
    return pattern;
  };

  function match(pathname: string) {
    const dataRequest = pathname.endsWith(".data");
    const page = dataRequest ? pathname.slice(0, -".data".length).replace(/\/_root$/, "") || "/" : pathname;
    const matches = matchRoutes(roots as never, page) as { route: Node }[] | null;
    if (!matches) return "/*";
    const pattern = `/${matches.map((m) => m.route.path?.replace(/^\/|\/$/g, "")).filter(Boolean).join("/")}`;
    return dataRequest ? `${pattern}.data` : pattern;
  }
}
