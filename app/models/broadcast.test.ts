/**
 * An admin's message to a group of couriers: the right couriers, each in their language on their
 * channels, one audit entry, at most five an hour, urgent past the quiet hours. Both engines.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { auditLog, outbox, telegramChats, users } from "~db/schema";
import { localDateOf, startOfLocalDate } from "~/domain/pay-week";
import { setClockOffset } from "~/infra/clock.server";
import { config } from "~/infra/config.server";
import { writerForTests } from "~/infra/db.server";
import { actors, vehicle } from "../../tests/admin-fixtures";
import { createUser } from "../../tests/factories";
import { call } from "../../tests/route-harness";
import * as broadcastPage from "../routes/admin/broadcast";
import { reset } from "./limits.server";
import { broadcastMessage, broadcastRecipients, type Broadcast } from "./broadcast.server";

const DAY = 24 * 60 * 60 * 1000;
const previous = config().telegram;

beforeAll(() => {
  (config() as { telegram?: unknown }).telegram = {
    token: "123456:TEST-token-for-the-fake-telegram",
    botName: "CourierFleetTestBot",
    apiUrl: "http://127.0.0.1:9",
    webhookSecret: undefined,
  };
});
afterAll(() => {
  (config() as { telegram?: unknown }).telegram = previous;
  setClockOffset(0);
});

const message = (over: Partial<Broadcast> = {}): Broadcast => ({
  group: "withVehicle",
  titleSk: "Búrka",
  titleUa: "Буря",
  titleEn: null,
  bodySk: "Dnes po 18:00 nejazdite.",
  bodyUa: "Сьогодні після 18:00 не їздіть.",
  bodyEn: null,
  urgent: false,
  ...over,
});

const rowsOf = (ids: number[]) =>
  writerForTests()
    .select()
    .from(outbox)
    .where(and(inArray(outbox.userId, ids), inArray(outbox.kind, ["announcement", "announcementUrgent"])));

describe("a message to couriers", () => {
  test("reaches the group on each courier's channels, in their language, audited once", async () => {
    const { admin } = await actors();
    await reset("broadcast", String(admin.id));
    const withVehicle = await createUser({ status: "working_with_vehicle", language: "ua" });
    await vehicle({ status: "in_use", assignedUserId: withVehicle.id });
    await writerForTests()
      .insert(telegramChats)
      .values({ userId: withVehicle.id, chatId: `${Date.now()}` });
    const english = await createUser({ status: "working_with_vehicle", language: "en" });
    await vehicle({ status: "in_use", assignedUserId: english.id });
    const expiring = await createUser({ status: "working_no_vehicle", language: "sk" });
    await writerForTests()
      .update(users)
      .set({ documentValidUntil: new Date(Date.now() + 10 * DAY) })
      .where(eq(users.id, expiring.id));
    const applicant = await createUser({ status: "applied_for_job" });
    const inactive = await createUser({ status: "working_with_vehicle", active: false });
    await vehicle({ status: "in_use", assignedUserId: inactive.id });

    const ids = (list: { id: number }[]) => list.map((u) => u.id);
    expect(ids(await broadcastRecipients("withVehicle"))).toEqual(expect.arrayContaining([withVehicle.id, english.id]));
    expect(ids(await broadcastRecipients("withVehicle"))).not.toContain(expiring.id);
    expect(ids(await broadcastRecipients("documentExpiring"))).toContain(expiring.id);
    expect(ids(await broadcastRecipients("documentExpiring"))).not.toContain(withVehicle.id);
    const everyone = ids(await broadcastRecipients("everyone"));
    expect(everyone).toEqual(expect.arrayContaining([withVehicle.id, english.id, expiring.id]));
    expect(everyone).not.toContain(applicant.id);
    expect(everyone).not.toContain(inactive.id);

    const sent = await broadcastMessage(admin.id, message());
    expect(sent.ok).toBe(true);
    const rows = await rowsOf([withVehicle.id, english.id, expiring.id, applicant.id, inactive.id]);
    const mine = rows.filter((r) => r.userId === withVehicle.id);
    expect(mine.map((r) => r.channel).sort()).toEqual(["email", "telegram"]);
    expect(mine.every((r) => r.subject === "Буря")).toBe(true);
    expect(mine.find((r) => r.channel === "telegram")!.text).toContain("Сьогодні після 18:00 не їздіть.");
    // No English text: the Slovak one.
    expect(rows.filter((r) => r.userId === english.id).map((r) => r.subject)).toEqual(["Búrka"]);
    expect(rows.some((r) => [expiring.id, applicant.id, inactive.id].includes(r.userId!))).toBe(false);
    const audit = await writerForTests()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "message.broadcast"), eq(auditLog.actorId, admin.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ title: "Búrka", group: "withVehicle", urgent: false });
    // The files after this one share the database: a document ending soon would be theirs to expire.
    await writerForTests().update(users).set({ documentValidUntil: null }).where(eq(users.id, expiring.id));
  });

  test("at night only an urgent message skips the quiet hours", async () => {
    const { admin } = await actors();
    await reset("broadcast", String(admin.id));
    setClockOffset(startOfLocalDate(localDateOf(new Date())).getTime() + 23 * 60 * 60 * 1000 - Date.now());
    const courier = await createUser({ status: "working_with_vehicle", language: "sk" });
    await vehicle({ status: "in_use", assignedUserId: courier.id });
    await writerForTests()
      .insert(telegramChats)
      .values({ userId: courier.id, chatId: `n${Date.now()}` });
    await broadcastMessage(admin.id, message());
    await broadcastMessage(admin.id, message({ urgent: true }));
    setClockOffset(0);
    const telegram = (await rowsOf([courier.id])).filter((r) => r.channel === "telegram");
    expect(telegram.find((r) => r.kind === "announcement")!.notBefore).not.toBeNull();
    expect(telegram.find((r) => r.kind === "announcementUrgent")!.notBefore).toBeNull();
  });

  test("the page: admins only, five an hour, a bad form changes nothing", async () => {
    const { admin, adminCookie, userCookie } = await actors();
    await reset("broadcast", String(admin.id));
    const form = (over: Record<string, string> = {}) => ({
      group: "withVehicle",
      titleSk: "Oznam",
      bodySk: "Text",
      ...over,
    });
    expect(
      (await call(broadcastPage.action as never, "/admin/broadcast", { form: form(), cookie: userCookie })).status,
    ).toBe(403);
    const bad = await call(broadcastPage.action as never, "/admin/broadcast", {
      form: form({ titleSk: "", group: "nobody" }),
      cookie: adminCookie,
    });
    expect(bad.status).toBe(400);
    for (let i = 0; i < 5; i++)
      expect(
        (await call(broadcastPage.action as never, "/admin/broadcast", { form: form(), cookie: adminCookie })).status,
      ).toBe(302);
    const limited = await call(broadcastPage.action as never, "/admin/broadcast", {
      form: form(),
      cookie: adminCookie,
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBeTruthy();
    const audit = await writerForTests()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "message.broadcast"), eq(auditLog.actorId, admin.id)));
    expect(audit).toHaveLength(5);
  });
});
