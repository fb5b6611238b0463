import { expect, test } from "bun:test";
import { channelsFor, eventOfKind, heldUntil, phoneNotice, pushPayload, telegramText } from "./notifications";

test("quiet hours: 22:00–07:00 Bratislava holds Telegram until 07:00, winter and summer", () => {
  // Winter (UTC+1): 21:59 local is sent, 22:00 waits for 07:00 next day, 06:59 waits for 07:00 the same day.
  expect(heldUntil("applicationApproved", "telegram", new Date("2026-01-15T20:59:00Z"))).toBeNull();
  expect(heldUntil("applicationApproved", "telegram", new Date("2026-01-15T21:00:00Z"))?.toISOString()).toBe(
    "2026-01-16T06:00:00.000Z",
  );
  expect(heldUntil("statementPaid", "telegram", new Date("2026-01-16T05:59:00Z"))?.toISOString()).toBe(
    "2026-01-16T06:00:00.000Z",
  );
  expect(heldUntil("statementPaid", "telegram", new Date("2026-01-16T06:00:00Z"))).toBeNull();
  // Summer (UTC+2).
  expect(heldUntil("vehicleApproved", "telegram", new Date("2026-07-01T22:30:00Z"))?.toISOString()).toBe(
    "2026-07-02T05:00:00.000Z",
  );
  // The night the clocks go back (25 Oct 2026): still 07:00 local, now UTC+1.
  expect(heldUntil("vehicleApproved", "telegram", new Date("2026-10-24T21:00:00Z"))?.toISOString()).toBe(
    "2026-10-25T06:00:00.000Z",
  );
  // The night the clocks go forward (29 Mar 2026): 07:00 local is UTC+2.
  expect(heldUntil("vehicleApproved", "telegram", new Date("2026-03-28T23:00:00Z"))?.toISOString()).toBe(
    "2026-03-29T05:00:00.000Z",
  );
});

test("e-mail and what cannot wait are never held", () => {
  const night = new Date("2026-01-15T23:00:00Z");
  expect(heldUntil("applicationApproved", "email", night)).toBeNull();
  expect(heldUntil("documentExpired", "telegram", night)).toBeNull();
  expect(heldUntil("telegramLinked", "telegram", night)).toBeNull();
});

test("channels: e-mail and a linked Telegram by default, the courier's choice over it, never none", () => {
  expect(eventOfKind("statementPaid")).toBe("pay");
  expect(eventOfKind("activation")).toBeUndefined();
  expect(channelsFor("applicationApproved", [], ["email", "telegram"])).toEqual(["email", "telegram"]);
  expect(channelsFor("applicationApproved", [], ["email"])).toEqual(["email"]);
  const offMail = [{ event: "application", channel: "email" as const, enabled: false }];
  expect(channelsFor("applicationApproved", offMail, ["email", "telegram"])).toEqual(["telegram"]);
  expect(channelsFor("applicationApproved", offMail, ["email"])).toEqual(["email"]);
  // Account mail (activation, reset) is e-mail only, whatever the choices.
  expect(channelsFor("activation", offMail, ["email", "telegram"])).toEqual(["email"]);
});

test("the Telegram text is the subject, the first paragraph and the link", () => {
  expect(telegramText(phoneNotice("Approved", "Good news.\n\nMore.", "https://x/dashboard"))).toBe(
    "Approved\n\nGood news.\n\nhttps://x/dashboard",
  );
});

test("a push payload is the notice as JSON, cut to fit one encrypted record, with the kind as its tag", () => {
  const notice = phoneNotice("Схвалено", `${"Ваша заявка схвалена. ".repeat(100)}\n\nДалі.`, "https://x/dashboard");
  const payload = JSON.parse(pushPayload(notice, "applicationApproved"));
  expect(payload).toMatchObject({ title: "Схвалено", url: "https://x/dashboard", tag: "applicationApproved" });
  expect(payload.body.length).toBe(900);
  expect(payload.body.endsWith("…")).toBe(true);
  // Cyrillic at two bytes a letter still fits the 4 KB record web-push allows.
  expect(new TextEncoder().encode(pushPayload(notice, "applicationApproved")).length).toBeLessThan(3500);
  expect(channelsFor("applicationApproved", [], ["email", "push"])).toEqual(["email", "push"]);
  expect(heldUntil("applicationApproved", "push", new Date("2026-11-27T22:30:00Z"))).not.toBeNull();
});
