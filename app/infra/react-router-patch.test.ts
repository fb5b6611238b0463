import { describe, expect, spyOn, test } from "bun:test";
import path from "node:path";
import { createElement, useContext } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type EntryContext,
  type RouteObject,
  ServerRouter,
  UNSAFE_DataRouterContext,
} from "react-router";
import { missingPatchParts } from "../../scripts/react-router-patch";

/**
 * patches/react-router@8.4.0.patch (docs/decisions/react-router-patch.md): the server builds its route
 * tree once per build, the static router its data routes once per tree, and the static handler
 * remembers each path's matches. Each cache has a test here that fails without it; every caller must
 * still get its own match objects and the right params for each path.
 */
const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    loader: () => null,
    children: [
      { id: "users", path: "users", loader: () => null },
      { id: "user", path: "users/:id", loader: () => null },
    ],
  },
];

describe("react-router patch", () => {
  test("the installed package carries every part of the patch", () => {
    expect(missingPatchParts(path.resolve(import.meta.dir, "../../node_modules/react-router"))).toEqual([]);
  });

  test("a path matched before is not matched again", () => {
    const handler = createStaticHandler(routes);
    handler.match("/users/5");
    // Matching decodes the path segment by segment before it tries the branches.
    const decode = spyOn(globalThis, "decodeURIComponent");
    try {
      expect(handler.match("/users/5")![1]!.params).toEqual({ id: "5" });
      expect(decode).not.toHaveBeenCalled();
      handler.match("/users/6");
      expect(decode).toHaveBeenCalled();
    } finally {
      decode.mockRestore();
    }
  });

  test("the server renders its route tree once per build, not once per request", async () => {
    // The route module's handle is read where the tree is built, and nowhere else in this render.
    let built = 0;
    const seen: unknown[] = [];
    const root = {
      default: () => {
        seen.push(useContext(UNSAFE_DataRouterContext)?.router.routes);
        return createElement("p", null, "page");
      },
      get handle() {
        built++;
        return undefined;
      },
    };
    const flags = { hasLoader: false, hasAction: false, hasClientLoader: false, hasClientAction: false };
    const manifest = {
      entry: { module: "/entry.js", imports: [] },
      routes: { root: { id: "root", path: "", module: "/root.js", ...flags, hasErrorBoundary: false } },
      url: "/manifest.js",
      version: "1",
    };
    // As in a build: one future-flags object and one set of route modules for every request.
    const future = {};
    const routeModules = { root };
    const render = async () => {
      const staticHandlerContext = await createStaticHandler([{ id: "root", path: "" }]).query(
        new Request("http://x/"),
      );
      const context = {
        manifest,
        routeModules,
        staticHandlerContext,
        future,
        ssr: true,
        isSpaMode: false,
        routeDiscovery: { mode: "initial" },
      } as unknown as EntryContext;
      return renderToString(createElement(ServerRouter, { context, url: "http://x/" }));
    };
    expect(await render()).toContain("<p>page</p>");
    expect(await render()).toContain("<p>page</p>");
    expect(built).toBe(1);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
  });

  test("remembered matches are copies, with each path's own params", () => {
    const handler = createStaticHandler(routes);
    const first = handler.match("/users/5")!;
    expect(first.map((m) => m.route.id)).toEqual(["root", "user"]);
    expect(first[1]!.params).toEqual({ id: "5" });
    // A caller that changes what it got changes nobody else's answer.
    (first[1]!.params as Record<string, string>).id = "changed";
    first.pop();
    const again = handler.match("/users/5")!;
    expect(again.map((m) => m.route.id)).toEqual(["root", "user"]);
    expect(again[1]!.params).toEqual({ id: "5" });
    expect(again[0]!.params).toBe(again[1]!.params);
    expect(handler.match("/users/6")![1]!.params).toEqual({ id: "6" });
    expect(handler.match("/nowhere/else")).toBeNull();
    expect(handler.match("/nowhere/else")).toBeNull();
  });

  test("a document request after another gets its own params from the loaders' matches", async () => {
    const handler = createStaticHandler(routes);
    const a = await handler.query(new Request("http://x/users/7"));
    const b = await handler.query(new Request("http://x/users/8"));
    if (a instanceof Response || b instanceof Response) throw new Error("expected contexts");
    expect(a.matches.at(-1)!.params).toEqual({ id: "7" });
    expect(b.matches.at(-1)!.params).toEqual({ id: "8" });
  });

  test("the static router's data routes are built once per route tree", async () => {
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request("http://x/users"));
    if (context instanceof Response) throw new Error("expected a context");
    const one = createStaticRouter(handler.dataRoutes, context);
    const two = createStaticRouter(handler.dataRoutes, context);
    expect(two.routes).toBe(one.routes);
    expect(one.state.matches.map((m) => m.route.id)).toEqual(["root", "users"]);
  });
});
