/**
 * Session lifecycle through the real routes: idle and absolute expiry, a new session id on
 * every log-in, sessions ended on a role change, on password reset and on deactivation.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions } from "~db/schema";
import { SESSION_ABSOLUTE_DAYS, SESSION_IDLE_DAYS } from "~/domain/rules";
import * as me from "~/routes/api/auth.me";
import * as loginApi from "~/routes/api/auth.login";
import * as resetApi from "~/routes/api/auth.reset-password";
import * as loginForm from "~/routes/auth/login";
import * as userDetail from "~/routes/admin/user-detail";
import { createUser, enrolSecondFactor, sessionCookieHeader, TEST_PASSWORD } from "../../tests/factories";
import { call } from "../../tests/route-harness";
import { sha256 } from "~/infra/crypto.server";
import { writerForTests } from "~/infra/db.server";
import { newPasswordResetToken } from "~/models/accounts.server";
import { readSessionId } from "./session.server";

const DAY = 24 * 60 * 60 * 1000;
let ipCounter = 0;
const nextIp = () => `10.9.0.${++ipCounter}`;

const sessionIdOf = (cookie: string) => readSessionId(new Request("http://x/", { headers: { Cookie: cookie } }));
const cookieFrom = (res: Response) => res.headers.get("Set-Cookie")!.split(";")[0]!;
const meStatus = async (cookie: string) => (await call(me.loader, "/api/auth/me", { cookie })).status;
const sessionRows = async (userId: number) =>
  await writerForTests().select().from(sessions).where(eq(sessions.userId, userId));

describe("expiry", () => {
  test(`a session idle for ${SESSION_IDLE_DAYS} days is refused and removed`, async () => {
    const user = await createUser();
    const cookie = await sessionCookieHeader(user.id);
    expect(await meStatus(cookie)).toBe(200);
    const id = (await sessionIdOf(cookie))!;
    await writerForTests()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - SESSION_IDLE_DAYS * DAY - 1000) })
      .where(eq(sessions.idHash, sha256(id)));
    expect(await meStatus(cookie)).toBe(401);
    expect(await sessionRows(user.id)).toHaveLength(0);
  });

  test(`a session used every day still ends after ${SESSION_ABSOLUTE_DAYS} days`, async () => {
    const user = await createUser();
    const cookie = await sessionCookieHeader(user.id);
    const id = (await sessionIdOf(cookie))!;
    await writerForTests()
      .update(sessions)
      .set({ lastSeenAt: new Date(), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, sha256(id)));
    expect(await meStatus(cookie)).toBe(401);
  });
});

describe("rotation on log-in", () => {
  test("logging in over an existing session (API and form) issues a new id and ends the old one", async () => {
    const user = await createUser();
    const planted = await sessionCookieHeader(user.id);
    const api = await call(loginApi.action, "/api/auth/login", {
      json: { email: user.email, password: TEST_PASSWORD, captchaToken: "" },
      cookie: planted,
      ip: nextIp(),
    });
    expect(api.status).toBe(200);
    const fromApi = cookieFrom(api);
    expect(await sessionIdOf(fromApi)).not.toBe(await sessionIdOf(planted));
    expect(await meStatus(planted)).toBe(401);
    expect(await meStatus(fromApi)).toBe(200);

    const form = await call(loginForm.action, "/auth/login", {
      form: { email: user.email, password: TEST_PASSWORD },
      cookie: fromApi,
      ip: nextIp(),
    });
    expect(form.status).toBe(302);
    const fromForm = cookieFrom(form);
    expect(await sessionIdOf(fromForm)).not.toBe(await sessionIdOf(fromApi));
    expect(await meStatus(fromApi)).toBe(401);
    expect(await meStatus(fromForm)).toBe(200);
    expect(await sessionRows(user.id)).toHaveLength(1);
  });
});

describe("privilege change and deactivation (admin area)", () => {
  async function adminAct(target: number, form: Record<string, string>) {
    const admin = await createUser({ role: "admin" });
    const { code } = await enrolSecondFactor(admin.id);
    const adminCookie = await sessionCookieHeader(admin.id);
    const res = await call(userDetail.action, `/admin/users/${target}`, {
      form: { ...form, code: code() },
      cookie: adminCookie,
      params: { id: String(target) },
    });
    expect(res.status).toBe(302);
    return adminCookie;
  }

  test("a role change ends every session of that account; the admin's own stays", async () => {
    const user = await createUser();
    const a = await sessionCookieHeader(user.id);
    const b = await sessionCookieHeader(user.id);
    const adminCookie = await adminAct(user.id, { intent: "role", role: "admin" });
    expect(await meStatus(a)).toBe(401);
    expect(await meStatus(b)).toBe(401);
    expect(await meStatus(adminCookie)).toBe(200);
    // The new role applies from the next log-in, which for an admin first needs a second factor.
    const login = await call(loginApi.action, "/api/auth/login", {
      json: { email: user.email, password: TEST_PASSWORD, captchaToken: "" },
      ip: nextIp(),
    });
    expect(login.status).toBe(403);
    expect((await login.json()).error).toBe("Najprv si nastavte dvojstupňové overenie: prihláste sa na webe.");
  });

  test("deactivation ends the open session at once and log-in is refused", async () => {
    const user = await createUser();
    const cookie = await sessionCookieHeader(user.id);
    expect(await meStatus(cookie)).toBe(200);
    await adminAct(user.id, { intent: "deactivate" });
    expect(await meStatus(cookie)).toBe(401);
    expect(await sessionRows(user.id)).toHaveLength(0);
    const login = await call(loginApi.action, "/api/auth/login", {
      json: { email: user.email, password: TEST_PASSWORD, captchaToken: "" },
      ip: nextIp(),
    });
    expect(login.status).toBe(403);
  });
});

test("a password reset ends every session of the account", async () => {
  const user = await createUser();
  const a = await sessionCookieHeader(user.id);
  const b = await sessionCookieHeader(user.id);
  const issued = (await newPasswordResetToken(user.email))!;
  const res = await call(resetApi.action, "/api/auth/reset-password", {
    json: { token: issued.token, password: "Courier-Reset-9!" },
  });
  expect(res.status).toBe(200);
  expect(await meStatus(a)).toBe(401);
  expect(await meStatus(b)).toBe(401);
  expect(await sessionRows(user.id)).toHaveLength(0);
});
