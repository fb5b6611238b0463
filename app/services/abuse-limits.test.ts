/**
 * Every abuse limit lives in RATE_LIMITS (or, for problem reports, the
 * cooldown setting), is counted in SQLite, and past it every door — JSON API and no-JS form —
 * answers 429 with Retry-After and a message in the request's language.
 */
import { describe, expect, test } from "bun:test";
import { count } from "drizzle-orm";
import { rateLimits, users } from "~db/schema";
import { RATE_LIMITS } from "~/domain/rules";
import enErrors from "../../locales/en/errors.json";
import skErrors from "../../locales/sk/errors.json";
import uaErrors from "../../locales/ua/errors.json";
import * as applyRoute from "~/routes/dashboard/apply";
import * as dashboardExport from "~/routes/dashboard-export";
import * as home from "~/routes/home";
import * as forgotApi from "~/routes/api/auth.forgot-password";
import * as loginApi from "~/routes/api/auth.login";
import * as registerApi from "~/routes/api/auth.register";
import * as resendApi from "~/routes/api/auth.resend-activation";
import * as askApi from "~/routes/api/faq.ask";
import * as forgotForm from "~/routes/auth/forgot";
import * as loginForm from "~/routes/auth/login";
import * as registerForm from "~/routes/auth/register";
import * as resendForm from "~/routes/auth/resend";
import { applicationForm } from "../../tests/dashboard-helpers";
import { createUser, sessionCookieHeader, TEST_PASSWORD } from "../../tests/factories";
import { call, type CallOptions } from "../../tests/route-harness";
import { writerForTests } from "~/infra/db.server";
import { hit, type LimitName } from "~/models/limits.server";

type Handler = Parameters<typeof call>[0];
let ipCounter = 0;
const nextIp = () => `10.7.0.${++ipCounter}`;
const STRONG = "Courier-Limit-7!";
const messages = { en: enErrors.rateLimited, sk: skErrors.rateLimited, ua: uaErrors.rateLimited };

/** The rate-limited message of a language, with its {{minutes}} filled by any number. */
function expectRateLimited(message: unknown, lng: keyof typeof messages) {
  const [before, after] = messages[lng].split("{{minutes}}") as [string, string];
  expect(String(message)).toMatch(new RegExp(`^${RegExp.escape(before)}\\d+${RegExp.escape(after)}$`));
}

async function expect429(res: Response, lng: keyof typeof messages) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  expectRateLimited(((await res.json()) as { error?: unknown }).error, lng);
}

type Door = { name: string; limit: LimitName; handler: Handler; path: string; body: (i: number) => CallOptions };
const email = (tag: string, i: number) => `${tag}-${i}-${Date.now().toString(36)}@example.com`;

/** Per-IP limits: `limit` requests pass the limiter, the next one is refused. */
const perIp: Door[] = [
  {
    name: "API log-in",
    limit: "loginIp",
    handler: loginApi.action,
    path: "/api/auth/login",
    body: (i) => ({ json: { email: email("nobody", i), password: "Wrong-Pass-1!", captchaToken: "" } }),
  },
  {
    name: "form log-in",
    limit: "loginIp",
    handler: loginForm.action,
    path: "/auth/login",
    body: (i) => ({ form: { email: email("nobody", i), password: "Wrong-Pass-1!" } }),
  },
  {
    name: "API register",
    limit: "register",
    handler: registerApi.action,
    path: "/api/auth/register",
    body: (i) => ({ json: { email: email("reg", i), password: STRONG, captchaToken: "" } }),
  },
  {
    name: "form register",
    limit: "register",
    handler: registerForm.action,
    path: "/auth/register",
    body: (i) => ({ form: { email: email("regf", i), password: STRONG } }),
  },
  {
    name: "API forgot-password",
    limit: "forgotPassword",
    handler: forgotApi.action,
    path: "/api/auth/forgot-password",
    body: (i) => ({ json: { email: email("fp", i) } }),
  },
  {
    name: "form forgot-password",
    limit: "forgotPassword",
    handler: forgotForm.action,
    path: "/auth/forgot",
    body: (i) => ({ form: { email: email("fpf", i) } }),
  },
  {
    name: "API resend activation",
    limit: "resendActivation",
    handler: resendApi.action,
    path: "/api/auth/resend-activation",
    body: (i) => ({ json: { email: email("ra", i) } }),
  },
  {
    name: "form resend activation",
    limit: "resendActivation",
    handler: resendForm.action,
    path: "/auth/resend",
    body: (i) => ({ form: { email: email("raf", i) } }),
  },
  {
    name: "API assistant",
    limit: "assistant",
    handler: askApi.action,
    path: "/api/faq/ask",
    body: () => ({ json: { question: "Kedy je výplata?", language: "sk" } }),
  },
  {
    name: "form assistant",
    limit: "assistant",
    handler: home.action,
    path: "/?index",
    body: () => ({ form: { question: "Kedy je výplata?" } }),
  },
];

describe("per-IP limits, counted through real requests", () => {
  for (const door of perIp) {
    test(`${door.name}: ${RATE_LIMITS[door.limit].limit} per ${RATE_LIMITS[door.limit].windowSeconds} s, then 429`, async () => {
      const ip = nextIp();
      for (let i = 0; i < RATE_LIMITS[door.limit].limit; i++) {
        const res = await call(door.handler, `${door.path}${door.path.includes("?") ? "&" : "?"}lng=en`, {
          ...door.body(i),
          ip,
        });
        expect(res.status).not.toBe(429);
      }
      const usersBefore = (await writerForTests().select({ n: count() }).from(users))[0]!.n;
      const refused = await call(door.handler, `${door.path}${door.path.includes("?") ? "&" : "?"}lng=ua`, {
        ...door.body(999),
        ip,
      });
      await expect429(refused, "ua");
      expect((await writerForTests().select({ n: count() }).from(users))[0]!.n).toBe(usersBefore);
      // Another client address is not affected.
      expect((await call(door.handler, door.path, { ...door.body(1000), ip: nextIp() })).status).not.toBe(429);
      // Log-in doors hash every attempt with argon2id (unknown e-mails too), which is slow on a busy machine.
    }, 60_000);
  }
});

describe("per-account log-in failures", () => {
  test(`${RATE_LIMITS.loginAccountFailures.limit} failures lock the account from any address; the right password is refused too until the window ends`, async () => {
    const user = await createUser();
    for (let i = 0; i < RATE_LIMITS.loginAccountFailures.limit; i++) {
      const res = await call(loginApi.action, "/api/auth/login", {
        json: { email: user.email, password: "Wrong-Pass-1!", captchaToken: "" },
        ip: nextIp(),
      });
      expect(res.status).toBe(401);
    }
    await expect429(
      await call(loginApi.action, "/api/auth/login?lng=sk", {
        json: { email: user.email, password: TEST_PASSWORD, captchaToken: "" },
        ip: nextIp(),
      }),
      "sk",
    );
    await expect429(
      await call(loginForm.action, "/auth/login?lng=en", {
        form: { email: user.email, password: TEST_PASSWORD },
        ip: nextIp(),
      }),
      "en",
    );
  });

  test("a successful log-in clears the failures", async () => {
    const user = await createUser();
    for (let i = 0; i < RATE_LIMITS.loginAccountFailures.limit - 1; i++) {
      await call(loginApi.action, "/api/auth/login", {
        json: { email: user.email, password: "Wrong-Pass-1!", captchaToken: "" },
        ip: nextIp(),
      });
    }
    expect(
      (
        await call(loginApi.action, "/api/auth/login", {
          json: { email: user.email, password: TEST_PASSWORD, captchaToken: "" },
          ip: nextIp(),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(loginApi.action, "/api/auth/login", {
          json: { email: user.email, password: "Wrong-Pass-1!", captchaToken: "" },
          ip: nextIp(),
        })
      ).status,
    ).toBe(401);
  });
});

describe("the account lock and browsers that have logged in before", () => {
  // Addresses of their own: other test files in the same run count log-ins from 10.7.0.x.
  let own = 0;
  const ownIp = () => `10.24.9.${++own}`;
  const deviceOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith("cf_device="))!
      .split(";")[0]!;
  const apiLogin = (email: string, password: string, options: { cookie?: string; ip?: string } = {}) =>
    call(loginApi.action, "/api/auth/login?lng=en", {
      json: { email, password, captchaToken: "" },
      ip: options.ip ?? ownIp(),
      cookie: options.cookie,
    });

  async function lockOut(email: string) {
    for (let i = 0; i < RATE_LIMITS.loginAccountFailures.limit; i++)
      expect((await apiLogin(email, "Wrong-Pass-1!")).status).toBe(401);
  }

  test("the lock holds for unknown browsers; a browser that logged in to this account before still gets in", async () => {
    const user = await createUser();
    const known = deviceOf(await apiLogin(user.email, TEST_PASSWORD));
    await lockOut(user.email);
    await expect429(await apiLogin(user.email, TEST_PASSWORD), "en");
    expect((await apiLogin(user.email, TEST_PASSWORD, { cookie: known })).status).toBe(200);
    // Its success does not lift the lock for everyone else.
    await expect429(await apiLogin(user.email, TEST_PASSWORD), "en");
  });

  test("the admin's account too, through the form: the known browser goes on to the second factor", async () => {
    const admin = await createUser({ role: "admin" });
    const first = await call(loginForm.action, "/auth/login", {
      form: { email: admin.email, password: TEST_PASSWORD },
      ip: ownIp(),
    });
    expect(first.status).toBe(302);
    const known = deviceOf(first);
    await lockOut(admin.email);
    await expect429(
      await call(loginForm.action, "/auth/login?lng=en", {
        form: { email: admin.email, password: TEST_PASSWORD },
        ip: ownIp(),
      }),
      "en",
    );
    const again = await call(loginForm.action, "/auth/login", {
      form: { email: admin.email, password: TEST_PASSWORD },
      ip: ownIp(),
      cookie: known,
    });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toStartWith("/auth/second-factor");
  });

  test("a device cookie of another account, or a forged one, does not open the lock", async () => {
    const owner = await createUser();
    const other = await createUser();
    const othersDevice = deviceOf(await apiLogin(other.email, TEST_PASSWORD));
    const ownDevice = deviceOf(await apiLogin(owner.email, TEST_PASSWORD));
    await lockOut(owner.email);
    await expect429(await apiLogin(owner.email, TEST_PASSWORD, { cookie: othersDevice }), "en");
    // A character well inside the signature: the last one of a base64url value may carry only padding bits.
    const at = ownDevice.length - 8;
    const forged = ownDevice.slice(0, at) + (ownDevice[at] === "A" ? "B" : "A") + ownDevice.slice(at + 1);
    await expect429(await apiLogin(owner.email, TEST_PASSWORD, { cookie: forged }), "en");
  });

  test(`a known browser has its own limit: ${RATE_LIMITS.loginDeviceFailures.limit} wrong passwords, then 429; and its address's limit still applies`, async () => {
    const user = await createUser();
    const known = deviceOf(await apiLogin(user.email, TEST_PASSWORD));
    await lockOut(user.email);
    for (let i = 0; i < RATE_LIMITS.loginDeviceFailures.limit; i++)
      expect((await apiLogin(user.email, "Wrong-Pass-1!", { cookie: known })).status).toBe(401);
    await expect429(await apiLogin(user.email, TEST_PASSWORD, { cookie: known }), "en");
    // A fresh known browser on a busy address: the per-address limit comes first.
    const another = await createUser();
    const device = deviceOf(await apiLogin(another.email, TEST_PASSWORD));
    const ip = ownIp();
    for (let i = 0; i < RATE_LIMITS.loginIp.limit; i++) await hit("loginIp", ip);
    await expect429(await apiLogin(another.email, TEST_PASSWORD, { cookie: device, ip }), "en");
  });
});

describe("per-user limits", () => {
  test(`uploads: ${RATE_LIMITS.uploads.limit} per hour per user, then 429 before the body is stored`, async () => {
    const user = await createUser();
    const cookie = await sessionCookieHeader(user.id);
    for (let i = 0; i < RATE_LIMITS.uploads.limit; i++) await hit("uploads", String(user.id));
    await expect429(
      await call(applyRoute.action, "/dashboard/apply?lng=en", { form: await applicationForm(), cookie }),
      "en",
    );
  });

  test(`data export: ${RATE_LIMITS.dataExport.limit} per hour per user`, async () => {
    const user = await createUser();
    const cookie = await sessionCookieHeader(user.id);
    for (let i = 0; i < RATE_LIMITS.dataExport.limit; i++) await hit("dataExport", String(user.id));
    await expect429(await call(dashboardExport.loader, "/dashboard/export?lng=sk", { cookie }), "sk");
  });
});

test("counters live in SQLite (a restart keeps them), one row per limit and subject", async () => {
  const before = (await writerForTests().select({ n: count() }).from(rateLimits))[0]!.n;
  await hit("assistant", "203.0.113.9");
  await hit("assistant", "203.0.113.9");
  expect((await writerForTests().select({ n: count() }).from(rateLimits))[0]!.n).toBe(before + 1);
});
