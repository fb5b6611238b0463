import type { APIRequestContext, Page } from "@playwright/test";
import { count } from "drizzle-orm";
import { users } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import enErrors from "../../locales/en/errors.json";
import skErrors from "../../locales/sk/errors.json";
import { createUser, sessionCookieHeader, TEST_PASSWORD } from "../factories";
import { expect, loginAs, solveFallbackQuestion, test } from "./fixtures";

/**
 * Against the real server: security headers on every kind of answer,
 * the ALTCHA solver and the admin chart under the Content-Security-Policy with no violation, and
 * cross-site mutations refused for page actions and /api alike while same-origin forms work.
 */
const EVIL = "https://evil.example";

/** Collects `securitypolicyviolation` events from the page (CSP violations also hit the console). */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`));
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

function expectBaseHeaders(headers: Record<string, string>) {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  expect(headers["x-frame-options"]).toBe("DENY");
  // HSTS is for production only (README, `NODE_ENV`); tests/e2e/server.e2e.ts checks it there.
  expect(headers["strict-transport-security"]).toBeUndefined();
}

/** A page's policy: nonce scripts only, no unsafe-inline script, nothing framing it; every inline script carries the nonce. */
function expectPagePolicy(headers: Record<string, string>, html: string) {
  const csp = headers["content-security-policy"] ?? "";
  const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(/script-src[^;]*'unsafe-inline'/.test(csp)).toBe(false);
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? "");
  expect(scripts.length).toBeGreaterThan(0);
  for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
}

async function cookieFor(role: "user" | "admin") {
  const user = await createUser({ role });
  return { user, cookie: await sessionCookieHeader(user.id) };
}

test.describe("security headers on every kind of answer", () => {
  test.use({ allowedConsoleErrors: [/status of 40[34]/] });

  const pages: { name: string; path: string; role?: "user" | "admin"; status: number }[] = [
    { name: "home", path: "/", status: 200 },
    { name: "dashboard", path: "/dashboard", role: "user", status: 200 },
    { name: "admin", path: "/admin/dashboard", role: "admin", status: 200 },
    { name: "admin refused to a user", path: "/admin/users", role: "user", status: 403 },
    { name: "404", path: "/no-such-page", status: 404 },
  ];
  for (const p of pages) {
    test(`page: ${p.name}`, async ({ request }) => {
      const headers = p.role ? { Cookie: (await cookieFor(p.role)).cookie } : undefined;
      const res = await request.get(p.path, { headers, maxRedirects: 0 });
      expect(res.status()).toBe(p.status);
      expectBaseHeaders(res.headers());
      expectPagePolicy(res.headers(), await res.text());
    });
  }

  const api: { path: string; status: number; method?: "GET" | "POST" }[] = [
    { path: "/api/health", status: 200 },
    { path: "/api/auth/me", status: 401 },
    { path: "/api/no-such-endpoint", status: 404 },
    { path: "/api/health", status: 405, method: "POST" },
  ];
  for (const a of api) {
    test(`API: ${a.method ?? "GET"} ${a.path} → ${a.status}`, async ({ request }) => {
      const res = a.method === "POST" ? await request.post(a.path, { data: {} }) : await request.get(a.path);
      expect(res.status()).toBe(a.status);
      expectBaseHeaders(res.headers());
      expect(res.headers()["content-type"]).toContain("application/json");
    });
  }

  test("static assets and private files carry them too; files are sandboxed", async ({ request, page }) => {
    await page.goto("/");
    const asset = await page.locator("script[type=module][src^='/assets/'], link[rel=modulepreload]").first().getAttribute("src").catch(() => null);
    const href = asset ?? (await page.locator("link[rel=modulepreload]").first().getAttribute("href"));
    const res = await request.get(href!);
    expect(res.status()).toBe(200);
    expectBaseHeaders(res.headers());
    const missing = await request.get("/files/999999", { headers: { Cookie: (await cookieFor("user")).cookie } });
    expect(missing.status()).toBe(404);
    expectBaseHeaders(missing.headers());
  });
});

test.describe("the policy lets the product's own scripts work", () => {
  test("the ALTCHA solver logs a user in from the auth dialog with no CSP violation", async ({ page }) => {
    const violations = await watchCsp(page);
    const user = await createUser({ status: "confirmed_account" });
    await page.goto("/?auth=login");
    const dialog = page.getByRole("dialog");
    await dialog.locator("input[name=email]").fill(user.email);
    await dialog.locator("input[name=password]").fill(TEST_PASSWORD);
    await dialog.getByRole("button", { name: "Prihlásiť sa" }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    expect(await violations()).toEqual([]);
  });

  test("the admin traffic chart (Recharts) draws with no CSP violation", async ({ page }) => {
    const violations = await watchCsp(page);
    await loginAs(page, { role: "admin" });
    await page.goto("/admin/dashboard");
    await expect(page.locator(".admin-chart .recharts-surface")).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});

async function post(request: APIRequestContext, path: string, headers: Record<string, string>, body: { json?: unknown; form?: Record<string, string> }) {
  return request.fetch(path, { method: "POST", headers, data: body.json, form: body.form, maxRedirects: 0 });
}

test.describe("cross-site requests", () => {
  const targets: { path: string; json?: unknown; form?: Record<string, string>; auth?: boolean; method?: string }[] = [
    { path: "/auth/login", form: { email: "x@example.com", password: "Whatever-1!" } },
    { path: "/auth/register", form: { email: "csrf-victim@example.com", password: "Kuriér-Jazda-7!" } },
    { path: "/auth/logout", form: {}, auth: true },
    { path: "/dashboard/vehicle-request", form: { vehicleId: "1" }, auth: true },
    { path: "/?index", form: { question: "Koľko zarobím?" } },
    { path: "/admin/users/1", form: { intent: "deactivate" }, auth: true },
    { path: "/api/auth/login", json: { email: "x@example.com", password: "Whatever-1!" } },
    { path: "/api/auth/register", json: { email: "csrf-victim@example.com", password: "Kuriér-Jazda-7!" } },
    { path: "/api/auth/logout", json: {}, auth: true },
    { path: "/api/user/language", json: { language: "en" }, auth: true, method: "PUT" },
    { path: "/api/faq/ask", json: { question: "Koľko zarobím?" } },
    { path: "/api/track/page-view", json: { path: "/" } },
  ];

  for (const t of targets) {
    test(`${t.method ?? "POST"} ${t.path} from another origin is refused`, async ({ request }) => {
      const cookie = t.auth ? (await cookieFor(t.path.startsWith("/admin") ? "admin" : "user")).cookie : undefined;
      const usersBefore = writerForTests().select({ n: count() }).from(users).get()!.n;
      const variants: Record<string, string>[] = [{ Origin: EVIL }, { Origin: "null" }, { "Sec-Fetch-Site": "cross-site" }, { "Sec-Fetch-Site": "same-site" }];
      for (const headers of variants) {
        const res = await request.fetch(t.path, {
          method: t.method ?? "POST",
          headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) },
          data: t.json,
          form: t.form,
          maxRedirects: 0,
        });
        expect(res.status(), JSON.stringify(headers)).toBe(403);
        expect(await res.json()).toEqual({ error: skErrors.crossOrigin });
      }
      const english = await request.fetch(`${t.path}${t.path.includes("?") ? "&" : "?"}lng=en`, { method: t.method ?? "POST", headers: { Origin: EVIL }, data: t.json, form: t.form });
      expect(await english.json()).toEqual({ error: enErrors.crossOrigin });
      expect(writerForTests().select({ n: count() }).from(users).get()!.n).toBe(usersBefore);
      if (cookie) expect((await request.get("/api/auth/me", { headers: { Cookie: cookie } })).status()).toBe(200);
    });
  }

  test("the same request from our own origin goes through", async ({ request, baseURL }) => {
    const res = await post(request, "/api/faq/ask", { Origin: baseURL!, "Sec-Fetch-Site": "same-origin" }, { json: { question: "Koľko zarobím?", language: "sk" } });
    expect(res.status()).toBe(200);
    expect((await res.json()).answer).toBeTruthy();
  });
});

test.describe("same-origin forms without JavaScript still work", () => {
  test.use({ javaScriptEnabled: false });

  test("the assistant's form answers in the page", async ({ page }) => {
    await page.goto("/");
    const form = page.locator("form:has(textarea[name=question])");
    await form.locator("textarea[name=question]").fill("Koľko zarobím za hodinu?");
    await form.locator("button[type=submit]").click();
    await expect(page.getByTestId("assistant-answer")).toBeVisible();
  });

  test("log-in with the fallback question reaches the dashboard", async ({ page }) => {
    const user = await createUser({ status: "confirmed_account" });
    await page.goto("/?auth=login");
    await page.locator("input[name=email]").fill(user.email);
    await page.locator("input[name=password]").fill(TEST_PASSWORD);
    const label = await page.locator("label:has(input[name=fallbackAnswer])").innerText();
    await page.locator("input[name=fallbackAnswer]").fill(String(solveFallbackQuestion(label)));
    await page.getByRole("button", { name: "Prihlásiť sa" }).last().click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe("download my data", () => {
  test("the dashboard link downloads the user's archive", async ({ page }) => {
    await loginAs(page, { status: "confirmed_account" });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/dashboard");
    const link = page.getByTestId("data-export");
    await link.scrollIntoViewIfNeeded();
    await expect(link).toBeVisible();
    await page.screenshot({ path: "test-results/screens/dashboard-data-export-360.png", fullPage: true });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    // A ZIP, which phones open without an extra app: its name and its first bytes say so.
    expect(download.suggestedFilename()).toMatch(/^courier-fleet-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await Bun.file((await download.path())!).bytes();
    expect([...bytes.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  });
});
