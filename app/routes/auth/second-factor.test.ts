/**
 * The admins' second factor: the log-in that stops at /auth/second-factor, enrolment with recovery
 * codes, verification (each code once, attempts limited), the JSON API's code field, the code asked
 * again before an erasure, the sessions page and the new-device e-mail.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { generateSync } from "otplib";
import { sessions, totpCredentials } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import {
  createUser,
  enrolSecondFactor,
  getUserRow,
  sessionCookieHeader,
  TEST_PASSWORD,
  totpCode,
} from "../../../tests/factories";
import { startMailCapture } from "../../../tests/mail-capture";
import { queuedMail } from "../../../tests/queued-mail";
import { call, readJson } from "../../../tests/route-harness";
import * as sessionsPage from "../account-sessions";
import * as userDetail from "../admin/user-detail";
import * as adminUsers from "../admin/users";
import * as loginApi from "../api/auth.login";
import * as meApi from "../api/auth.me";
import * as loginForm from "./login";
import * as secondFactor from "./second-factor";

let mail: Awaited<ReturnType<typeof startMailCapture>>;
beforeAll(async () => {
  mail = await startMailCapture();
});
afterAll(() => mail.stop());

let ipCounter = 0;
const nextIp = () => `10.7.0.${++ipCounter}`;

/** The cookies of a response as one Cookie header (session and device). */
function cookiesOf(response: Response) {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
}
const sessionOnly = (cookie: string) => cookie.split("; ").find((c) => c.startsWith("cf_session="))!;

async function passwordStep(email: string, redirectTo = "/admin/users") {
  const res = await call(loginForm.action, "/auth/login", {
    form: { email, password: TEST_PASSWORD, redirectTo },
    ip: nextIp(),
  });
  expect(res.status).toBe(302);
  return { location: res.headers.get("Location")!, cookie: cookiesOf(res) };
}

const meStatus = async (cookie: string) => (await call(meApi.loader, "/api/auth/me", { cookie })).status;

describe("log-in of an admin", () => {
  test("first log-in: the password opens only the enrolment page; a confirmed code gives ten recovery codes and a new full session", async () => {
    const admin = await createUser({ role: "admin" });
    const { location, cookie } = await passwordStep(admin.email);
    expect(location).toBe("/auth/second-factor?redirectTo=%2Fadmin%2Fusers");
    // Half logged in: no API access, the admin area sends back to the second factor.
    expect(await meStatus(cookie)).toBe(401);
    const admin403 = await call(adminUsers.loader, "/admin/users", { cookie });
    expect(admin403.status).toBe(302);
    expect(admin403.headers.get("Location")).toBe("/auth/second-factor");

    const page = await readJson<{ view: string; secret: string; qrImage: string }>(
      await call(secondFactor.loader, location, { cookie }),
    );
    expect(page.view).toBe("enrol");
    expect(page.qrImage).toStartWith("data:image/svg+xml;base64,");
    // Reloading keeps the same secret (the QR code does not change under the phone's camera).
    expect((await readJson<{ secret: string }>(await call(secondFactor.loader, location, { cookie }))).secret).toBe(
      page.secret,
    );

    const wrong = await call(secondFactor.action, location, { form: { intent: "enrol", code: "000000" }, cookie });
    expect(wrong.status).toBe(401);
    const done = await call(secondFactor.action, location, {
      form: { intent: "enrol", code: totpCode(page.secret) },
      cookie,
    });
    expect(done.status).toBe(200);
    const body = await readJson<{ recoveryCodes: string[]; continueTo: string }>(done);
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    expect(body.continueTo).toBe("/admin/users");
    const full = cookiesOf(done);
    expect(await meStatus(full)).toBe(200);
    expect(await meStatus(cookie)).toBe(401);
    expect((await call(adminUsers.loader, "/admin/users", { cookie: full })).status).toBe(200);
    // Recovery codes are stored as hashes, the TOTP secret sealed.
    const stored = JSON.stringify(
      await writerForTests().select().from(totpCredentials).where(eq(totpCredentials.userId, admin.id)),
    );
    expect(stored).not.toContain(body.recoveryCodes[0]!);
    expect(stored).not.toContain(page.secret);
  });

  test("an enrolled admin gives the current code; the same code cannot be used twice", async () => {
    const admin = await createUser({ role: "admin" });
    const { secret } = await enrolSecondFactor(admin.id);
    const first = await passwordStep(admin.email);
    expect(
      (await readJson<{ view: string }>(await call(secondFactor.loader, first.location, { cookie: first.cookie })))
        .view,
    ).toBe("verify");
    const code = totpCode(secret);
    const ok = await call(secondFactor.action, first.location, {
      form: { intent: "verify", code },
      cookie: first.cookie,
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/admin/users");
    expect(await meStatus(cookiesOf(ok))).toBe(200);

    const second = await passwordStep(admin.email);
    const replay = await call(secondFactor.action, second.location, {
      form: { intent: "verify", code },
      cookie: second.cookie,
    });
    expect(replay.status).toBe(401);
    expect((await readJson<{ error: string }>(replay)).error).toBe(
      "The code is not correct or was already used. Enter the code the app shows now.",
    );
  });

  test("a recovery code logs in once", async () => {
    const admin = await createUser({ role: "admin" });
    const step = await passwordStep(admin.email);
    const { secret } = await readJson<{ secret: string }>(
      await call(secondFactor.loader, step.location, { cookie: step.cookie }),
    );
    const enrolled = await readJson<{ recoveryCodes: string[] }>(
      await call(secondFactor.action, step.location, {
        form: { intent: "enrol", code: totpCode(secret) },
        cookie: step.cookie,
      }),
    );
    const recovery = enrolled.recoveryCodes[3]!;

    const again = await passwordStep(admin.email);
    // Typed in capitals and without the dash, as people do from paper.
    const ok = await call(secondFactor.action, again.location, {
      form: { intent: "verify", code: recovery.replace("-", "").toUpperCase() },
      cookie: again.cookie,
    });
    expect(ok.status).toBe(302);
    const third = await passwordStep(admin.email);
    const spent = await call(secondFactor.action, third.location, {
      form: { intent: "verify", code: recovery },
      cookie: third.cookie,
    });
    expect(spent.status).toBe(401);
  });

  test("ten parallel wrong codes: at most five are checked, the rest get 429", async () => {
    const admin = await createUser({ role: "admin" });
    await enrolSecondFactor(admin.id);
    const step = await passwordStep(admin.email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(secondFactor.action, step.location, {
          form: { intent: "verify", code: String(100000 + i) },
          cookie: step.cookie,
        }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
  });

  test("a pending session expires after ten minutes and a plain user never sees the page", async () => {
    const admin = await createUser({ role: "admin" });
    const { cookie } = await passwordStep(admin.email);
    const row = (await writerForTests().select().from(sessions).where(eq(sessions.userId, admin.id)))[0]!;
    expect(row.secondFactorPending).toBe(true);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
    expect((await call(secondFactor.loader, "/auth/second-factor", { cookie })).status).toBe(200);
    const user = await createUser();
    const userCookie = await sessionCookieHeader(user.id);
    const sent = await call(secondFactor.loader, "/auth/second-factor", { cookie: userCookie });
    expect(sent.headers.get("Location")).toBe("/dashboard");
  });
});

describe("JSON API log-in of an admin", () => {
  test("needs secondFactorCode: 401 without it, 200 with it; 403 before enrolment", async () => {
    const admin = await createUser({ role: "admin" });
    const notEnrolled = await call(loginApi.action, "/api/auth/login", {
      json: { email: admin.email, password: TEST_PASSWORD },
      ip: nextIp(),
    });
    expect(notEnrolled.status).toBe(403);
    const { secret } = await enrolSecondFactor(admin.id);
    const without = await call(loginApi.action, "/api/auth/login", {
      json: { email: admin.email, password: TEST_PASSWORD },
      ip: nextIp(),
    });
    expect(without.status).toBe(401);
    expect(await without.json()).toMatchObject({ secondFactorRequired: true });
    expect(without.headers.getSetCookie().some((c) => c.startsWith("cf_session="))).toBe(false);
    const wrong = await call(loginApi.action, "/api/auth/login", {
      json: { email: admin.email, password: TEST_PASSWORD, secondFactorCode: "123456" },
      ip: nextIp(),
    });
    expect(wrong.status).toBe(401);
    const ok = await call(loginApi.action, "/api/auth/login", {
      json: { email: admin.email, password: TEST_PASSWORD, secondFactorCode: totpCode(secret) },
      ip: nextIp(),
    });
    expect(ok.status).toBe(200);
    expect(await meStatus(sessionOnly(cookiesOf(ok)))).toBe(200);
  });

  test("a plain user logs in as before, without a code", async () => {
    const user = await createUser();
    const ok = await call(loginApi.action, "/api/auth/login", {
      json: { email: user.email, password: TEST_PASSWORD },
      ip: nextIp(),
    });
    expect(ok.status).toBe(200);
  });
});

describe("the code asked again before an erasure", () => {
  test("no code or a wrong one erases nothing; the current code does", async () => {
    const admin = await createUser({ role: "admin" });
    const { secret } = await enrolSecondFactor(admin.id);
    const cookie = await sessionCookieHeader(admin.id);
    const target = await createUser();
    const params = { id: String(target.id) };
    const path = `/admin/users/${target.id}`;
    const missing = await call(userDetail.action, path, {
      form: { intent: "erase", confirmEmail: target.email },
      params,
      cookie,
    });
    expect(missing.status).toBe(400);
    const wrong = await call(userDetail.action, path, {
      form: { intent: "erase", confirmEmail: target.email, code: "111111" },
      params,
      cookie,
    });
    expect(wrong.status).toBe(401);
    expect(await getUserRow(target.id)).toBeDefined();
    const ok = await call(userDetail.action, path, {
      form: { intent: "erase", confirmEmail: target.email, code: generateSync({ secret }) },
      params,
      cookie,
    });
    expect(ok.status).toBe(302);
    expect(await getUserRow(target.id)).toBeUndefined();
  });

  test("an admin without an authenticator is told to set one up", async () => {
    const admin = await createUser({ role: "admin" });
    const cookie = await sessionCookieHeader(admin.id);
    const target = await createUser();
    const res = await call(userDetail.action, `/admin/users/${target.id}`, {
      form: { intent: "role", role: "admin", code: "123456" },
      params: { id: String(target.id) },
      cookie,
    });
    expect(res.status).toBe(403);
    expect((await readJson<{ formError: string }>(res)).formError).toBe(
      "Set up two-step verification first (Sessions and security).",
    );
    expect((await getUserRow(target.id))?.role).toBe("user");
  });
});

describe("sessions page", () => {
  type Page = { sessions: Array<{ handle: string; current: boolean; device: string; ip: string | null }> };

  test("lists my sessions with the current one first; ends one, then all others; never another user's", async () => {
    const user = await createUser();
    const here = await sessionCookieHeader(user.id);
    await sessionCookieHeader(user.id);
    const third = await sessionCookieHeader(user.id);
    const list = await readJson<Page>(await call(sessionsPage.loader, "/account/sessions", { cookie: here }));
    expect(list.sessions).toHaveLength(3);
    expect(list.sessions[0]!.current).toBe(true);
    expect(list.sessions.filter((s) => s.current)).toHaveLength(1);

    const stranger = await createUser();
    const strangerCookie = await sessionCookieHeader(stranger.id);
    const other = list.sessions.find((s) => !s.current)!;
    const refused = await call(sessionsPage.action, "/account/sessions", {
      form: { intent: "end", session: other.handle },
      cookie: strangerCookie,
    });
    expect(refused.status).toBe(404);
    expect(
      (await readJson<Page>(await call(sessionsPage.loader, "/account/sessions", { cookie: here }))).sessions,
    ).toHaveLength(3);

    const ended = await call(sessionsPage.action, "/account/sessions", {
      form: { intent: "end", session: other.handle },
      cookie: here,
    });
    expect(ended.status).toBe(302);
    expect(
      (await readJson<Page>(await call(sessionsPage.loader, "/account/sessions", { cookie: here }))).sessions,
    ).toHaveLength(2);

    await call(sessionsPage.action, "/account/sessions", { form: { intent: "endOthers" }, cookie: here });
    expect(await meStatus(third)).toBe(401);
    expect(await meStatus(here)).toBe(200);
    expect(await meStatus(strangerCookie)).toBe(200);
  });

  test("a visitor is sent to log in", async () => {
    const res = await call(sessionsPage.loader, "/account/sessions");
    expect(res.headers.get("Location")).toStartWith("/?auth=login");
  });
});

describe("new-device e-mail", () => {
  const chromeAndroid =
    "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Mobile Safari/537.36";

  test("the first log-in sends none; a second browser does, in the user's language; a known browser does not", async () => {
    const user = await createUser({ language: "sk" });
    const first = await call(loginApi.action, "/api/auth/login", {
      json: { email: user.email, password: TEST_PASSWORD },
      ip: nextIp(),
    });
    const device = first.headers
      .getSetCookie()
      .find((c) => c.startsWith("cf_device="))!
      .split(";")[0]!;
    const before = mail.inbox.length;
    await call(loginApi.action, "/api/auth/login", {
      json: { email: user.email, password: TEST_PASSWORD },
      ip: nextIp(),
      cookie: device,
    });
    const second = await call(loginApi.action, "/api/auth/login", {
      json: { email: user.email, password: TEST_PASSWORD },
      ip: "10.7.9.9",
      headers: { "User-Agent": chromeAndroid },
    });
    expect(second.status).toBe(200);
    const notice = await mail.next(user.email, before);
    expect(notice.subject).toBe("Nové prihlásenie do vášho účtu Courier Fleet");
    expect(notice.text).toContain("Chrome 150 · Android");
    expect(notice.text).toContain("10.7.9.9");
    expect(notice.links).toContain("http://localhost:3999/account/sessions?lng=sk");
    // Each notice is queued with the device row, in the log-in's transaction: the table says all that was sent.
    expect(await queuedMail(user.email, "newDevice")).toHaveLength(1);
  });
});

describe("operator's reset (bun run admin:reset-2fa)", () => {
  test("removes the authenticator and the sessions; the next log-in asks for a new enrolment", async () => {
    const admin = await createUser({ role: "admin" });
    await enrolSecondFactor(admin.id);
    const cookie = await sessionCookieHeader(admin.id);
    const proc = Bun.spawn(["bun", "scripts/reset-second-factor.ts", admin.email.toUpperCase()], {
      stdout: "pipe",
      stderr: "pipe",
      env: process.env,
    });
    expect(await proc.exited).toBe(0);
    expect(await new Response(proc.stdout).text()).toContain("was removed");
    expect(await meStatus(cookie)).toBe(401);
    const step = await passwordStep(admin.email);
    expect(
      (await readJson<{ view: string }>(await call(secondFactor.loader, step.location, { cookie: step.cookie }))).view,
    ).toBe("enrol");
    const unknown = Bun.spawn(["bun", "scripts/reset-second-factor.ts", "nobody@example.com"], {
      stdout: "pipe",
      stderr: "pipe",
      env: process.env,
    });
    expect(await unknown.exited).toBe(1);
  });
});

describe("the user's data export", () => {
  test("lists the sessions and remembered browsers without their ids", async () => {
    const { collectUserData } = await import("~/models/privacy.server");
    const user = await createUser();
    const res = await call(loginApi.action, "/api/auth/login", {
      json: { email: user.email, password: TEST_PASSWORD },
      ip: "10.7.8.8",
      headers: { "User-Agent": "Test-Browser/1" },
    });
    const data = collectUserData(user.id)!;
    expect((await data)!.sessions.map((s) => s.ip)).toContain("10.7.8.8");
    expect((await data)!.devices).toHaveLength(1);
    expect((await data)!.devices[0]!.userAgent).toBe("Test-Browser/1");
    const sessionId = res.headers.getSetCookie().find((c) => c.startsWith("cf_session="))!;
    expect(JSON.stringify(data)).not.toContain("idHash");
    expect(JSON.stringify(data)).not.toContain("deviceHash");
    expect(sessionId).toBeDefined();
  });
});
