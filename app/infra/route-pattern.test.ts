import { describe, expect, test } from "bun:test";
import type { ServerBuild } from "react-router";
import { createRoutePatterns } from "./route-pattern.server";

const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({ id, parentId, path, index, caseSensitive: undefined, module: {} });
const manifest = {
  root: route("root", undefined, ""),
  home: route("home", "root", undefined, true),
  activate: route("activate", "root", "activate/:token"),
  reset: route("reset", "root", "reset-password/:token"),
  apiActivate: route("apiActivate", "root", "api/auth/activate/:token"),
  admin: route("admin", "root", "admin"),
  user: route("user", "admin", "users/:id"),
  notFound: route("notFound", "root", "*"),
} as unknown as ServerBuild["routes"];

describe("request log patterns", () => {
  const patternOf = createRoutePatterns(manifest);
  test("tokens and ids in the path are logged as their parameter names", () => {
    expect(patternOf("/activate/8f3a9c0d1e2f")).toBe("/activate/:token");
    expect(patternOf("/reset-password/secret-token-123")).toBe("/reset-password/:token");
    expect(patternOf("/api/auth/activate/abc")).toBe("/api/auth/activate/:token");
    expect(patternOf("/admin/users/42")).toBe("/admin/users/:id");
    expect(patternOf("/reset-password/secret-token-123.data")).toBe("/reset-password/:token.data");
  });
  test("the home page, the root data and unknown paths", () => {
    expect(patternOf("/")).toBe("/");
    expect(patternOf("/_root.data")).toBe("/.data");
    expect(patternOf("/no/such/page/with-a-secret")).toBe("/*");
  });
});
