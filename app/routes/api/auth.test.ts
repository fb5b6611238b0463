/**
 * The auth JSON API of docs/api.md against the real temporary database, with the e-mails captured
 * by an in-process SMTP server.
 */
import { RATE_LIMITS } from "~/domain/rules";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { referralLinks, sessions, users } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { config } from "~/infra/config.server";
import { createUser, getUserRow, sessionCookieHeader, TEST_PASSWORD } from "../../../tests/factories";
import { startMailCapture } from "../../../tests/mail-capture";
import { queuedMail } from "../../../tests/queued-mail";
import { call, readJson } from "../../../tests/route-harness";
import * as activateApi from "./auth.activate";
import * as forgotApi from "./auth.forgot-password";
import * as loginApi from "./auth.login";
import * as logoutApi from "./auth.logout";
import * as meApi from "./auth.me";
import * as registerApi from "./auth.register";
import * as resendApi from "./auth.resend-activation";
import * as resetApi from "./auth.reset-password";
import * as challengeApi from "./captcha.challenge";
import * as languageApi from "./user.language";

let mail: Awaited<ReturnType<typeof startMailCapture>>;
beforeAll(async () => {
  mail = await startMailCapture();
});
afterAll(() => mail.stop());

let ipCounter = 0;
/** Every test its own client address, so the per-IP limits of one test do not spill into another. */
const nextIp = () => `10.1.0.${++ipCounter}`;
const STRONG = "Courier-New-2!";
const tokenOf = (link: string) => new URL(link).pathname.split("/").pop()!;

describe("POST /api/auth/register", () => {
  test("201 with a message, the account waits for activation, the e-mail is in the chosen language", async () => {
    const res = await call(registerApi.action, "/api/auth/register", {
      json: { email: "Nova@Example.com", password: STRONG, captchaToken: "", referralCode: null, language: "ua" },
      ip: nextIp(),
    });
    expect(res.status).toBe(201);
    expect((await readJson(res)).message).toContain("Registrácia prebehla úspešne");
    const user = (await writerForTests().select().from(users).where(eq(users.email, "nova@example.com")))[0]!;
    expect(user.status).toBe("created_account");
    expect(user.language).toBe("ua");
    expect(user.passwordHash.startsWith("$argon2id$")).toBe(true);
    const sent = await mail.next("nova@example.com");
    expect(sent.subject).toBe("Активуйте свій акаунт Courier Fleet");
    expect(sent.links[0]).toStartWith(`${config().appUrl}/activate/`);
    // The page the link opens speaks the account's language, whatever the browser says.
    expect(new URL(sent.links[0]!).searchParams.get("lng")).toBe("ua");
  });

  test("a referral code from the body, else from the cf_ref cookie; unknown codes are ignored", async () => {
    const link = (
      await writerForTests().insert(referralLinks).values({ name: "Flyers", code: "FLY1" }).returning()
    )[0]!;
    await call(registerApi.action, "/api/auth/register", {
      json: { email: "ref1@example.com", password: STRONG, referralCode: "FLY1" },
      ip: nextIp(),
    });
    await call(registerApi.action, "/api/auth/register", {
      json: { email: "ref2@example.com", password: STRONG },
      cookie: "cf_ref=FLY1",
      ip: nextIp(),
    });
    const unknown = await call(registerApi.action, "/api/auth/register", {
      json: { email: "ref3@example.com", password: STRONG, referralCode: "NOPE" },
      ip: nextIp(),
    });
    expect(unknown.status).toBe(201);
    const byEmail = async (email: string) =>
      (await writerForTests().select().from(users).where(eq(users.email, email)))[0]!;
    expect((await byEmail("ref1@example.com")).referralLinkId).toBe(link.id);
    expect((await byEmail("ref2@example.com")).referralLinkId).toBe(link.id);
    expect((await byEmail("ref3@example.com")).referralLinkId).toBeNull();
  });

  test("a weak password: 400 with the translated rule message, nothing created", async () => {
    const res = await call(registerApi.action, "/api/auth/register?lng=sk", {
      json: { email: "weak@example.com", password: "abcdefgh" },
      ip: nextIp(),
    });
    expect(res.status).toBe(400);
    const body = await readJson<{ error: string; fieldErrors: Record<string, string[]> }>(res);
    expect(body.error).toBe("Heslo nespĺňa bezpečnostné požiadavky.");
    expect(body.fieldErrors.password).toEqual(["Heslo nespĺňa bezpečnostné požiadavky."]);
    expect((await writerForTests().select().from(users).where(eq(users.email, "weak@example.com")))[0]).toBeUndefined();
  });

  test("a taken e-mail: 409, translated", async () => {
    const existing = await createUser();
    const res = await call(registerApi.action, "/api/auth/register", {
      json: { email: existing.email.toUpperCase(), password: STRONG },
      headers: { "Accept-Language": "en" },
      ip: nextIp(),
    });
    expect(res.status).toBe(409);
    expect((await readJson(res)).error).toBe("An account with this e-mail already exists.");
  });

  test("RATE_LIMITS.register per IP (60 an hour), then 429 with Retry-After", async () => {
    const ip = nextIp();
    for (let i = 0; i < RATE_LIMITS.register.limit; i++)
      await call(registerApi.action, "/api/auth/register", {
        json: { email: `burst${i}@example.com`, password: STRONG },
        ip,
      });
    const res = await call(registerApi.action, "/api/auth/register", {
      json: { email: "burst-refused@example.com", password: STRONG },
      ip,
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(
      (await writerForTests().select().from(users).where(eq(users.email, "burst-refused@example.com")))[0],
    ).toBeUndefined();
  }, 60_000);

  test("wrong method: 405 JSON", async () => {
    expect((await call(registerApi.loader, "/api/auth/register")).status).toBe(405);
  });
});

describe("activation and login", () => {
  test("register → activate once → log in → me → logout", async () => {
    const ip = nextIp();
    await call(registerApi.action, "/api/auth/register", {
      json: { email: "journey@example.com", password: STRONG, language: "en" },
      ip,
    });
    const token = tokenOf((await mail.next("journey@example.com")).links[0]!);

    const early = await call(loginApi.action, "/api/auth/login?lng=en", {
      json: { email: "journey@example.com", password: STRONG, captchaToken: "" },
      ip,
    });
    expect(early.status).toBe(403);
    expect((await readJson(early)).error).toContain("not activated");

    const activated = await call(activateApi.loader, `/api/auth/activate/${token}`, { params: { token } });
    expect(activated.status).toBe(200);
    const again = await call(activateApi.loader, `/api/auth/activate/${token}`, { params: { token } });
    expect(again.status).toBe(409);
    const unknown = await call(activateApi.loader, "/api/auth/activate/nonsense-token", {
      params: { token: "nonsense-token" },
    });
    expect(unknown.status).toBe(404);

    const login = await call(loginApi.action, "/api/auth/login", {
      json: { email: "journey@example.com", password: STRONG, captchaToken: "" },
      ip,
    });
    expect(login.status).toBe(200);
    const body = await readJson(login);
    expect(body).toMatchObject({ email: "journey@example.com", role: "user" });
    expect(typeof body.registeredAt).toBe("string");
    const cookie = login.headers.get("Set-Cookie")!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");

    const me = await call(meApi.loader, "/api/auth/me", { cookie: cookie.split(";")[0] });
    expect(await readJson(me)).toMatchObject({
      email: "journey@example.com",
      role: "user",
      language: "en",
      status: "confirmed_account",
    });

    const logout = await call(logoutApi.action, "/api/auth/logout", { method: "POST", cookie: cookie.split(";")[0] });
    expect(logout.status).toBe(204);
    expect((await call(meApi.loader, "/api/auth/me", { cookie: cookie.split(";")[0] })).status).toBe(401);
  });

  test("a new session id on every login (rotation), the old one is gone", async () => {
    const user = await createUser();
    const ip = nextIp();
    const first = (
      await call(loginApi.action, "/api/auth/login", { json: { email: user.email, password: TEST_PASSWORD }, ip })
    ).headers
      .get("Set-Cookie")!
      .split(";")[0]!;
    const second = (
      await call(loginApi.action, "/api/auth/login", {
        json: { email: user.email, password: TEST_PASSWORD },
        cookie: first,
        ip,
      })
    ).headers
      .get("Set-Cookie")!
      .split(";")[0]!;
    expect(second).not.toBe(first);
    expect((await call(meApi.loader, "/api/auth/me", { cookie: first })).status).toBe(401);
    expect((await call(meApi.loader, "/api/auth/me", { cookie: second })).status).toBe(200);
  });

  test("wrong password and unknown e-mail: the same 401 message", async () => {
    const user = await createUser();
    const wrong = await call(loginApi.action, "/api/auth/login", {
      json: { email: user.email, password: "Nope-1234!" },
      ip: nextIp(),
    });
    const unknown = await call(loginApi.action, "/api/auth/login", {
      json: { email: "nobody@example.com", password: "Nope-1234!" },
      ip: nextIp(),
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await readJson(wrong)).toEqual(await readJson(unknown));
  });

  test("a deactivated account cannot log in", async () => {
    const user = await createUser({ active: false });
    const res = await call(loginApi.action, "/api/auth/login", {
      json: { email: user.email, password: TEST_PASSWORD },
      ip: nextIp(),
    });
    expect(res.status).toBe(403);
  });

  test("5 failures per account lock it for 15 minutes, even from new addresses", async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i++)
      await call(loginApi.action, "/api/auth/login", {
        json: { email: user.email, password: "Wrong-123!" },
        ip: nextIp(),
      });
    const res = await call(loginApi.action, "/api/auth/login", {
      json: { email: user.email, password: TEST_PASSWORD },
      ip: nextIp(),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  test("10 attempts a minute per IP", async () => {
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i < 11; i++)
      last = (
        await call(loginApi.action, "/api/auth/login", {
          json: { email: `x${i}@example.com`, password: "Wrong-123!" },
          ip,
        })
      ).status;
    expect(last).toBe(429);
  });

  test("missing fields: 400 with fieldErrors", async () => {
    const res = await call(loginApi.action, "/api/auth/login", { json: {}, ip: nextIp() });
    expect(res.status).toBe(400);
    expect(Object.keys((await readJson<{ fieldErrors: object }>(res)).fieldErrors)).toEqual(["email", "password"]);
  });

  test("GET /api/auth/me logged out: 401", async () => {
    expect((await call(meApi.loader, "/api/auth/me")).status).toBe(401);
  });
});

describe("forgot and reset password", () => {
  test("the same answer for known and unknown e-mails; the link resets once and ends every session", async () => {
    const user = await createUser({ language: "sk" });
    const sessionA = await sessionCookieHeader(user.id);
    await sessionCookieHeader(user.id);
    const known = await call(forgotApi.action, "/api/auth/forgot-password", {
      json: { email: user.email, language: "en" },
      ip: nextIp(),
    });
    const unknown = await call(forgotApi.action, "/api/auth/forgot-password", {
      json: { email: "ghost@example.com", language: "en" },
      ip: nextIp(),
    });
    expect(known.status).toBe(200);
    expect(await readJson(known)).toEqual(await readJson(unknown));

    const sent = await mail.next(user.email);
    // Asked in English for a Slovak account: the e-mail and its link are in the language asked in.
    expect(sent.subject).toBe("Reset your Courier Fleet password");
    expect(new URL(sent.links.find((l) => l.includes("/reset-password/"))!).searchParams.get("lng")).toBe("en");
    const token = tokenOf(sent.links.find((l) => l.includes("/reset-password/"))!);

    const weak = await call(resetApi.action, "/api/auth/reset-password", { json: { token, password: "short" } });
    expect(weak.status).toBe(400);
    const ok = await call(resetApi.action, "/api/auth/reset-password", { json: { token, password: STRONG } });
    expect(ok.status).toBe(200);
    expect(await writerForTests().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await call(meApi.loader, "/api/auth/me", { cookie: sessionA })).status).toBe(401);
    expect(await Bun.password.verify(STRONG, (await getUserRow(user.id))!.passwordHash)).toBe(true);

    const reuse = await call(resetApi.action, "/api/auth/reset-password?lng=en", {
      json: { token, password: "Another-Pass-3!" },
    });
    expect(reuse.status).toBe(400);
    expect((await readJson(reuse)).error).toBe("This password-reset link has already been used.");
  });

  test("resend activation: same answer whatever the state, a new link only for accounts waiting", async () => {
    const waiting = await createUser({ status: "created_account" });
    const active = await createUser();
    const before = mail.inbox.length;
    const answers = await Promise.all(
      [waiting.email, active.email, "none@example.com"].map(async (email) =>
        readJson(await call(resendApi.action, "/api/auth/resend-activation", { json: { email }, ip: nextIp() })),
      ),
    );
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    const sent = await mail.next(waiting.email, before);
    expect(sent.links[0]).toContain("/activate/");
    // The link is queued before the answer: the outbox holds one for the waiting account, none for the other.
    expect(await queuedMail(waiting.email, "activation")).toHaveLength(1);
    expect(await queuedMail(active.email)).toHaveLength(0);
  });
});

describe("PUT /api/user/language", () => {
  test("204 and saved; 400 for another code; 401 logged out", async () => {
    const user = await createUser({ language: "sk" });
    const cookie = await sessionCookieHeader(user.id);
    const ok = await call(languageApi.action, "/api/user/language", {
      method: "PUT",
      json: { language: "ua" },
      cookie,
    });
    expect(ok.status).toBe(204);
    expect((await getUserRow(user.id))!.language).toBe("ua");
    expect(
      (await call(languageApi.action, "/api/user/language", { method: "PUT", json: { language: "de" }, cookie }))
        .status,
    ).toBe(400);
    expect(
      (await call(languageApi.action, "/api/user/language", { method: "PUT", json: { language: "en" } })).status,
    ).toBe(401);
    expect(
      (await call(languageApi.action, "/api/user/language", { method: "POST", json: { language: "en" }, cookie }))
        .status,
    ).toBe(405);
  });
});

describe("GET /api/captcha/challenge", () => {
  test("an ALTCHA challenge when the provider is altcha, 404 otherwise", async () => {
    const captcha = config().captcha;
    expect((await call(challengeApi.loader, "/api/captcha/challenge")).status).toBe(404);
    captcha.provider = "altcha";
    try {
      const res = await call(challengeApi.loader, "/api/captcha/challenge");
      expect(res.status).toBe(200);
      expect(await readJson(res)).toMatchObject({ algorithm: "SHA-256", maxnumber: 50_000 });
    } finally {
      captcha.provider = "off";
    }
  });
});
