/**
 * The outbox: every e-mail is a row of the transaction that causes it, and the sender delivers it
 * once, however long the SMTP server is away. Runs on SQLite (`bun test`) and PostgreSQL
 * (`bun run test:scale-out`), where the parallel senders use connections of their own.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { applications, auditLog, outbox } from "~db/schema";
import { isFailing, OUTBOX_MAX_ATTEMPTS, retryDelayMs } from "~/domain/outbox";
import { config } from "~/infra/config.server";
import { transaction, writerForTests } from "~/infra/db.server";
import { translatorFor } from "~/infra/i18n.server";
import { resetMailTransport } from "~/infra/mail.server";
import { deliverDueMail } from "~/services/outbox.server";
import { createUser } from "../../tests/factories";
import { startSmtpServer } from "../../tests/mail-capture";
import { call } from "../../tests/route-harness";
import { actors } from "../../tests/admin-fixtures";
import * as mailPage from "../routes/admin/mail";
import { approveApplication, approveApplications, rejectApplication } from "./applications.server";
import { DecisionError } from "./decisions.server";
import { listFailingMail, outboxRows, pruneOutbox, queueMail, resendFailingMail } from "./outbox.server";

const MINUTE = 60_000;
type Smtp = Awaited<ReturnType<typeof startSmtpServer>>;
const previousUrl = config().smtpUrl;
let smtp: Smtp;
let port = 0;

/** Points the app's mail transport at `url` (the config is read once and cached). */
function useSmtp(url: string | undefined) {
  (config() as { smtpUrl?: string }).smtpUrl = url;
  resetMailTransport();
}

/** The SMTP server goes away: nothing listens on its port any more. */
async function smtpDown() {
  await smtp.stop();
}

/** The SMTP server comes back on the same port, with an empty inbox. */
async function smtpBack() {
  smtp = await startSmtpServer(port);
  return smtp;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  port = Number(new URL(smtp.url).port);
  useSmtp(smtp.url);
});

afterAll(async () => {
  await smtp.stop().catch(() => undefined);
  useSmtp(previousUrl);
});

async function pendingApplication(userId: number) {
  return (
    await writerForTests()
      .insert(applications)
      .values({ userId, fullName: "Ivan Petrenko", age: 30, phone: "+421903123456", contactMethod: "phone" })
      .returning()
  )[0]!;
}

async function rowsTo(emails: string[]) {
  return await writerForTests().select().from(outbox).where(inArray(outbox.recipient, emails));
}

/** A sender of its own that sees the clock at `at`. */
const deliverAt = (at: Date, owner = "test-sender") => deliverDueMail({ owner, clock: () => at });

describe("outbox", () => {
  test("SMTP down during ten decisions, then back: every message arrives exactly once, in the recipient's language", async () => {
    const admin = await createUser({ role: "admin" });
    const languages = ["sk", "ua", "en"] as const;
    const couriers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createUser({ status: "applied_for_job", language: languages[i % 3] })),
    );
    const apps = await Promise.all(couriers.map((c) => pendingApplication(c.id)));
    await smtpDown();
    const start = new Date();
    // Ten decisions: approvals and rejections one by one, and three approvals in one bulk decision.
    for (let i = 0; i < 7; i++) {
      if (i % 2 === 0) await approveApplication(admin.id, apps[i]!.id);
      else await rejectApplication(admin.id, apps[i]!.id, `Reason ${i}`);
    }
    expect(
      (
        await approveApplications(
          admin.id,
          apps.slice(7).map((a) => a.id),
        )
      ).done,
    ).toHaveLength(3);
    const emails = couriers.map((c) => c.email);
    expect(await rowsTo(emails)).toHaveLength(10);

    // The sender tries while the server is away: nothing is lost, each row waits for a retry.
    expect(await deliverAt(start)).toBe(0);
    const failed = await rowsTo(emails);
    expect(
      failed.every(
        (row) =>
          row.sentAt === null && row.attempts === 1 && row.lastError && row.nextAttemptAt.getTime() > start.getTime(),
      ),
    ).toBe(true);

    const back = await smtpBack();
    // Not due yet: the retry waits its backoff.
    expect(await deliverAt(new Date(start.getTime() + MINUTE))).toBe(0);
    expect(back.inbox).toHaveLength(0);
    await deliverAt(new Date(start.getTime() + retryDelayMs(1) + MINUTE));
    // Later runs, and another instance's sender, find nothing more to send.
    await Promise.all([
      deliverAt(new Date(start.getTime() + 60 * MINUTE), "other-instance"),
      deliverAt(new Date(start.getTime() + 60 * MINUTE)),
    ]);

    const received = back.inbox.filter((mail) => emails.some((email) => mail.to.includes(email)));
    expect(received).toHaveLength(10);
    couriers.forEach((courier, i) => {
      const mine = received.filter((mail) => mail.to.includes(courier.email));
      expect(mine, courier.email).toHaveLength(1);
      const t = translatorFor(courier.language);
      const approved = i % 2 === 0 || i >= 7;
      expect(mine[0]!.subject).toBe(
        t(`dashboard:email.${approved ? "applicationApproved" : "applicationRejected"}.subject`),
      );
      if (!approved) expect(mine[0]!.text).toContain(`Reason ${i}`);
    });
    expect(
      (await rowsTo(emails)).every((row) => row.sentAt !== null && row.attempts === 2 && row.claimedBy === null),
    ).toBe(true);
  });

  test("senders running at once send every row once", async () => {
    const emails = Array.from({ length: 30 }, (_, i) => `parallel-${Date.now().toString(36)}-${i}@example.com`);
    await transaction(async (tx) => {
      for (const email of emails)
        await queueMail(tx, { to: email, subject: "Hello", text: "Once", language: "en", kind: "test" });
    });
    const at = new Date();
    const before = smtp.inbox.length;
    // Small batches so the senders interleave; on PostgreSQL each claim runs on its own pooled connection.
    const counts = await Promise.all(
      ["a", "b", "c", "d"].map((owner) => deliverDueMail({ owner, clock: () => at, batch: 3 })),
    );
    const received = smtp.inbox.slice(before).filter((mail) => emails.some((email) => mail.to.includes(email)));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    expect(received).toHaveLength(30);
    expect(new Set(received.map((mail) => mail.to)).size).toBe(30);
    expect((await rowsTo(emails)).every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
  });

  test("a rolled-back transaction or a refused decision leaves no row", async () => {
    const email = `rollback-${Date.now().toString(36)}@example.com`;
    const failure = await transaction(async (tx) => {
      await queueMail(tx, { to: email, subject: "Never", text: "Never", language: "en" });
      throw new Error("undone");
    }).catch((error: Error) => error.message);
    expect(failure).toBe("undone");
    expect(await rowsTo([email])).toHaveLength(0);

    const admin = await createUser({ role: "admin" });
    const courier = await createUser({ status: "applied_for_job" });
    const app = await pendingApplication(courier.id);
    await approveApplication(admin.id, app.id);
    expect(await rowsTo([courier.email])).toHaveLength(1);
    const refused = await approveApplication(admin.id, app.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DecisionError);
    expect(await rowsTo([courier.email])).toHaveLength(1);
  });

  test("the wait grows after each failure; after the last attempt the message is failing, and Send again sends it once, audited", async () => {
    const { admin, adminCookie, userCookie } = await actors();
    const courier = await createUser({ language: "ua" });
    await transaction((tx) =>
      queueMail(tx, {
        to: courier.email,
        subject: "Тест",
        text: "Лист",
        language: "ua",
        kind: "test",
        userId: courier.id,
      }),
    );
    const [row] = await rowsTo([courier.email]);
    await smtpDown();
    let at = new Date();
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      await deliverAt(at);
      const [now] = await outboxRows([row!.id]);
      expect(now!.attempts).toBe(attempt);
      expect(now!.nextAttemptAt.getTime() - at.getTime()).toBe(retryDelayMs(attempt));
      at = now!.nextAttemptAt;
    }
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));
    // Failing: no longer tried, listed for the admin.
    await deliverAt(new Date(at.getTime() + 7 * 24 * 60 * MINUTE));
    const [given] = await outboxRows([row!.id]);
    expect(isFailing(given!.attempts)).toBe(true);
    expect(given!.attempts).toBe(OUTBOX_MAX_ATTEMPTS);
    expect((await listFailingMail()).map((m) => m.id)).toContain(row!.id);

    const back = await smtpBack();
    const page = await call(mailPage.loader as never, "/admin/mail", { cookie: adminCookie });
    expect(page.status).toBe(200);
    expect(JSON.stringify(await page.json())).toContain(courier.email);
    // A courier may not; a message that is not failing is refused with nothing changed.
    expect(
      (
        await call(mailPage.action as never, "/admin/mail", {
          form: { intent: "resend", id: String(row!.id) },
          cookie: userCookie,
        })
      ).status,
    ).toBe(403);
    const resent = await call(mailPage.action as never, "/admin/mail", {
      form: { intent: "resend", id: String(row!.id) },
      cookie: adminCookie,
    });
    expect(resent.status).toBe(302);
    const again = await call(mailPage.action as never, "/admin/mail", {
      form: { intent: "resend", id: String(row!.id) },
      cookie: adminCookie,
    });
    expect(again.status).toBe(409);
    const audit = await writerForTests()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "mail.resend"), eq(auditLog.entityId, row!.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorId).toBe(admin.id);
    expect(audit[0]!.subjectUserId).toBe(courier.id);

    await deliverAt(new Date());
    await deliverAt(new Date(Date.now() + 60 * MINUTE));
    expect(back.inbox.filter((mail) => mail.to.includes(courier.email))).toHaveLength(1);
    expect(await resendFailingMail(admin.id, row!.id)).toBe(0);
  });

  test("sent rows are pruned after a week, waiting ones are kept", async () => {
    const sentTo = `pruned-${Date.now().toString(36)}@example.com`;
    const waitingTo = `kept-${Date.now().toString(36)}@example.com`;
    await transaction(async (tx) => {
      await queueMail(tx, { to: sentTo, subject: "S", text: "T" });
    });
    await deliverAt(new Date());
    await writerForTests()
      .insert(outbox)
      .values({
        recipient: waitingTo,
        language: "sk",
        kind: "test",
        subject: "S",
        text: "T",
        nextAttemptAt: new Date(Date.now() + 60 * MINUTE),
        attempts: 1,
      });
    await pruneOutbox(new Date(Date.now() + 6 * 24 * 60 * MINUTE));
    expect(await rowsTo([sentTo])).toHaveLength(1);
    await pruneOutbox(new Date(Date.now() + 8 * 24 * 60 * MINUTE));
    expect(await rowsTo([sentTo])).toHaveLength(0);
    expect(await rowsTo([waitingTo])).toHaveLength(1);
  });
});
