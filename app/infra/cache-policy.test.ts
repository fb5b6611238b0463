import { describe, expect, test } from "bun:test";
import { applyCachePolicy } from "./cache-policy.server";

function policy(path: string, { cookie, cacheControl }: { cookie?: string; cacheControl?: string } = {}) {
  const request = new Request(`http://x${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  const headers = new Headers(cacheControl ? { "Cache-Control": cacheControl } : {});
  applyCachePolicy(request, new URL(request.url).pathname, headers);
  return headers.get("Cache-Control");
}

describe("cache policy", () => {
  test("private routes and their .data URLs are never stored, logged in or not", () => {
    for (const path of [
      "/dashboard",
      "/dashboard.data",
      "/dashboard/export",
      "/admin",
      "/admin/users.data",
      "/admin/users/3",
      "/files/12",
      "/api/auth/me",
      "/api/user/language",
      "/account/sessions",
      "/account/sessions.data",
      "/auth/second-factor",
      "/auth/second-factor.data",
    ]) {
      expect([path, policy(path, { cacheControl: "private, no-cache" })]).toEqual([path, "no-store"]);
    }
  });

  test("any answer to a logged-in browser is not stored unless it is explicitly public", () => {
    expect(policy("/", { cookie: "cf_session=abc", cacheControl: "private, no-cache" })).toBe("no-store");
    expect(policy("/_root.data", { cookie: "lng=sk; cf_session=abc" })).toBe("no-store");
    expect(policy("/media/4", { cookie: "cf_session=abc", cacheControl: "public, max-age=31536000, immutable" })).toBe(
      "public, max-age=31536000, immutable",
    );
  });

  test("visitors' public pages keep what the route said", () => {
    expect(policy("/", { cacheControl: "private, no-cache" })).toBe("private, no-cache");
    expect(policy("/dashboards-are-not-this")).toBeNull();
    expect(policy("/files/3", { cacheControl: "private, no-store" })).toBe("private, no-store");
    expect(policy("/robots.txt", { cacheControl: "public, max-age=3600" })).toBe("public, max-age=3600");
  });
});
