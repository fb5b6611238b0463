/**
 * The key shown during an admin's enrolment belongs to one pending session. A key
 * read by someone who once had the password is useless after a password reset, a role change or
 * the pending session's expiry, and a second browser starting an enrolment is told to the admin.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { changeUserRole } from "~/models/admin-users.server";
import { newPasswordResetToken } from "~/models/accounts.server";
import { deleteExpiredSessions } from "~/models/sessions.server";
import { createUser, TEST_PASSWORD, totpCode } from "../../../tests/factories";
import { startMailCapture } from "../../../tests/mail-capture";
import { queuedMail } from "../../../tests/queued-mail";
import { call, readJson } from "../../../tests/route-harness";
import uaEmail from "../../../locales/ua/email.json";
import * as loginApi from "../api/auth.login";
import * as resetApi from "../api/auth.reset-password";
import * as loginForm from "./login";
import * as secondFactor from "./second-factor";

let mail: Awaited<ReturnType<typeof startMailCapture>>;
beforeAll(async () => {
  mail = await startMailCapture();
});
afterAll(() => mail.stop());

let ipCounter = 0;
const nextIp = () => `10.24.2.${++ipCounter}`;
const NEW_PASSWORD = "Courier-Reset-24!";
// Password hashes and ten argon2id recovery codes per enrolment: slow on a busy machine.
const SLOW = 30_000;

function cookiesOf(response: Response) {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
}

/** A browser that types the password and opens the enrolment page: its cookie and the key it is shown. */
async function startEnrolment(email: string, password = TEST_PASSWORD, headers: Record<string, string> = {}) {
  const res = await call(loginForm.action, "/auth/login", { form: { email, password }, ip: nextIp(), headers });
  expect(res.status).toBe(302);
  const cookie = cookiesOf(res);
  const page = await readJson<{ view: string; secret: string }>(
    await call(secondFactor.loader, "/auth/second-factor", { cookie, headers }),
  );
  expect(page.view).toBe("enrol");
  return { cookie, secret: page.secret };
}

/** The first message to `to` with this subject after `after` (a new-device notice may come first). */
async function mailWithSubject(to: string, subject: string, after: number) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = mail.inbox.slice(after).find((m) => m.to.includes(to) && m.subject === subject);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no "${subject}" to ${to}`);
    await Bun.sleep(50);
  }
}

const enrol = (cookie: string, code: string) =>
  call(secondFactor.action, "/auth/second-factor", { form: { intent: "enrol", code }, cookie });

describe("one key per pending session", () => {
  test(
    "two browsers of one admin are shown two different keys; each keeps its own on reload",
    async () => {
      const admin = await createUser({ role: "admin" });
      const a = await startEnrolment(admin.email);
      const b = await startEnrolment(admin.email);
      expect(b.secret).not.toBe(a.secret);
      const again = await readJson<{ secret: string }>(
        await call(secondFactor.loader, "/auth/second-factor", { cookie: a.cookie }),
      );
      expect(again.secret).toBe(a.secret);
      // A code of the other browser's key does not confirm this browser's enrolment.
      expect((await enrol(b.cookie, totpCode(a.secret))).status).toBe(401);
      expect((await enrol(b.cookie, totpCode(b.secret))).status).toBe(200);
      // Once enrolled, the first browser's page asks for the code of the confirmed authenticator.
      expect(
        (await readJson<{ view: string }>(await call(secondFactor.loader, "/auth/second-factor", { cookie: a.cookie })))
          .view,
      ).toBe("verify");
    },
    SLOW,
  );

  test(
    "the issue's take-over: a key read before a password reset neither enrols nor logs in after it",
    async () => {
      const admin = await createUser({ role: "admin" });
      const intruder = await startEnrolment(admin.email);
      const issued = (await newPasswordResetToken(admin.email))!;
      expect(
        (
          await call(resetApi.action, "/api/auth/reset-password", {
            json: { token: issued.token, password: NEW_PASSWORD },
          })
        ).status,
      ).toBe(200);
      const owner = await startEnrolment(admin.email, NEW_PASSWORD);
      expect(owner.secret).not.toBe(intruder.secret);
      expect((await enrol(owner.cookie, totpCode(intruder.secret))).status).toBe(401);
      expect((await enrol(owner.cookie, totpCode(owner.secret))).status).toBe(200);
      const stolen = await call(loginApi.action, "/api/auth/login", {
        json: { email: admin.email, password: NEW_PASSWORD, secondFactorCode: totpCode(intruder.secret, 1) },
        ip: nextIp(),
      });
      expect(stolen.status).toBe(401);
      const own = await call(loginApi.action, "/api/auth/login", {
        json: { email: admin.email, password: NEW_PASSWORD, secondFactorCode: totpCode(owner.secret, 1) },
        ip: nextIp(),
      });
      expect(own.status).toBe(200);
    },
    SLOW,
  );

  test(
    "a role change drops the unconfirmed key",
    async () => {
      const admin = await createUser({ role: "admin" });
      const boss = await createUser({ role: "admin" });
      const before = await startEnrolment(admin.email);
      await changeUserRole(boss.id, admin.id, "user");
      await changeUserRole(boss.id, admin.id, "admin");
      const after = await startEnrolment(admin.email);
      expect(after.secret).not.toBe(before.secret);
      expect((await enrol(after.cookie, totpCode(before.secret))).status).toBe(401);
    },
    SLOW,
  );

  test(
    "the expired-sessions job takes an expired pending session's key with it",
    async () => {
      const admin = await createUser({ role: "admin" });
      const before = await startEnrolment(admin.email);
      await deleteExpiredSessions(Date.now() + 11 * 60 * 1000);
      expect((await call(secondFactor.loader, "/auth/second-factor", { cookie: before.cookie })).status).toBe(302);
      const after = await startEnrolment(admin.email);
      expect(after.secret).not.toBe(before.secret);
      expect((await enrol(after.cookie, totpCode(before.secret))).status).toBe(401);
    },
    SLOW,
  );
});

describe("the admin is told when an enrolment starts in another browser", () => {
  const firefoxLinux = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

  test(
    "the first browser sends nothing; a second one sends one e-mail in the admin's language",
    async () => {
      const admin = await createUser({ role: "admin", language: "ua" });
      const before = mail.inbox.length;
      await startEnrolment(admin.email);
      await startEnrolment(admin.email, TEST_PASSWORD, { "User-Agent": firefoxLinux });
      const notice = await mailWithSubject(admin.email, uaEmail.enrolmentStarted.subject, before);
      expect(notice.subject).toBe(uaEmail.enrolmentStarted.subject);
      expect(notice.text).toContain("Firefox 140 · Linux");
      expect(notice.links).toContain("http://localhost:3999/account/sessions?lng=ua");
      // The notice is queued after the answer; the first browser's would have been queued before this
      // one reached the inbox. The outbox holds every e-mail ever queued: one, the second browser's.
      expect(await queuedMail(admin.email, "enrolmentStarted")).toHaveLength(1);
    },
    SLOW,
  );
});
