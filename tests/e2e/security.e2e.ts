import type { APIRequestContext } from "@playwright/test";
import { reset } from "~/models/limits.server";
import { createUser, sessionCookieHeader, TEST_PASSWORD } from "../factories";
import { expect, solveFallbackQuestion, test } from "./fixtures";

/**
 * Against the real server: where a log-in may send the browser (the form, its `.data`
 * URL and the dialog's `?redirectTo=`), and that private answers are never stored by a cache.
 */

/** The no-JS question of a freshly loaded log-in page, answered as a person would. */
async function fallbackAnswer(request: APIRequestContext, page: string) {
  const html = await (await request.get(page, { headers: { "Accept-Language": "en" } })).text();
  const token = /name="fallbackToken" value="([^"]+)"/.exec(html)?.[1];
  const question = /how much is [^?<]+\?/.exec(html)?.[0];
  expect(token, "the page carries a question").toBeTruthy();
  expect(html, "the operands are words, not digits").not.toMatch(/"a":\d|"b":\d/);
  return { fallbackToken: token!, fallbackAnswer: String(solveFallbackQuestion(question!)) };
}

test.describe("log-in redirects stay on the site", () => {
  const vectors = ["/..//evil.com", "/.//evil.com", "/\\evil.com", "/..%2F%2Fevil.com", "/%2e%2e//evil.com"];
  for (const redirectTo of vectors) {
    test(`redirectTo=${redirectTo}: the form, its .data URL and the dialog`, async ({ request, baseURL }) => {
      const user = await createUser();
      const dialog = `/?auth=login&redirectTo=${encodeURIComponent(redirectTo)}`;
      for (const [target, page] of [["/auth/login", "/auth/login"], ["/auth/login.data", "/auth/login"], ["/auth/login", dialog]] as const) {
        // Fifteen log-ins from one address in a minute: past the per-address limit, which is not under test here.
        await reset("loginIp", "127.0.0.1");
        const answer = await fallbackAnswer(request, page);
        const res = await request.post(target, {
          headers: { Origin: baseURL! },
          form: { email: user.email, password: TEST_PASSWORD, redirectTo, ...answer },
          maxRedirects: 0,
        });
        const label = `${target} from ${page}`;
        if (target.endsWith(".data")) {
          // The router's data answer names the target in its body; it must not leave the site.
          const body = await res.text();
          expect(body, label).not.toMatch(/"\/\/|\/\\|https?:/);
          expect(body, label).toMatch(/\/dashboard|\/\.\.%2F/);
        } else {
          expect(res.status(), label).toBe(302);
          const location = res.headers()["location"]!;
          expect(new URL(location, baseURL).origin, `${label}: ${location}`).toBe(new URL(baseURL!).origin);
          expect(location.startsWith("//") || location.startsWith("/\\"), label).toBe(false);
        }
      }
    });
  }
});

test.describe("private answers are not stored", () => {
  test("the dashboard, the admin area, their .data URLs, files and the user API send no-store", async ({ request }) => {
    const user = await createUser({ status: "confirmed_account" });
    const admin = await createUser({ role: "admin" });
    const asUser = { Cookie: await sessionCookieHeader(user.id) };
    const asAdmin = { Cookie: await sessionCookieHeader(admin.id) };
    const cases: [string, Record<string, string>][] = [
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
      ["/dashboard", {}],
      ["/admin/users.data", {}],
    ];
    for (const [path, headers] of cases) {
      const res = await request.get(path, { headers, maxRedirects: 0 });
      expect(res.headers()["cache-control"], `${path} ${headers.Cookie ? "logged in" : "visitor"} (${res.status()})`).toMatch(/^(private, )?no-store$/);
    }
  });

  test("public answers keep their own caching", async ({ request }) => {
    expect((await request.get("/robots.txt")).headers()["cache-control"]).toContain("public");
    expect((await request.get("/")).headers()["cache-control"]).not.toBe("no-store");
  });
});
