/**
 * The Web Push channel against a local push service that decrypts what it receives (tests/fake-push.ts):
 * subscribing through the API, a courier's approval arriving in Ukrainian, expired subscriptions removed,
 * retries with backoff, and delivery once across senders. Runs on SQLite (`bun test`) and PostgreSQL
 * (`bun run test:scale-out`).
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { outbox, pushSubscriptions } from "~db/schema";
import { OUTBOX_MAX_ATTEMPTS, retryDelayMs } from "~/domain/outbox";
import { localDateOf, startOfLocalDate } from "~/domain/pay-week";
import { setClockOffset } from "~/infra/clock.server";
import { config } from "~/infra/config.server";
import { transaction, writerForTests } from "~/infra/db.server";
import { translatorFor } from "~/infra/i18n.server";
import { eraseUser } from "~/models/admin-users.server";
import { approveApplication } from "~/models/applications.server";
import { reset } from "~/models/limits.server";
import { listFailingMail, queueNotice } from "~/models/outbox.server";
import { collectUserData } from "~/models/privacy.server";
import { notificationChoices } from "~/models/telegram.server";
import { pushSubscriptionsOf } from "~/models/push.server";
import { application } from "../../tests/admin-fixtures";
import { createUser, sessionCookieHeader } from "../../tests/factories";
import { startFakePushService, type FakePushService } from "../../tests/fake-push";
import { call } from "../../tests/route-harness";
import * as subscriptionApi from "../routes/api/push.subscription";
import * as logoutApi from "../routes/api/auth.logout";
import { destroyUserSessions } from "~/models/sessions.server";
import * as notificationsForm from "../routes/dashboard/notifications";
import * as dashboardPage from "../routes/dashboard";
import { deliverDueMail } from "./outbox.server";

const MINUTE = 60_000;
const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36";
let service: FakePushService;
const allowed = config().push.allowLocalHttp;

beforeAll(async () => {
  service = await startFakePushService();
  (config().push as { allowLocalHttp: boolean }).allowLocalHttp = true;
});
afterEach(() => setClockOffset(0));
afterAll(async () => {
  (config().push as { allowLocalHttp: boolean }).allowLocalHttp = allowed;
  await service.stop();
});

/** Moves the server clock to `hour`:00 Bratislava time today (outside the quiet hours by default). */
function clockAtBratislava(hour = 12) {
  const target = startOfLocalDate(localDateOf(new Date())).getTime() + hour * 60 * MINUTE;
  setClockOffset(target - Date.now());
  return new Date(target);
}

const deliverAt = (at: Date, owner = "push-test") => deliverDueMail({ owner, clock: () => at });

/** The courier's browser subscribes and the dashboard's script posts it, as after the tap on "Turn on". */
async function subscribeCourier(userId: number, cookie?: string) {
  const subscription = service.subscribe();
  const response = await call(subscriptionApi.action, "/api/push/subscription", {
    cookie: cookie ?? (await sessionCookieHeader(userId)),
    json: subscription.json,
    headers: { "User-Agent": ANDROID_CHROME },
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return { ...subscription, rowId: id };
}

const pushRows = (userId: number) =>
  writerForTests()
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.channel, "push")));

describe("push", () => {
  test("the subscription API refuses bad input, strangers and floods, and changes nothing then", async () => {
    const courier = await createUser({ language: "ua" });
    const cookie = await sessionCookieHeader(courier.id);
    const good = service.subscribe().json;
    const post = (json: unknown, who = cookie) =>
      call(subscriptionApi.action, "/api/push/subscription", { cookie: who, json });

    expect((await call(subscriptionApi.action, "/api/push/subscription", { json: good })).status).toBe(401);
    const refused = [
      { ...good, endpoint: "http://push.example.com/x" },
      { ...good, endpoint: "javascript:alert(1)" },
      { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } },
      { ...good, keys: { ...good.keys, auth: `${good.keys.auth}AAAA` } },
      { endpoint: good.endpoint },
    ];
    for (const json of refused) {
      const response = await post(json);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(translatorFor("ua")("errors:invalidInput"));
    }
    // Only the tests' own service may use plain http, and only when the configuration says so.
    (config().push as { allowLocalHttp: boolean }).allowLocalHttp = false;
    expect((await post(good)).status).toBe(400);
    (config().push as { allowLocalHttp: boolean }).allowLocalHttp = true;
    expect(await pushSubscriptionsOf(courier.id)).toEqual([]);

    expect((await post(good)).status).toBe(201);
    // Someone else cannot remove it, through the API or the dashboard's form.
    const stranger = await createUser();
    const strangerCookie = await sessionCookieHeader(stranger.id);
    const removeAsStranger = await call(subscriptionApi.action, "/api/push/subscription", {
      method: "DELETE",
      cookie: strangerCookie,
      json: { endpoint: good.endpoint },
    });
    expect(removeAsStranger.status).toBe(404);
    const [mine] = await pushSubscriptionsOf(courier.id);
    await call(notificationsForm.action, "/dashboard/notifications", {
      cookie: strangerCookie,
      form: { intent: "pushRemove", id: String(mine!.id) },
    });
    expect(await pushSubscriptionsOf(courier.id)).toHaveLength(1);
    expect(mine!.label).toBe("Browser");

    // Ten saves an hour per courier; the eleventh waits.
    await reset("pushSubscribe", String(courier.id));
    for (let i = 0; i < 10; i++) expect((await post(good)).status).toBe(201);
    const flooded = await post(good);
    expect(flooded.status).toBe(429);
    expect(Number(flooded.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await pushSubscriptionsOf(courier.id)).toHaveLength(1);

    // Five phones at most: a sixth forgets the oldest.
    await reset("pushSubscribe", String(courier.id));
    const more = Array.from({ length: 5 }, () => service.subscribe().json);
    for (const json of more) expect((await post(json)).status).toBe(201);
    expect((await pushSubscriptionsOf(courier.id)).map((p) => p.id)).not.toContain(mine!.id);
    expect(await pushSubscriptionsOf(courier.id)).toHaveLength(5);
    for (const json of more.slice(0, 4))
      await call(subscriptionApi.action, "/api/push/subscription", { method: "DELETE", cookie, json });

    const removed = await call(subscriptionApi.action, "/api/push/subscription", {
      method: "DELETE",
      cookie,
      json: { endpoint: more[4]!.endpoint },
    });
    expect(removed.status).toBe(204);
    expect(await pushSubscriptionsOf(courier.id)).toEqual([]);
  });

  test("an approval reaches the courier's phone and reads right, in Ukrainian, after decryption", async () => {
    const at = clockAtBratislava(12);
    const admin = await createUser({ role: "admin" });
    const courier = await createUser({ status: "applied_for_job", language: "ua" });
    const phone = await subscribeCourier(courier.id);
    const [stored] = await pushSubscriptionsOf(courier.id);
    expect(stored!.label).toBe("Chrome · Android");

    await approveApplication(admin.id, (await application(courier.id)).id);
    await deliverAt(at);
    const received = service.receivedBy(phone.id);
    expect(received).toHaveLength(1);
    const ua = translatorFor("ua");
    const payload = JSON.parse(received[0]!.payload) as Record<string, string>;
    expect(payload.title).toBe(ua("dashboard:email.applicationApproved.subject"));
    expect(payload.body).toBe(ua("dashboard:email.applicationApproved.body").split("\n\n")[0]!.trim());
    expect(payload.url).toBe(`${config().appUrl}/dashboard`);
    expect(payload.tag).toBe("applicationApproved");
    // Signed for this push service's origin, with a contact; kept a day at most.
    expect(received[0]!.claims.aud).toBe(service.url);
    expect(received[0]!.claims.sub).toMatch(/^(mailto:|https:)/);
    expect(received[0]!.ttl).toBe("86400");
    expect([...service.state.vapidKeys]).toEqual([config().push.keys!.publicKey]);
    // E-mail stays on by default; the phone is a channel beside it.
    const rows = await writerForTests().select().from(outbox).where(eq(outbox.userId, courier.id));
    expect(rows.map((r) => r.channel).sort()).toEqual(["email", "push"]);
    expect((await pushSubscriptionsOf(courier.id))[0]!.lastSuccessAt).not.toBeNull();
  });

  test("a 410 from the push service removes the subscription; its message is not retried", async () => {
    const at = clockAtBratislava(12);
    const admin = await createUser({ role: "admin" });
    const courier = await createUser({ status: "applied_for_job", language: "en" });
    const phone = await subscribeCourier(courier.id);
    service.expire(phone.id);
    await approveApplication(admin.id, (await application(courier.id)).id);
    const before = service.state.requests;
    await deliverAt(at);
    expect(service.state.requests).toBe(before + 1);
    expect(await pushSubscriptionsOf(courier.id)).toEqual([]);
    const [row] = await pushRows(courier.id);
    expect(row!.sentAt).toBeNull();
    expect(row!.attempts).toBe(OUTBOX_MAX_ATTEMPTS);
    expect(row!.lastError).toContain("410");
    // Listed among the failing messages with its reason; never tried again by itself.
    expect((await listFailingMail()).find((m) => m.id === row!.id)?.channel).toBe("push");
    await deliverAt(new Date(at.getTime() + 24 * 60 * MINUTE));
    expect(service.state.requests).toBe(before + 1);
    // The next notice goes by e-mail only: the phone is gone.
    const notice = { title: "Pay", body: "Paid.", link: `${config().appUrl}/dashboard/pay` };
    const mail = { to: courier.email, subject: "Pay", text: "Paid.", userId: courier.id, kind: "statementPaid" };
    expect(await transaction((tx) => queueNotice(tx, mail, notice))).toEqual(["email"]);
    expect(await pushRows(courier.id)).toHaveLength(1);
  });

  test("a 500 is retried after the backoff and then delivered exactly once", async () => {
    const start = clockAtBratislava(12);
    const admin = await createUser({ role: "admin" });
    const courier = await createUser({ status: "applied_for_job", language: "ua" });
    const phone = await subscribeCourier(courier.id);
    service.answer(phone.id, 500);
    await approveApplication(admin.id, (await application(courier.id)).id);
    await deliverAt(start);
    let [row] = await pushRows(courier.id);
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toContain("500");
    expect(row!.nextAttemptAt.getTime()).toBe(start.getTime() + retryDelayMs(1));
    // Not before the wait is over.
    await deliverAt(new Date(start.getTime() + retryDelayMs(1) - 1000));
    expect(service.receivedBy(phone.id)).toHaveLength(0);
    const later = new Date(start.getTime() + retryDelayMs(1));
    await Promise.all([deliverAt(later, "instance-a"), deliverAt(later, "instance-b")]);
    await deliverAt(new Date(later.getTime() + 60 * MINUTE));
    expect(service.receivedBy(phone.id)).toHaveLength(1);
    [row] = await pushRows(courier.id);
    expect(row!.sentAt).not.toBeNull();
    expect(row!.attempts).toBe(2);
    expect(await pushSubscriptionsOf(courier.id)).toHaveLength(1);
  });

  test("two senders at once deliver each phone's message once; quiet hours hold it until 07:00", async () => {
    const night = clockAtBratislava(23);
    const admin = await createUser({ role: "admin" });
    const couriers = await Promise.all(
      Array.from({ length: 6 }, () => createUser({ status: "applied_for_job", language: "sk" })),
    );
    const phones = [];
    for (const courier of couriers) phones.push(await subscribeCourier(courier.id));
    for (const courier of couriers) await approveApplication(admin.id, (await application(courier.id)).id);
    await deliverAt(night);
    expect(phones.flatMap((p) => service.receivedBy(p.id))).toHaveLength(0);
    const morning = (await pushRows(couriers[0]!.id))[0]!.notBefore!;
    expect(morning.getTime()).toBeGreaterThan(night.getTime());
    await Promise.all([deliverAt(morning, "instance-a"), deliverAt(morning, "instance-b")]);
    await deliverAt(new Date(morning.getTime() + MINUTE));
    for (const phone of phones) expect(service.receivedBy(phone.id)).toHaveLength(1);
  });

  test("the dashboard lists the phone, its column of choices is saved, Remove withdraws what waits", async () => {
    const night = clockAtBratislava(23);
    const admin = await createUser({ role: "admin" });
    const courier = await createUser({ status: "applied_for_job", language: "en" });
    const cookie = await sessionCookieHeader(courier.id);
    const before = await (await call(dashboardPage.loader, "/dashboard", { cookie })).json();
    expect(before.notifications.push.phones).toEqual([]);
    expect(before.notifications.push.publicKey).toBe(config().push.keys!.publicKey);

    await subscribeCourier(courier.id);
    const page = await (await call(dashboardPage.loader, "/dashboard", { cookie })).json();
    expect(page.notifications.push.phones).toHaveLength(1);
    expect(page.notifications.choices.some((c: { channel: string }) => c.channel === "push")).toBe(true);

    const form = new FormData();
    form.set("intent", "save");
    for (const channel of ["email", "push"]) form.append("channel", channel);
    for (const on of ["application:email", "pay:push"]) form.append("on", on);
    expect((await call(notificationsForm.action, "/dashboard/notifications", { cookie, form })).status).toBe(302);
    const choices = await notificationChoices(courier.id);
    expect(choices.find((c) => c.event === "application" && c.channel === "push")?.enabled).toBe(false);
    expect(choices.find((c) => c.event === "pay" && c.channel === "push")?.enabled).toBe(true);

    // Pay goes to the phone; held for the morning, then removed before it went: nothing is left to send.
    form.set("on", "pay:push");
    form.append("on", "application:push");
    await call(notificationsForm.action, "/dashboard/notifications", { cookie, form });
    await approveApplication(admin.id, (await application(courier.id)).id);
    expect(await pushRows(courier.id)).toHaveLength(1);
    const response = await call(notificationsForm.action, "/dashboard/notifications", {
      cookie,
      form: { intent: "pushRemove", id: String(page.notifications.push.phones[0].id) },
    });
    expect(response.status).toBe(302);
    expect(await pushRows(courier.id)).toHaveLength(0);
    expect(await pushSubscriptionsOf(courier.id)).toEqual([]);
    await deliverAt(new Date(night.getTime() + 12 * 60 * MINUTE));
  });

  test("logging out stops the notices of the phone that log-in turned on; ending every session stops the rest", async () => {
    clockAtBratislava(12);
    const courier = await createUser({ status: "applied_for_job", language: "ua" });
    const shared = await sessionCookieHeader(courier.id);
    const own = await sessionCookieHeader(courier.id);
    const sharedPhone = await subscribeCourier(courier.id, shared);
    const ownPhone = await subscribeCourier(courier.id, own);
    await approveApplication((await createUser({ role: "admin" })).id, (await application(courier.id)).id);
    expect((await pushRows(courier.id)).map((row) => row.recipient).sort()).toEqual(
      [String(sharedPhone.rowId), String(ownPhone.rowId)].sort(),
    );

    expect((await call(logoutApi.action, "/api/auth/logout", { cookie: shared, method: "POST" })).status).toBe(204);
    expect((await pushSubscriptionsOf(courier.id)).map((phone) => phone.id)).toEqual([ownPhone.rowId]);
    expect((await pushRows(courier.id)).map((row) => row.recipient)).toEqual([String(ownPhone.rowId)]);

    await destroyUserSessions(courier.id);
    expect(await pushSubscriptionsOf(courier.id)).toEqual([]);
    expect(await pushRows(courier.id)).toEqual([]);
  });

  test("the courier's data export names the phones; erasing the account removes them", async () => {
    const admin = await createUser({ role: "admin" });
    const courier = await createUser();
    const phone = await subscribeCourier(courier.id);
    const data = (await collectUserData(courier.id)) as unknown as { pushSubscriptions: Record<string, unknown>[] };
    expect(data.pushSubscriptions).toEqual([
      expect.objectContaining({ browser: "Chrome · Android", endpoint: phone.json.endpoint }),
    ]);
    await eraseUser(admin.id, courier.id);
    const left = await writerForTests()
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, phone.json.endpoint));
    expect(left).toEqual([]);
  });
});
