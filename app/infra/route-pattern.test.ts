import { describe, expect, test } from "bun:test";
import type { ServerBuild } from "react-router";
import { createRoutePatterns } from "./route-pattern.server";

const Page = () => null;
const route = (id: string, parentId: string | undefined, path?: string, index?: boolean, resource = false) => ({
  id,
  parentId,
  path,
  index,
  caseSensitive: undefined,
  module: resource ? { loader: Page } : { default: Page },
});
const manifest = {
  root: route("root", undefined, ""),
  home: route("home", "root", undefined, true),
  activate: route("activate", "root", "activate/:token"),
  reset: route("reset", "root", "reset-password/:token"),
  apiActivate: route("apiActivate", "root", "api/auth/activate/:token"),
  admin: route("admin", "root", "admin"),
  export: route("export", "admin", "users/export.csv", false, true),
  user: route("user", "admin", "users/:id"),
  files: route("files", "root", "files/:id", false, true),
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

describe("data requests for resource routes", () => {
  const patternOf = createRoutePatterns(manifest);
  test("a resource route's .data is recognised; a page's is not", () => {
    expect(patternOf.isResourceData("/files/4.data")).toBe(true);
    expect(patternOf.isResourceData("/admin/users/export.csv.data")).toBe(true);
    expect(patternOf.isResourceData("/files/4")).toBe(false);
    expect(patternOf.isResourceData("/admin/users/42.data")).toBe(false);
    expect(patternOf.isResourceData("/_root.data")).toBe(false);
    expect(patternOf.isResourceData("/no/such.data")).toBe(false);
  });
});
