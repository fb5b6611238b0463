/**
 * What a courier is told, on which channel, and when (docs/operations.md#telegram). Every message of the
 * outbox has a `kind` (the template); kinds are grouped into the events a courier chooses channels for.
 * Pure, so it is tested alone.
 */
import { addDays, localDateOf, startOfLocalDate } from "./pay-week";

export const CHANNELS = ["email", "telegram", "push"] as const;
export type Channel = (typeof CHANNELS)[number];

/** The events of the dashboard's channel choice, each with the message kinds it covers. */
export const NOTIFICATION_EVENTS = {
  /** Application approved, what to fix, an approval taken back. */
  application: ["applicationApproved", "applicationRejected", "approvalWithdrawn"],
  /** A scooter ready (request approved or refused), a swap, a lease renewed or not, about to end, a handover recorded. */
  vehicle: [
    "vehicleApproved",
    "vehicleRejected",
    "swapApproved",
    "swapRejected",
    "renewalApproved",
    "renewalRejected",
    "leaseEnding",
    "handoverRecorded",
  ],
  /** A problem report or a pay question answered. */
  replies: ["reportReplied", "payQuestionReplied"],
  /** A right-to-stay document expiring, expired, accepted or refused. */
  documents: ["documentExpiring", "documentExpired", "documentAccepted", "documentRejected"],
  /** A pay statement approved, and paid. */
  pay: ["statementApproved", "statementPaid"],
  /** A message of the fleet's admins to a group of couriers (a storm warning, a recall). */
  announcements: ["announcement", "announcementUrgent"],
} as const;

export type NotificationEvent = keyof typeof NOTIFICATION_EVENTS;
export const EVENT_NAMES = Object.keys(NOTIFICATION_EVENTS) as NotificationEvent[];

export function isNotificationEvent(value: unknown): value is NotificationEvent {
  return typeof value === "string" && Object.hasOwn(NOTIFICATION_EVENTS, value);
}

/** The event a message kind belongs to; undefined for account mail (activation, reset…), which is e-mail only. */
export function eventOfKind(kind: string): NotificationEvent | undefined {
  return EVENT_NAMES.find((event) => (NOTIFICATION_EVENTS[event] as readonly string[]).includes(kind));
}

/**
 * Kinds that cannot wait for the morning: the right-to-stay document ended today (the courier may not ride
 * from now on), and an admin's message marked urgent (both also go to phones with the push service's "high" urgency). Replies of the bot itself are sent at once too
 * (they answer what the courier just did).
 */
export const URGENT_KINDS: readonly string[] = [
  "documentExpired",
  "announcementUrgent",
  "telegramLinked",
  "telegramUnlinked",
  "telegramHelp",
];

export type ChannelChoice = { event: string; channel: Channel; enabled: boolean };

/**
 * The channels a message of `kind` goes to: the courier's choices over the defaults (e-mail on, a linked
 * Telegram on, a subscribed phone on). A message never goes nowhere: with every available channel switched off it still goes by e-mail.
 */
export function channelsFor(kind: string, choices: readonly ChannelChoice[], available: readonly Channel[]): Channel[] {
  const event = eventOfKind(kind);
  if (!event) return ["email"];
  const chosen = available.filter(
    (channel) => choices.find((c) => c.event === event && c.channel === channel)?.enabled ?? true,
  );
  return chosen.length > 0 ? chosen : ["email"];
}

/** Quiet hours in Bratislava: from 22:00 to 07:00 nothing but urgent messages reaches a phone channel. */
export const QUIET_FROM_HOUR = 22;
export const QUIET_UNTIL_HOUR = 7;

const hourFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Bratislava",
  hour: "2-digit",
  hourCycle: "h23",
});

function localHour(instant: Date) {
  return Number(hourFormat.format(instant));
}

/** 07:00 Bratislava time of a calendar day (on a clock-change day too). */
function morningOf(date: ReturnType<typeof localDateOf>) {
  const approx = new Date(startOfLocalDate(date).getTime() + QUIET_UNTIL_HOUR * 3_600_000);
  return new Date(approx.getTime() + (QUIET_UNTIL_HOUR - localHour(approx)) * 3_600_000);
}

/**
 * When a message created at `at` may reach a phone channel: null for at once, else the end of the quiet
 * hours (07:00 Bratislava). E-mail is not held (it does not wake anyone); urgent kinds are not held.
 */
export function heldUntil(kind: string, channel: Channel, at: Date): Date | null {
  if (channel === "email" || URGENT_KINDS.includes(kind)) return null;
  const hour = localHour(at);
  if (hour >= QUIET_UNTIL_HOUR && hour < QUIET_FROM_HOUR) return null;
  const today = localDateOf(at);
  return morningOf(hour >= QUIET_FROM_HOUR ? addDays(today, 1) : today);
}

/** What a phone channel shows of a notice: the title, one short paragraph, and the link to the place to act. */
export type PhoneNotice = { title: string; body: string; link: string };

/** The phone's version of an e-mail: its subject and first paragraph, then the link to act on. */
export function phoneNotice(subject: string, body: string, link: string): PhoneNotice {
  return { title: subject, body: body.split("\n\n")[0]!.trim(), link };
}

/** The Telegram text of a notice (plain text, no markup to escape). */
export function telegramText({ title, body, link }: PhoneNotice) {
  return `${title}\n\n${body}\n\n${link}`;
}

/** Push payloads travel encrypted in one record of about 4 KB: Cyrillic takes two bytes a letter, so texts are cut. */
const PUSH_TITLE_MAX = 120;
const PUSH_BODY_MAX = 900;

function cut(text: string, max: number) {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** The JSON the service worker (public/sw.js) shows: `tag` lets a newer message of a kind replace the older one. */
export function pushPayload({ title, body, link }: PhoneNotice, kind: string) {
  return JSON.stringify({ title: cut(title, PUSH_TITLE_MAX), body: cut(body, PUSH_BODY_MAX), url: link, tag: kind });
}
