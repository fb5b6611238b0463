import { beforeAll, describe, expect } from "bun:test";
import { count } from "drizzle-orm";
import { users } from "~db/schema";
import { db } from "~/infra/db.server";
import enErrors from "../../locales/en/errors.json";
import skErrors from "../../locales/sk/errors.json";
import { createUser, sessionCookieHeader } from "../factories";
import { preparePipeline, send, type SendOptions, test } from "../pipeline-harness";

beforeAll(preparePipeline, 120_000);

/**
 * Through the whole request pipeline: security headers on every kind of
 * answer, and cross-site mutations refused for page actions and /api alike. (That the policy lets
 * the product's own scripts run is a browser's question: tests/e2e/hardening.e2e.ts.)
 */
const EVIL = "https://evil.example";

function expectBaseHeaders(headers: Headers) {
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(headers.get("permissions-policy")).toContain("camera=()");
  expect(headers.get("x-frame-options")).toBe("DENY");
  // HSTS is for production only; tests/server-process.test.ts checks it there.
  expect(headers.get("strict-transport-security")).toBeNull();
}

/** A page's policy: nonce scripts only, no unsafe-inline script, nothing framing it; every inline script carries the nonce. */
function expectPagePolicy(headers: Headers, html: string) {
  const csp = headers.get("content-security-policy") ?? "";
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
  return sessionCookieHeader(user.id);
}

describe("security headers on every kind of answer", () => {
  const pages: { name: string; path: string; role?: "user" | "admin"; status: number }[] = [
    { name: "home", path: "/", status: 200 },
    { name: "dashboard", path: "/dashboard", role: "user", status: 200 },
    { name: "admin", path: "/admin/dashboard", role: "admin", status: 200 },
    { name: "admin refused to a user", path: "/admin/users", role: "user", status: 403 },
    { name: "404", path: "/no-such-page", status: 404 },
  ];
  for (const p of pages) {
    test(`page: ${p.name}`, async () => {
      const res = await send(p.path, { cookie: p.role ? await cookieFor(p.role) : undefined });
      expect(res.status).toBe(p.status);
      expectBaseHeaders(res.headers);
      expectPagePolicy(res.headers, await res.text());
    });
  }

  const api: { path: string; status: number; method?: "GET" | "POST" }[] = [
    { path: "/api/health", status: 200 },
    { path: "/api/auth/me", status: 401 },
    { path: "/api/no-such-endpoint", status: 404 },
    { path: "/api/health", status: 405, method: "POST" },
  ];
  for (const a of api) {
    test(`API: ${a.method ?? "GET"} ${a.path} → ${a.status}`, async () => {
      const res =
        a.method === "POST"
          ? await send(a.path, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })
          : await send(a.path);
      expect(res.status).toBe(a.status);
      expectBaseHeaders(res.headers);
      expect(res.headers.get("content-type")).toContain("application/json");
    });
  }

  test("static assets and private files carry them too", async () => {
    const html = await (await send("/")).text();
    const asset = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await send(asset!);
    expect(res.status).toBe(200);
    expectBaseHeaders(res.headers);
    const missing = await send("/files/999999", { cookie: await cookieFor("user") });
    expect(missing.status).toBe(404);
    expectBaseHeaders(missing.headers);
  });
});

describe("cross-site requests", () => {
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
  const body = (t: (typeof targets)[number]): SendOptions =>
    t.json !== undefined
      ? { headers: { "Content-Type": "application/json" }, body: JSON.stringify(t.json) }
      : { form: t.form };
  const userCount = async () => (await db().select({ n: count() }).from(users))[0]!.n;

  for (const t of targets) {
    test(`${t.method ?? "POST"} ${t.path} from another origin is refused`, async () => {
      const cookie = t.auth ? await cookieFor(t.path.startsWith("/admin") ? "admin" : "user") : undefined;
      const usersBefore = await userCount();
      const variants: Record<string, string>[] = [
        { Origin: EVIL },
        { Origin: "null" },
        { "Sec-Fetch-Site": "cross-site" },
        { "Sec-Fetch-Site": "same-site" },
      ];
      for (const headers of variants) {
        const options = body(t);
        const res = await send(t.path, {
          ...options,
          method: t.method ?? "POST",
          cookie,
          headers: { ...(options.headers as Record<string, string>), ...headers },
        });
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(await res.json()).toEqual({ error: skErrors.crossOrigin });
      }
      const options = body(t);
      const english = await send(`${t.path}${t.path.includes("?") ? "&" : "?"}lng=en`, {
        ...options,
        method: t.method ?? "POST",
        headers: { ...(options.headers as Record<string, string>), Origin: EVIL },
      });
      expect(await english.json()).toEqual({ error: enErrors.crossOrigin });
      expect(await userCount()).toBe(usersBefore);
      if (cookie) expect((await send("/api/auth/me", { cookie })).status).toBe(200);
    });
  }

  test("the same request from our own origin goes through", async () => {
    const res = await send("/api/faq/ask", {
      sameOrigin: true,
      headers: { "Sec-Fetch-Site": "same-origin", "Content-Type": "application/json" },
      body: JSON.stringify({ question: "Koľko zarobím?", language: "sk" }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { answer?: string }).answer).toBeTruthy();
  });
});
