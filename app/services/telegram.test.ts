/**
 * The Telegram channel against a local fake of the Bot API (tests/fake-telegram.ts): linking by a one-time
 * code, messages in the courier's language, the courier's channel choices, quiet hours, and delivery that
 * survives Telegram being away or asking to wait. Runs on SQLite (`bun test`) and PostgreSQL
 * (`bun run test:scale-out`).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { applications, outbox, telegramChats } from "~db/schema";
import { OUTBOX_MAX_ATTEMPTS, retryDelayMs } from "~/domain/outbox";
import { addDays, localDateOf, startOfLocalDate } from "~/domain/pay-week";
import { setClockOffset, now } from "~/infra/clock.server";
import { config } from "~/infra/config.server";
import { writerForTests } from "~/infra/db.server";
import { translatorFor } from "~/infra/i18n.server";
import { approveApplication, approveApplications, rejectApplication } from "~/models/applications.server";
import { listFailingMail, outboxRows, resendFailingMail } from "~/models/outbox.server";
import {
  issueTelegramCode,
  notificationChoices,
  saveNotificationChoices,
  telegramChatOf,
  unlinkTelegram,
} from "~/models/telegram.server";
import { createUser, sessionCookieHeader } from "../../tests/factories";
import { collectUserData } from "~/models/privacy.server";
import { undoApproval } from "~/models/approval-undo.server";
import * as notificationsForm from "../routes/dashboard/notifications";
import * as dashboardPage from "../routes/dashboard";
import { FAKE_BOT_NAME, FAKE_BOT_TOKEN, startFakeTelegram, type FakeTelegram } from "../../tests/fake-telegram";
import { call } from "../../tests/route-harness";
import * as webhook from "../routes/api/telegram.webhook";
import { deliverDueMail } from "./outbox.server";
import { handleTelegramUpdate, startTelegram } from "./telegram.server";

const MINUTE = 60_000;
let fake: FakeTelegram;
const previous = config().telegram;

function useTelegram(webhookSecret?: string) {
  (config() as { telegram?: unknown }).telegram = {
    token: FAKE_BOT_TOKEN,
    botName: FAKE_BOT_NAME,
    webhookSecret,
    apiUrl: fake.url,
  };
}

/** Moves the server clock to `hour`:00 Bratislava time today. */
function clockAtBratislava(hour: number) {
  const target = startOfLocalDate(localDateOf(new Date())).getTime() + hour * 60 * MINUTE;
  setClockOffset(target - Date.now());
  return new Date(target);
}

beforeAll(async () => {
  fake = await startFakeTelegram();
  useTelegram();
});

afterEach(() => setClockOffset(0));

afterAll(async () => {
  (config() as { telegram?: unknown }).telegram = previous;
  await fake.stop();
});

let chatSerial = 7_000_000;
const nextChat = () => ++chatSerial;

async function pendingApplication(userId: number) {
  return (
    await writerForTests()
      .insert(applications)
      .values({ userId, fullName: "Ivan Petrenko", age: 30, phone: "+421903123456", contactMethod: "phone" })
      .returning()
  )[0]!;
}

async function linkDirectly(userId: number) {
  const chatId = String(nextChat());
  await writerForTests().insert(telegramChats).values({ userId, chatId });
  return chatId;
}

const sentTo = (chatId: string) => fake.sent.filter((m) => m.chatId === chatId);
const deliverAt = (at: Date, owner = "telegram-test") => deliverDueMail({ owner, clock: () => at });

async function until(check: () => Promise<boolean> | boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await Bun.sleep(20);
  }
}

describe("telegram", () => {
  test("a courier links Telegram through the bot (long polling) and gets the approval in Ukrainian", async () => {
    clockAtBratislava(12);
    const admin = await createUser({ role: "admin" });
    const courier = await createUser({ status: "applied_for_job", language: "ua" });
    const app = await pendingApplication(courier.id);
    const code = await issueTelegramCode(courier.id);
    expect(code).toMatch(/^[A-Za-z0-9_-]{1,64}$/);

    const polling = await startTelegram();
    try {
      const chat = nextChat();
      fake.message(chat, `/start ${code}`, "en");
      await until(async () => (await telegramChatOf(courier.id))?.chatId === String(chat));
    } finally {
      await polling.stop();
    }
    expect(fake.state.calls).toContain("getMe");
    expect(fake.state.calls).toContain("getUpdates");
    const chatId = (await telegramChatOf(courier.id))!.chatId;
    await deliverAt(now());
    const ua = translatorFor("ua");
    // The bot answers in the courier's language, not the sender's Telegram language.
    expect(sentTo(chatId).map((m) => m.text)).toEqual([ua("dashboard:telegram.bot.telegramLinked")]);

    await approveApplication(admin.id, app.id);
    await deliverAt(now());
    const messages = sentTo(chatId);
    expect(messages).toHaveLength(2);
    expect(messages[1]!.text).toContain(ua("dashboard:email.applicationApproved.subject"));
    expect(messages[1]!.text).toContain(`${config().appUrl}/dashboard`);
    // E-mail stays on by default: the approval went by e-mail as well.
    const rows = await writerForTests().select().from(outbox).where(eq(outbox.userId, courier.id));
    expect(
      rows
        .filter((r) => r.kind === "applicationApproved")
        .map((r) => r.channel)
        .sort(),
    ).toEqual(["email", "telegram"]);
  });

  test("a code works once and expires; a chat belongs to one courier; /stop unlinks", async () => {
    clockAtBratislava(12);
    const first = await createUser({ language: "sk" });
    const second = await createUser({ language: "en" });
    const chat = nextChat();
    const code = await issueTelegramCode(first.id);
    const start = (text: string, id = chat) =>
      handleTelegramUpdate({ update_id: 1, message: { message_id: 1, chat: { id, type: "private" }, text } });
    await start(`/start ${code}`);
    expect((await telegramChatOf(first.id))?.chatId).toBe(String(chat));
    // Used once: another chat cannot take it.
    const other = nextChat();
    await start(`/start ${code}`, other);
    expect((await telegramChatOf(first.id))?.chatId).toBe(String(chat));

    // An expired code links nothing.
    const late = await issueTelegramCode(second.id);
    setClockOffset(16 * MINUTE + (now().getTime() - Date.now()));
    await start(`/start ${late}`, other);
    expect(await telegramChatOf(second.id)).toBeNull();
    clockAtBratislava(12);

    // The same chat linked by another courier leaves the first one.
    await start(`/start ${await issueTelegramCode(second.id)}`);
    expect((await telegramChatOf(second.id))?.chatId).toBe(String(chat));
    expect(await telegramChatOf(first.id)).toBeNull();

    await start("/stop");
    expect(await telegramChatOf(second.id)).toBeNull();
    await deliverAt(now());
    const en = translatorFor("en");
    const texts = sentTo(String(chat)).map((m) => m.text);
    expect(texts.at(-1)).toBe(en("dashboard:telegram.bot.telegramUnlinked"));
    expect(sentTo(String(other)).map((m) => m.text)).toEqual([
      translatorFor("sk")("dashboard:telegram.bot.telegramCodeInvalid"),
      translatorFor("sk")("dashboard:telegram.bot.telegramCodeInvalid"),
    ]);
  });

  test("Telegram down during ten decisions, then back and asking to wait: each message arrives exactly once", async () => {
    const start = clockAtBratislava(12);
    const admin = await createUser({ role: "admin" });
    const languages = ["sk", "ua", "en"] as const;
    const couriers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createUser({ status: "applied_for_job", language: languages[i % 3] })),
    );
    const chats = await Promise.all(couriers.map((c) => linkDirectly(c.id)));
    const apps = await Promise.all(couriers.map((c) => pendingApplication(c.id)));
    await fake.down();
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
    const telegramRows = () =>
      writerForTests()
        .select()
        .from(outbox)
        .where(and(eq(outbox.channel, "telegram"), inArray(outbox.recipient, chats)));
    expect(await telegramRows()).toHaveLength(10);

    await deliverAt(start);
    expect((await telegramRows()).every((r) => r.sentAt === null && r.attempts === 1 && r.lastError)).toBe(true);

    fake.up();
    // Back, but rate limited: the first message gets 429 retry_after 30; the whole batch waits that long.
    fake.rateLimit(1, 30);
    const retry = new Date(start.getTime() + retryDelayMs(1) + MINUTE);
    await deliverAt(retry);
    expect(chats.flatMap(sentTo)).toHaveLength(0);
    expect((await telegramRows()).every((r) => r.notBefore && r.notBefore.getTime() === retry.getTime() + 30_000)).toBe(
      true,
    );
    await deliverAt(new Date(retry.getTime() + 29_000));
    expect(chats.flatMap(sentTo)).toHaveLength(0);
    // Two senders (two instances) at once after the wait: each message goes out once.
    const after = new Date(retry.getTime() + 31_000);
    await Promise.all([deliverAt(after, "instance-a"), deliverAt(after, "instance-b")]);
    await deliverAt(new Date(after.getTime() + 60 * MINUTE));
    couriers.forEach((courier, i) => {
      const mine = sentTo(chats[i]!);
      expect(mine, courier.email).toHaveLength(1);
      const approved = i % 2 === 0 || i >= 7;
      const t = translatorFor(courier.language);
      expect(mine[0]!.text).toStartWith(
        t(`dashboard:email.${approved ? "applicationApproved" : "applicationRejected"}.subject`),
      );
    });
    // The 429 was no failed attempt.
    expect((await telegramRows()).every((r) => r.sentAt !== null && r.attempts === 2)).toBe(true);
  });

  test("the courier's choices decide the channels; a message never goes nowhere", async () => {
    clockAtBratislava(12);
    const admin = await createUser({ role: "admin" });
    const decide = async (enabled: string[]) => {
      const courier = await createUser({ status: "applied_for_job", language: "en" });
      await linkDirectly(courier.id);
      await saveNotificationChoices(courier.id, ["email", "telegram"], new Set(enabled) as never);
      await approveApplication(admin.id, (await pendingApplication(courier.id)).id);
      const rows = await writerForTests().select().from(outbox).where(eq(outbox.userId, courier.id));
      return rows.map((r) => r.channel).sort();
    };
    expect(await decide(["application:email"])).toEqual(["email"]);
    expect(await decide(["application:telegram"])).toEqual(["telegram"]);
    expect(await decide([])).toEqual(["email"]);
    const courier = await createUser();
    expect((await notificationChoices(courier.id)).every((c) => c.enabled)).toBe(true);
  });

  test("quiet hours hold a Telegram message until 07:00 Bratislava; e-mail goes at once", async () => {
    const night = clockAtBratislava(23);
    const admin = await createUser({ role: "admin" });
    const courier = await createUser({ status: "applied_for_job", language: "ua" });
    const chatId = await linkDirectly(courier.id);
    await approveApplication(admin.id, (await pendingApplication(courier.id)).id);
    const [row] = await writerForTests()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, courier.id), eq(outbox.channel, "telegram")));
    const morning = new Date(startOfLocalDate(addDays(localDateOf(night), 1)).getTime() + 7 * 60 * MINUTE);
    expect(row!.notBefore?.getTime()).toBe(morning.getTime());
    await deliverAt(night);
    expect(sentTo(chatId)).toHaveLength(0);
    await deliverAt(new Date(morning.getTime() - MINUTE));
    expect(sentTo(chatId)).toHaveLength(0);
    await deliverAt(morning);
    expect(sentTo(chatId)).toHaveLength(1);
  });

  test("Disconnect withdraws what still waits for the chat; failing Telegram messages are sent again from /admin/mail", async () => {
    const night = clockAtBratislava(23);
    const admin = await createUser({ role: "admin" });
    const courier = await createUser({ status: "applied_for_job", language: "en" });
    const chatId = await linkDirectly(courier.id);
    await approveApplication(admin.id, (await pendingApplication(courier.id)).id);
    expect(await unlinkTelegram({ userId: courier.id })).toBe(true);
    const waiting = await writerForTests()
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, chatId), eq(outbox.channel, "telegram")));
    // Only the "disconnected" reply is left for the chat.
    expect(waiting.map((r) => r.kind)).toEqual(["telegramUnlinked"]);

    // A message that used up its attempts is listed with its channel and goes out once after Send again.
    await writerForTests()
      .update(outbox)
      .set({ attempts: OUTBOX_MAX_ATTEMPTS, lastError: "Telegram not reached" })
      .where(eq(outbox.id, waiting[0]!.id));
    const failing = await listFailingMail();
    expect(failing.find((m) => m.id === waiting[0]!.id)?.channel).toBe("telegram");
    expect(await resendFailingMail(admin.id, waiting[0]!.id, night)).toBe(1);
    await deliverAt(night);
    expect(sentTo(chatId)).toHaveLength(1);
    expect((await outboxRows([waiting[0]!.id]))[0]!.sentAt).not.toBeNull();
  });

  test("the webhook takes updates only with the secret header", async () => {
    clockAtBratislava(12);
    useTelegram("webhook-secret-0123456789");
    try {
      const courier = await createUser({ language: "ua" });
      const chat = nextChat();
      const body = JSON.stringify({
        update_id: 9,
        message: {
          message_id: 1,
          chat: { id: chat, type: "private" },
          text: `/start ${await issueTelegramCode(courier.id)}`,
        },
      });
      const post = (secret?: string) =>
        call(webhook.action, "/api/telegram/webhook", {
          method: "POST",
          body,
          headers: {
            "Content-Type": "application/json",
            ...(secret ? { "X-Telegram-Bot-Api-Secret-Token": secret } : {}),
          },
        });
      expect((await post()).status).toBe(401);
      expect((await post("webhook-secret-0123456789x")).status).toBe(401);
      expect(await telegramChatOf(courier.id)).toBeNull();
      expect((await post("webhook-secret-0123456789")).status).toBe(200);
      expect((await telegramChatOf(courier.id))?.chatId).toBe(String(chat));
    } finally {
      useTelegram();
    }
  });

  test("the dashboard: Connect opens the bot with a fresh code, Save keeps the choices, Disconnect unlinks", async () => {
    clockAtBratislava(12);
    const courier = await createUser({ language: "ua" });
    const cookie = await sessionCookieHeader(courier.id);
    const post = (form: Record<string, string> | FormData) =>
      call(notificationsForm.action, "/dashboard/notifications", { cookie, form });

    const page = await (await call(dashboardPage.loader, "/dashboard", { cookie })).json();
    expect(page.notifications.telegram).toEqual({ connected: false });

    const connect = await post({ intent: "telegramConnect" });
    expect(connect.status).toBe(302);
    const location = connect.headers.get("Location")!;
    expect(location).toStartWith(`https://t.me/${FAKE_BOT_NAME}?start=`);
    const code = new URL(location).searchParams.get("start")!;
    await handleTelegramUpdate({
      update_id: 1,
      message: { message_id: 1, chat: { id: nextChat(), type: "private" }, text: `/start ${code}` },
    });
    expect(await telegramChatOf(courier.id)).not.toBeNull();

    const form = new FormData();
    form.set("intent", "save");
    for (const on of ["application:telegram", "pay:email", "pay:telegram", "nonsense:email", "pay:fax"])
      form.append("on", on);
    expect((await post(form)).status).toBe(302);
    const choices = await notificationChoices(courier.id);
    // The form had no phone column: push keeps its default (on) and is not counted here.
    const on = choices.filter((c) => c.enabled && c.channel !== "push").map((c) => `${c.event}:${c.channel}`);
    expect(on.sort()).toEqual(["application:telegram", "pay:email", "pay:telegram"]);

    expect((await post({ intent: "telegramDisconnect" })).status).toBe(302);
    expect(await telegramChatOf(courier.id)).toBeNull();
    expect((await post({ intent: "other" })).status).toBe(400);

    // Logged out: nothing happens, the visitor is sent to log in.
    const anonymous = await call(notificationsForm.action, "/dashboard/notifications", {
      form: { intent: "telegramConnect" },
    });
    expect(anonymous.headers.get("Location") ?? "").not.toContain("t.me");
  });

  test("an instance without the bot token leaves Telegram messages to one that has it", async () => {
    const at = clockAtBratislava(12);
    const admin = await createUser({ role: "admin" });
    const courier = await createUser({ status: "applied_for_job", language: "sk" });
    const chatId = await linkDirectly(courier.id);
    await approveApplication(admin.id, (await pendingApplication(courier.id)).id);
    (config() as { telegram?: unknown }).telegram = undefined;
    try {
      await deliverAt(at, "instance-without-token");
    } finally {
      useTelegram();
    }
    const [row] = await writerForTests()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, courier.id), eq(outbox.channel, "telegram")));
    expect(row!.attempts).toBe(0);
    await deliverAt(at, "instance-with-token");
    expect(sentTo(chatId)).toHaveLength(1);
  });

  test("with a secret and a public https address the webhook is set at start, with its secret", async () => {
    useTelegram("webhook-secret-0123456789");
    const appUrl = config().appUrl;
    (config() as { appUrl: string }).appUrl = "https://fleet.example.sk";
    try {
      const before = fake.state.calls.filter((c) => c === "getUpdates").length;
      const started = await startTelegram();
      await started.stop();
      expect(fake.state.webhooks.at(-1)).toEqual({
        url: "https://fleet.example.sk/api/telegram/webhook",
        secret_token: "webhook-secret-0123456789",
      });
      // No polling beside a webhook.
      expect(fake.state.calls.filter((c) => c === "getUpdates").length).toBe(before);
    } finally {
      (config() as { appUrl: string }).appUrl = appUrl;
      useTelegram();
    }
  });

  test("the courier's data export names the linked chat and the channel choices", async () => {
    const courier = await createUser();
    const chatId = await linkDirectly(courier.id);
    await saveNotificationChoices(courier.id, ["email", "telegram"], new Set(["pay:telegram"]) as never);
    const data = (await collectUserData(courier.id))!;
    expect(data.telegram?.chatId).toBe(chatId);
    expect(data.notificationPreferences).toContainEqual({ event: "pay", channel: "telegram", enabled: true });
    expect(data.notificationPreferences).toContainEqual({ event: "pay", channel: "email", enabled: false });
  });

  test("more than ten /start in a chat within 15 minutes get no answer, and link nothing", async () => {
    clockAtBratislava(12);
    const courier = await createUser();
    const chat = nextChat();
    const start = (text: string) =>
      handleTelegramUpdate({ update_id: 1, message: { message_id: 1, chat: { id: chat, type: "private" }, text } });
    for (let i = 0; i < 10; i++) await start(`/start guess-${i}`);
    await start(`/start ${await issueTelegramCode(courier.id)}`);
    expect(await telegramChatOf(courier.id)).toBeNull();
    const replies = await writerForTests()
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, String(chat)));
    expect(replies.map((r) => r.kind)).toEqual(Array(10).fill("telegramCodeInvalid"));
  });

  test("an approval taken back: the waiting message is withdrawn, a correction follows only where one went out", async () => {
    clockAtBratislava(12);
    const admin = await createUser({ role: "admin" });
    const courier = await createUser({ status: "applied_for_job", language: "ua" });
    await linkDirectly(courier.id);
    const app = await pendingApplication(courier.id);
    await approveApplication(admin.id, app.id);
    // The e-mail went out; the Telegram message still waits (say, for the morning).
    await writerForTests()
      .update(outbox)
      .set({ sentAt: new Date() })
      .where(and(eq(outbox.userId, courier.id), eq(outbox.channel, "email")));
    await undoApproval(admin.id, app.id);
    const rows = await writerForTests().select().from(outbox).where(eq(outbox.userId, courier.id));
    expect(rows.map((r) => `${r.kind}:${r.channel}`).sort()).toEqual([
      "applicationApproved:email",
      "approvalWithdrawn:email",
    ]);
  });
});
