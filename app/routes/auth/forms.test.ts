/**
 * The form doors of the auth dialog (app/routes/auth/*), /activate and /reset-password: the same
 * flows as the JSON API, answered as redirects or as data the dialog renders.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "~db/schema";
import { createFallbackChallenge } from "~/services/captcha.server";
import { config } from "~/infra/config.server";
import { writerForTests } from "~/infra/db.server";
import { createUser, getUserRow, sessionCookieHeader, TEST_PASSWORD } from "../../../tests/factories";
import { startMailCapture } from "../../../tests/mail-capture";
import { call, readJson } from "../../../tests/route-harness";
import * as activatePage from "../activate";
import * as meApi from "../api/auth.me";
import * as resetPage from "../reset-password";
import * as forgotForm from "./forgot";
import * as loginForm from "./login";
import * as logoutForm from "./logout";
import * as registerForm from "./register";
import * as resendForm from "./resend";

let mail: Awaited<ReturnType<typeof startMailCapture>>;
beforeAll(async () => {
  mail = await startMailCapture();
});
afterAll(() => mail.stop());

let ipCounter = 0;
const nextIp = () => `10.2.0.${++ipCounter}`;
const UA_RESET_SUBJECT = "Відновлення пароля Courier Fleet";
const STRONG = "Courier-Form-3!";
type Result = {
  reply?: { initialValue?: Record<string, unknown>; error?: Record<string, string[]> };
  error?: string;
  message?: string;
  resendEmail?: string;
  fallback?: unknown;
};

describe("/auth/login", () => {
  test("user → /dashboard with a session cookie; admin → the second-factor page, then /admin/dashboard", async () => {
    const user = await createUser();
    const admin = await createUser({ role: "admin" });
    const res = await call(loginForm.action, "/auth/login", {
      form: { email: user.email, password: TEST_PASSWORD, redirectTo: "" },
      ip: nextIp(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    expect(res.headers.get("Set-Cookie")).toContain("cf_session=");
    const adminRes = await call(loginForm.action, "/auth/login", {
      form: { email: admin.email, password: TEST_PASSWORD },
      ip: nextIp(),
    });
    // An admin gives the second factor first, then goes on to the admin area.
    expect(adminRes.headers.get("Location")).toBe("/auth/second-factor?redirectTo=%2Fadmin%2Fdashboard");
  });

  test("a same-site redirectTo is followed, an external one is not", async () => {
    const user = await createUser();
    const ok = await call(loginForm.action, "/auth/login", {
      form: { email: user.email, password: TEST_PASSWORD, redirectTo: "/dashboard?tab=vehicle" },
      ip: nextIp(),
    });
    expect(ok.headers.get("Location")).toBe("/dashboard?tab=vehicle");
    for (const evil of ["//evil.example", "https://evil.example/", "/\\evil.example"]) {
      const res = await call(loginForm.action, "/auth/login", {
        form: { email: user.email, password: TEST_PASSWORD, redirectTo: evil },
        ip: nextIp(),
      });
      expect(res.headers.get("Location")).toBe("/dashboard");
    }
  });

  test("a wrong password renders the dialog data: 401, translated error, e-mail kept, password dropped", async () => {
    const user = await createUser();
    const res = await call(loginForm.action, "/auth/login?lng=en", {
      form: { email: user.email, password: "Wrong-pass-1!" },
      ip: nextIp(),
    });
    expect(res.status).toBe(401);
    const body = await readJson<Result>(res);
    expect(body.error).toBe("Incorrect e-mail or password.");
    expect(body.reply?.initialValue).toMatchObject({ email: user.email });
    expect(body.reply?.initialValue?.password).toBeUndefined();
  });

  test("not activated: 403 with the e-mail to resend to", async () => {
    const user = await createUser({ status: "created_account" });
    const res = await call(loginForm.action, "/auth/login", {
      form: { email: user.email, password: TEST_PASSWORD },
      ip: nextIp(),
    });
    expect(res.status).toBe(403);
    expect((await readJson<Result>(res)).resendEmail).toBe(user.email);
  });

  test("invalid input: 400 with field-error keys and nothing else run", async () => {
    const res = await call(loginForm.action, "/auth/login", {
      form: { email: "not-an-email", password: "" },
      ip: nextIp(),
    });
    expect(res.status).toBe(400);
    expect((await readJson<Result>(res)).reply?.error).toEqual({
      email: ["auth:validation.emailInvalid"],
      password: ["auth:validation.passwordRequired"],
    });
  });

  test("with the captcha on: no token → the captcha message; the no-JS question answered → in", async () => {
    const captcha = config().captcha;
    captcha.provider = "altcha";
    try {
      const user = await createUser();
      const refused = await call(loginForm.action, "/auth/login?lng=en", {
        form: { email: user.email, password: TEST_PASSWORD },
        ip: nextIp(),
      });
      expect(refused.status).toBe(400);
      const body = await readJson<Result>(refused);
      expect(body.error).toBe("reCAPTCHA validation failed. Please try again.");
      expect(body.fallback).toBeTruthy();
      const q = createFallbackChallenge();
      const ok = await call(loginForm.action, "/auth/login", {
        form: { email: user.email, password: TEST_PASSWORD, fallbackToken: q.token, fallbackAnswer: String(q.a + q.b) },
        ip: nextIp(),
      });
      expect(ok.status).toBe(302);
    } finally {
      captcha.provider = "off";
    }
  });

  test("GET renders the dialog on its own page (no question while the captcha is off)", async () => {
    const res = await call(loginForm.loader, "/auth/login?redirectTo=%2Fdashboard");
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ fallback: null });
  });
});

describe("/auth/register, /activate, /auth/resend", () => {
  test("register (201, message) → activation e-mail → /activate once → used", async () => {
    const res = await call(registerForm.action, "/auth/register?lng=en", {
      form: { email: "form-reg@example.com", password: STRONG, language: "en", referralCode: "" },
      ip: nextIp(),
    });
    expect(res.status).toBe(201);
    expect((await readJson<Result>(res)).message).toContain("Registration successful");
    const link = (await mail.next("form-reg@example.com")).links[0]!;
    expect(link).toStartWith(`${config().appUrl}/activate/`);
    const token = new URL(link).pathname.split("/").pop()!;
    // A fresh link activates and logs the courier in (app/routes/activate.test.ts).
    const first = await call(activatePage.loader, `/activate/${token}`, { params: { token } });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/dashboard");
    expect(
      (await writerForTests().select().from(users).where(eq(users.email, "form-reg@example.com")))[0]!.status,
    ).toBe("confirmed_account");
    const second = await readJson<{ state: string }>(
      await call(activatePage.loader, `/activate/${token}`, { params: { token } }),
    );
    expect(second.state).toBe("used");
    const bogus = await readJson<{ state: string }>(
      await call(activatePage.loader, "/activate/zzz", { params: { token: "zzz" } }),
    );
    expect(bogus.state).toBe("unknown");
  });

  test("a weak password keeps the e-mail, drops the password, creates nothing", async () => {
    const res = await call(registerForm.action, "/auth/register", {
      form: { email: "form-weak@example.com", password: "password" },
      ip: nextIp(),
    });
    expect(res.status).toBe(400);
    const body = await readJson<Result>(res);
    expect(body.reply?.error?.password).toEqual(["auth:validation.passwordWeak"]);
    expect(body.reply?.initialValue).toEqual({ email: "form-weak@example.com" });
    expect(
      (await writerForTests().select().from(users).where(eq(users.email, "form-weak@example.com")))[0],
    ).toBeUndefined();
  });

  test("a taken e-mail: 409", async () => {
    const user = await createUser();
    const res = await call(registerForm.action, "/auth/register", {
      form: { email: user.email, password: STRONG },
      ip: nextIp(),
    });
    expect(res.status).toBe(409);
  });

  test("resend: a message, and a fresh link for an account waiting for activation", async () => {
    const user = await createUser({ status: "created_account", language: "en" });
    const res = await call(resendForm.action, "/auth/resend", { form: { email: user.email }, ip: nextIp() });
    expect((await readJson<Result>(res)).message).toBeTruthy();
    const sent = await mail.next(user.email);
    expect(sent.subject).toBe("Activate your Courier Fleet account");
  });
});

describe("/auth/forgot → /reset-password", () => {
  test("the link works once, needs matching strong passwords and ends every session", async () => {
    const user = await createUser({ language: "en" });
    const cookie = await sessionCookieHeader(user.id);
    const res = await call(forgotForm.action, "/auth/forgot", { form: { email: user.email }, ip: nextIp() });
    expect((await readJson<Result>(res)).message).toBeTruthy();
    const token = new URL((await mail.next(user.email)).links[0]!).pathname.split("/").pop()!;

    expect(
      (
        await readJson<{ state: string }>(
          await call(resetPage.loader, `/reset-password/${token}`, { params: { token } }),
        )
      ).state,
    ).toBe("valid");
    const mismatch = await call(resetPage.action, `/reset-password/${token}`, {
      params: { token },
      form: { password: STRONG, confirmPassword: "Other-Pass-4!" },
    });
    expect(mismatch.status).toBe(400);
    expect((await readJson<Result>(mismatch)).reply?.error).toEqual({
      confirmPassword: ["auth:validation.passwordsMismatch"],
    });

    const ok = await call(resetPage.action, `/reset-password/${token}`, {
      params: { token },
      form: { password: STRONG, confirmPassword: STRONG },
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/?auth=login");
    expect((await call(meApi.loader, "/api/auth/me", { cookie })).status).toBe(401);
    expect(await Bun.password.verify(STRONG, (await getUserRow(user.id))!.passwordHash)).toBe(true);
    expect(
      (
        await readJson<{ state: string }>(
          await call(resetPage.loader, `/reset-password/${token}`, { params: { token } }),
        )
      ).state,
    ).toBe("used");

    const login = await call(loginForm.action, "/auth/login", {
      form: { email: user.email, password: STRONG },
      ip: nextIp(),
    });
    expect(login.status).toBe(302);
  });
});

describe("the reset e-mail's language", () => {
  test("is the language of the page it was asked from, not the account's saved one", async () => {
    const user = await createUser({ language: "sk" });
    await call(forgotForm.action, "/auth/forgot?lng=ua", { form: { email: user.email }, ip: nextIp() });
    expect((await mail.next(user.email)).subject).toBe(UA_RESET_SUBJECT);
    await call(forgotForm.action, "/auth/forgot", { form: { email: user.email, language: "ua" }, ip: nextIp() });
    expect((await mail.next(user.email)).subject).toBe(UA_RESET_SUBJECT);
  });
});

describe("/auth/logout", () => {
  test("ends the session server-side and goes home", async () => {
    const user = await createUser();
    const cookie = await sessionCookieHeader(user.id);
    const res = await call(logoutForm.action, "/auth/logout", { method: "POST", cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(res.headers.get("Set-Cookie")).toContain("Max-Age=0");
    expect((await call(meApi.loader, "/api/auth/me", { cookie })).status).toBe(401);
  });
});
