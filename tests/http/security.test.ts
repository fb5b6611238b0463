import { beforeAll, describe, expect } from "bun:test";
import { createUser, sessionCookieHeader, TEST_PASSWORD } from "../factories";
import { ORIGIN, preparePipeline, send, test } from "../pipeline-harness";

beforeAll(preparePipeline, 120_000);

/**
 * Through the whole pipeline: where a log-in may send the browser (the form and its `.data`
 * URL, which the router answers in its own encoding), and that private answers are never stored by a
 * cache. The redirect rule itself (every vector) is unit-tested in app/services/auth.server.test.ts.
 */
let ipCounter = 0;
const nextIp = () => `10.27.1.${++ipCounter}`;

describe("log-in redirects stay on the site", () => {
  const vectors = ["/..//evil.com", "/.//evil.com", "/\\evil.com", "/..%2F%2Fevil.com", "/%2e%2e//evil.com"];
  for (const redirectTo of vectors) {
    test(`redirectTo=${redirectTo}: the form and its .data URL`, async () => {
      const user = await createUser();
      for (const target of ["/auth/login", "/auth/login.data"]) {
        const res = await send(target, {
          sameOrigin: true,
          ip: nextIp(),
          form: { email: user.email, password: TEST_PASSWORD, redirectTo },
        });
        if (target.endsWith(".data")) {
          // The router's data answer names the target in its body; it must not leave the site.
          const body = await res.text();
          expect(body, target).not.toMatch(/"\/\/|\/\\|https?:/);
          expect(body, target).toMatch(/\/dashboard|\/\.\.%2F/);
        } else {
          expect(res.status, target).toBe(302);
          const location = res.headers.get("location")!;
          expect(new URL(location, ORIGIN).origin, `${target}: ${location}`).toBe(ORIGIN);
          expect(location.startsWith("//") || location.startsWith("/\\"), target).toBe(false);
        }
      }
    });
  }
});

describe("private answers are not stored", () => {
  test("the dashboard, the admin area, their .data URLs, files and the user API send no-store", async () => {
    const user = await createUser({ status: "confirmed_account" });
    const admin = await createUser({ role: "admin" });
    const asUser = await sessionCookieHeader(user.id);
    const asAdmin = await sessionCookieHeader(admin.id);
    const cases: [string, string | undefined][] = [
      ["/dashboard", asUser],
      ["/dashboard.data", asUser],
      ["/api/auth/me", asUser],
      ["/files/999999", asUser],
      ["/?auth=login", asUser],
      ["/_root.data", asUser],
      ["/admin/users", asAdmin],
      ["/admin/users.data", asAdmin],
      ["/admin/dashboard.data", asAdmin],
      ["/admin/users/1", asAdmin],
      ["/dashboard", undefined],
      ["/admin/users.data", undefined],
    ];
    for (const [path, cookie] of cases) {
      const res = await send(path, { cookie });
      expect(res.headers.get("cache-control"), `${path} ${cookie ? "logged in" : "visitor"} (${res.status})`).toMatch(
        /^(private, )?no-store$/,
      );
    }
  });

  test("public answers keep their own caching", async () => {
    expect((await send("/robots.txt")).headers.get("cache-control")).toContain("public");
    expect((await send("/")).headers.get("cache-control")).not.toBe("no-store");
  });
});
