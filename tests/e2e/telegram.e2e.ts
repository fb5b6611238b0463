/**
 * A courier connects Telegram from the dashboard and hears about the approval there, in Ukrainian.
 *
 * The journey runs a server of its own with the bot configured (TELEGRAM_API_URL pointing at the local
 * fake of the Bot API, tests/fake-telegram.ts) on the worker's database: the worker's own server has no
 * bot token, so it leaves the Telegram messages to this one. The browser never leaves for t.me: the
 * redirect is caught and its code is what the fake user sends to the bot.
 */
import type { Subprocess } from "bun";
import { eq } from "drizzle-orm";
import { applications, outbox } from "~db/schema";
import { setClockOffset } from "~/infra/clock.server";
import { config } from "~/infra/config.server";
import { writerForTests } from "~/infra/db.server";
import { translatorFor } from "~/infra/i18n.server";
import { localDateOf, startOfLocalDate } from "~/domain/pay-week";
import { approveApplication } from "~/models/applications.server";
import { OUTBOX_MAX_ATTEMPTS } from "~/domain/outbox";
import { createUser } from "../factories";
import { FAKE_BOT_NAME, FAKE_BOT_TOKEN, startFakeTelegram, type FakeTelegram } from "../fake-telegram";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test, waitForHydration } from "./fixtures";

test.describe.configure({ mode: "serial", timeout: 90_000 });

const sparePort = Number(process.env.E2E_SPARE_PORT ?? 3300) + 5;
const ownUrl = `http://127.0.0.1:${sparePort + 1}`;
let fake: FakeTelegram;
let server: Subprocess;

test.beforeAll(async () => {
  fake = await startFakeTelegram(sparePort);
  // Noon in Bratislava, so the quiet hours do not hold the approval whenever the journey runs.
  setClockOffset(startOfLocalDate(localDateOf(new Date())).getTime() + 12 * 3_600_000 - Date.now());
  server = Bun.spawn(["bun", "server.ts"], {
    env: {
      ...process.env,
      PORT: String(sparePort + 1),
      APP_URL: ownUrl,
      DEMO_SEED: "0",
      MAIL_SEND_SECONDS: "1",
      TELEGRAM_BOT_TOKEN: FAKE_BOT_TOKEN,
      TELEGRAM_BOT_NAME: FAKE_BOT_NAME,
      TELEGRAM_API_URL: fake.url,
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${ownUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await Bun.sleep(100);
  }
  throw new Error("the server with the bot did not start");
});

test.afterAll(async () => {
  server?.kill();
  await server?.exited;
  await fake?.stop();
  setClockOffset(0);
  (config() as { telegram?: unknown }).telegram = undefined;
});

test("a courier links Telegram on the dashboard and gets the approval in Ukrainian", async ({ page }) => {
  const ua = translatorFor("ua");
  const courier = await loginAs(page, { status: "applied_for_job", language: "ua" });
  const [application] = await writerForTests()
    .insert(applications)
    .values({ userId: courier.id, fullName: "Іван Петренко", age: 30, phone: "+421903123456", contactMethod: "phone" })
    .returning();

  // Offline, t.me is answered here (a redirect the route does not see is answered by the browser's error page).
  await page.route("https://t.me/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Telegram</title><p>Telegram</p>" }),
  );
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${ownUrl}/dashboard#notifications`);
    await waitForHydration(page);
    await expect(page.getByTestId("notifications")).toContainText(ua("dashboard:telegram.notConnected"));
    await expectNoHorizontalOverflow(page);
    await page.getByTestId("notifications").screenshot({ path: shotPath(`telegram-connect-${width}`) });
  }
  const [posted] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/dashboard/notifications") && r.request().method() === "POST"),
    page.getByRole("button", { name: ua("dashboard:telegram.connect") }).click(),
  ]);
  // A plain form post (no JavaScript needed) answered with the way to the bot and a one-time code.
  expect(posted.status()).toBe(302);
  const opened = new URL(posted.headers().location!);
  expect(`${opened.origin}${opened.pathname}`).toBe(`https://t.me/${FAKE_BOT_NAME}`);
  const code = opened.searchParams.get("start")!;

  // The courier presses Start: Telegram sends "/start <code>" to the bot, which the server long-polls.
  const chat = 5_550_001;
  fake.message(chat, `/start ${code}`, "en");
  await expect
    .poll(() => fake.sent.filter((m) => m.chatId === String(chat)).map((m) => m.text), { timeout: 15_000 })
    .toContain(ua("dashboard:telegram.bot.telegramLinked"));

  await page.goto(`${ownUrl}/dashboard#notifications`);
  await expect(page.getByTestId("telegram-state")).toContainText(ua("dashboard:telegram.connected"));
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoHorizontalOverflow(page);
    await page.getByTestId("notifications").screenshot({ path: shotPath(`telegram-connected-${width}`) });
  }

  // The admin decides (here in the test process, which is told that the bot is configured, as every
  // instance of an installation with the bot is); the server's sender delivers.
  (config() as { telegram?: unknown }).telegram = {
    token: FAKE_BOT_TOKEN,
    botName: FAKE_BOT_NAME,
    apiUrl: fake.url,
    webhookSecret: undefined,
  };
  const admin = await createUser({ role: "admin" });
  await approveApplication(admin.id, application!.id);
  await expect.poll(() => fake.sent.filter((m) => m.chatId === String(chat)).length, { timeout: 15_000 }).toBe(2);
  const approval = fake.sent.filter((m) => m.chatId === String(chat))[1]!;
  expect(approval.text).toContain(ua("dashboard:email.applicationApproved.subject"));
  expect(approval.text).toContain(`${config().appUrl}/dashboard`);
});

test("/admin/mail shows the channel of a failing message and sends it again", async ({ page }) => {
  const courier = await createUser({ language: "en" });
  const [row] = await writerForTests()
    .insert(outbox)
    .values({
      userId: courier.id,
      recipient: "5550002",
      channel: "telegram",
      language: "en",
      kind: "applicationApproved",
      subject: "Your application was approved",
      text: "Your application was approved",
      nextAttemptAt: new Date(),
      attempts: OUTBOX_MAX_ATTEMPTS,
      lastError: "Telegram not reached (TypeError)",
    })
    .returning();
  await loginAs(page, { role: "admin", language: "en" });
  const en = translatorFor("en");
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${ownUrl}/admin/mail`);
    await expect(page.getByRole("cell", { name: en("admin:mail.channels.telegram") }).first()).toBeVisible();
    await page.screenshot({ path: shotPath(`telegram-admin-mail-${width}`), fullPage: true });
  }
  await page.getByRole("button", { name: en("admin:mail.resendTo", { recipient: "5550002" }) }).click();
  await expect.poll(() => fake.sent.filter((m) => m.chatId === "5550002").length, { timeout: 15_000 }).toBe(1);
  const [after] = await writerForTests().select().from(outbox).where(eq(outbox.id, row!.id));
  expect(after!.sentAt).not.toBeNull();
});

test("an admin writes to all couriers; the linked courier reads it on Telegram in Ukrainian", async ({ page }) => {
  await loginAs(page, { role: "admin", language: "en" });
  const en = translatorFor("en");
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${ownUrl}/admin/broadcast`);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: shotPath(`telegram-broadcast-${width}`), fullPage: true });
  }
  await waitForHydration(page);
  await page.getByLabel(/All couriers/).check();
  const title = page.getByRole("group", { name: en("admin:broadcast.messageTitle") });
  await title.getByRole("textbox").nth(0).fill("Búrka");
  await title.getByRole("textbox").nth(1).fill("Буря");
  const body = page.getByRole("group", { name: en("admin:broadcast.body") });
  await body.getByRole("textbox").nth(0).fill("Dnes po 18:00 nejazdite.");
  await body.getByRole("textbox").nth(1).fill("Сьогодні після 18:00 не їздіть.");
  await page.getByRole("button", { name: en("admin:broadcast.send") }).click();
  await expect(page).toHaveURL(/\/admin\/mail$/);
  await expect
    .poll(() => fake.sent.filter((m) => m.chatId === "5550001").map((m) => m.text), { timeout: 15_000 })
    .toContainEqual(expect.stringContaining("Буря\n\nСьогодні після 18:00 не їздіть."));
});
