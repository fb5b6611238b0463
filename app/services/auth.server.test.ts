/**
 * Where a log-in may send the browser (1), the per-account lockout under parallel
 * attempts (4) and where the no-JS captcha question counts (5).
 */
import { afterEach, describe, expect, test } from "bun:test";
import * as loginApi from "~/routes/api/auth.login";
import * as loginForm from "~/routes/auth/login";
import * as registerForm from "~/routes/auth/register";
import { createUser, TEST_PASSWORD } from "../../tests/factories";
import { call } from "../../tests/route-harness";
import enAuth from "../../locales/en/auth.json";
import skAuth from "../../locales/sk/auth.json";
import uaAuth from "../../locales/ua/auth.json";
import { safeRedirect } from "./auth.server";
import { createFallbackChallenge } from "./captcha.server";
import { config } from "~/infra/config.server";

const HOME = "/dashboard";

describe("safeRedirect", () => {
  const offSite = [
    "//evil.com",
    "/..//evil.com",
    "/.//evil.com",
    "/../..//evil.com",
    "/./..//evil.com",
    "/a/../..//evil.com",
    "/%2e%2e//evil.com",
    "/%2E//evil.com",
    "/\\evil.com",
    "/\\/evil.com",
    "/..\\\\evil.com",
    "/.\\/evil.com",
    "/\t/evil.com",
    "/\n/evil.com",
    "/\r\n/evil.com",
    "/..//\tevil.com",
    "\t//evil.com",
    " //evil.com",
    "https://evil.com",
    "http:evil.com",
    "javascript:alert(1)",
    "evil.com",
    "",
  ];
  for (const to of offSite) {
    test(`${JSON.stringify(to)} falls back`, () => {
      const result = safeRedirect(to, HOME);
      expect(result.startsWith("/")).toBe(true);
      expect(result.startsWith("//")).toBe(false);
      expect(result.startsWith("/\\")).toBe(false);
      expect(new URL(result, "http://same.invalid").origin).toBe("http://same.invalid");
      if (/evil/.test(to) && !to.startsWith("/%")) expect(result).toBe(HOME);
    });
  }

  const onSite: [string, string][] = [
    ["/dashboard", "/dashboard"],
    ["/admin/users?q=a%20b#top", "/admin/users?q=a%20b#top"],
    ["/a/../b", "/b"],
    ["/%2F%2Fevil.com", "/%2F%2Fevil.com"],
    ["/%5C%5Cevil.com", "/%5C%5Cevil.com"],
  ];
  for (const [to, expected] of onSite) {
    test(`${to} stays on the site as ${expected}`, () => {
      expect(safeRedirect(to, HOME)).toBe(expected);
    });
  }
});

let ipCounter = 0;
const nextIp = () => `10.17.1.${++ipCounter}`;

describe("log-in redirect target", () => {
  for (const redirectTo of ["/..//evil.com", "/.//evil.com", "/\\evil.com"]) {
    test(`the no-JS form ignores ${redirectTo}`, async () => {
      const user = await createUser();
      const res = await call(loginForm.action, "/auth/login", {
        form: { email: user.email, password: TEST_PASSWORD, redirectTo },
        ip: nextIp(),
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/dashboard");
    });
  }

  test("a path on the site is kept", async () => {
    const user = await createUser();
    const res = await call(loginForm.action, "/auth/login", {
      form: { email: user.email, password: TEST_PASSWORD, redirectTo: "/dashboard?tab=reports" },
      ip: nextIp(),
    });
    expect(res.headers.get("Location")).toBe("/dashboard?tab=reports");
  });
});

describe("per-account lockout under parallel attempts", () => {
  test("ten wrong passwords at once: at most five are checked, the rest are refused with 429", async () => {
    const user = await createUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(loginApi.action, "/api/auth/login", {
          json: { email: user.email, password: "Wrong-Pass-1!" },
          ip: nextIp(),
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  });

  test("a right password after a few wrong ones still logs in and clears the count", async () => {
    const user = await createUser();
    for (let i = 0; i < 3; i += 1)
      await call(loginApi.action, "/api/auth/login", {
        json: { email: user.email, password: "Wrong-Pass-1!" },
        ip: nextIp(),
      });
    expect(
      (
        await call(loginApi.action, "/api/auth/login", {
          json: { email: user.email, password: TEST_PASSWORD },
          ip: nextIp(),
        })
      ).status,
    ).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      expect(
        (
          await call(loginApi.action, "/api/auth/login", {
            json: { email: user.email, password: "Wrong-Pass-1!" },
            ip: nextIp(),
          })
        ).status,
      ).toBe(401);
    }
  });
});

describe("the no-JS captcha question", () => {
  const captcha = config().captcha;
  afterEach(() => {
    captcha.provider = "off";
  });

  test("the JSON API does not take it: the proof of work is required there", async () => {
    captcha.provider = "altcha";
    const user = await createUser();
    const q = createFallbackChallenge();
    const res = await call(loginApi.action, "/api/auth/login?lng=en", {
      json: { email: user.email, password: TEST_PASSWORD, fallbackToken: q.token, fallbackAnswer: String(q.a + q.b) },
      ip: nextIp(),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(enAuth.captcha.failed);
  });

  test("the form takes it, and a wrong answer says so in the page's language", async () => {
    captcha.provider = "altcha";
    const user = await createUser();
    for (const [lng, text] of [
      ["en", enAuth.captcha.wrongAnswer],
      ["sk", skAuth.captcha.wrongAnswer],
      ["ua", uaAuth.captcha.wrongAnswer],
    ] as const) {
      const q = createFallbackChallenge();
      const wrong = await call(loginForm.action, `/auth/login?lng=${lng}`, {
        form: {
          email: user.email,
          password: TEST_PASSWORD,
          fallbackToken: q.token,
          fallbackAnswer: String(q.a + q.b + 1),
        },
        ip: nextIp(),
      });
      expect(wrong.status).toBe(400);
      expect(((await wrong.json()) as { error: string }).error).toBe(text);
    }
    const q = createFallbackChallenge();
    const right = await call(loginForm.action, "/auth/login", {
      form: { email: user.email, password: TEST_PASSWORD, fallbackToken: q.token, fallbackAnswer: String(q.a + q.b) },
      ip: nextIp(),
    });
    expect(right.status).toBe(302);
  });

  test("an empty answer asks for the answer (there is no reCAPTCHA on that form), on login and register", async () => {
    captcha.provider = "altcha";
    const user = await createUser();
    for (const [lng, auth] of [
      ["en", enAuth],
      ["sk", skAuth],
      ["ua", uaAuth],
    ] as const) {
      const q = createFallbackChallenge();
      for (const [action, form] of [
        [loginForm.action, { email: user.email, password: TEST_PASSWORD }],
        [registerForm.action, { email: `empty-answer-${lng}-${Date.now()}@example.com`, password: "Courier-Empty-7!" }],
      ] as const) {
        const res = await call(action, `/auth/${action === loginForm.action ? "login" : "register"}?lng=${lng}`, {
          form: { ...form, fallbackToken: q.token, fallbackAnswer: "" },
          ip: nextIp(),
        });
        expect(res.status).toBe(400);
        const error = ((await res.json()) as { error: string }).error;
        expect(error).toBe(auth.captcha.unanswered);
        expect(error).not.toContain("reCAPTCHA");
      }
    }
  });
});
