import { describe, expect, test } from "bun:test";
import { createStaticHandler, createStaticRouter, type RouteObject } from "react-router";

/**
 * patches/react-router@8.4.0.patch: the static handler remembers each path's route matches, and the
 * static router builds its data routes once per route tree. Every caller must still get its own
 * match objects and the right params for each path.
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
