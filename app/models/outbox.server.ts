import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { notificationPreferences, outbox, telegramChats, users } from "~db/schema";
import {
  channelsFor,
  heldUntil,
  pushPayload,
  telegramText,
  type Channel,
  type PhoneNotice,
} from "~/domain/notifications";
import {
  OUTBOX_CLAIM_MS,
  OUTBOX_KEEP_FAILING_DAYS,
  OUTBOX_KEEP_SENT_DAYS,
  OUTBOX_MAX_ATTEMPTS,
  retryDelayMs,
} from "~/domain/outbox";
import { now as clockNow } from "~/infra/clock.server";
import { afterCommit, db, transaction, type Tx } from "~/infra/db.server";
import { mailQueued } from "~/infra/outbox-signal.server";
import { telegramConfigured } from "~/infra/telegram.server";
import { recordAudit } from "./audit.server";
import { companyMailFooter, getCompanyProfile } from "./company-profile.server";
import { pushSubscriptionIds } from "./push.server";

const DAY = 24 * 60 * 60 * 1000;

/**
 * A message as composed in the recipient's language; `kind` names the template (for the admin page and
 * logs). `to` is an address for e-mail (the default channel), a chat id for Telegram, and a push
 * subscription's id for push (whose `text` is the JSON payload the service worker shows).
 */
export type OutgoingMail = {
  channel?: Channel;
  /** Not sent before this instant (quiet hours). */
  notBefore?: Date | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  language?: string;
  kind?: string;
  userId?: number | null;
};

export type OutboxRow = typeof outbox.$inferSelect;

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The mail with the company's footer (its profile as it is now) below the text and the HTML body. */
async function withCompanyFooter(tx: Tx, mail: OutgoingMail): Promise<OutgoingMail> {
  const lines = companyMailFooter(await getCompanyProfile(tx), mail.language ?? "sk");
  if (lines.length === 0) return mail;
  const block = `<p style="font-size:12px;color:#555;border-top:1px solid #ddd;padding-top:8px">${lines.map(escapeHtml).join("<br>")}</p>`;
  const html = mail.html?.includes("</body>") ? mail.html.replace("</body>", `${block}\n</body>`) : mail.html;
  return { ...mail, text: `${mail.text}\n\n-- \n${lines.join("\n")}`, html };
}

/**
 * Queues one e-mail in the caller's transaction: it is sent only if that transaction commits, and
 * then however long the SMTP server is away. The sender is woken right after the commit. Every
 * e-mail (not a Telegram message) ends with the company's footer, read from its profile here.
 */
export async function queueMail(tx: Tx, unsigned: OutgoingMail) {
  // A chat message stays short: the company's footer belongs to e-mail.
  const mail = (unsigned.channel ?? "email") === "email" ? await withCompanyFooter(tx, unsigned) : unsigned;
  await tx.insert(outbox).values({
    userId: mail.userId ?? null,
    recipient: mail.to,
    channel: mail.channel ?? "email",
    notBefore: mail.notBefore ?? null,
    language: mail.language ?? "sk",
    kind: mail.kind ?? "other",
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    nextAttemptAt: clockNow(),
  });
  afterCommit(mailQueued);
}

/**
 * Queues a message to a user about an event on each channel they chose for it (app/domain/notifications.ts):
 * the e-mail as composed; on a linked Telegram the short text of `notice`; on every subscribed phone the
 * notice as a push payload (one row per phone, so each is retried and removed on its own). Phone channels are
 * held until 07:00 when written in the quiet hours. All in the caller's transaction. Returns the channels queued.
 */
export async function queueNotice(
  tx: Tx,
  mail: OutgoingMail & { userId: number; kind: string },
  notice: PhoneNotice,
  at = clockNow(),
  /** Only these of the chosen channels (a correction goes where the corrected message went). */
  only?: readonly Channel[],
): Promise<Channel[]> {
  const choices = await tx
    .select({
      event: notificationPreferences.event,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, mail.userId));
  const [chat] = telegramConfigured()
    ? await tx
        .select({ chatId: telegramChats.chatId })
        .from(telegramChats)
        .where(eq(telegramChats.userId, mail.userId))
        .limit(1)
    : [];
  const phones = await pushSubscriptionIds(tx, mail.userId);
  const available: Channel[] = [
    "email",
    ...(chat ? ["telegram" as const] : []),
    ...(phones.length ? ["push" as const] : []),
  ];
  const channels = channelsFor(mail.kind, choices, available).filter((c) => !only || only.includes(c));
  for (const channel of channels) {
    if (channel === "email") {
      await queueMail(tx, { ...mail, channel });
      continue;
    }
    const phone = { ...mail, channel, html: undefined, notBefore: heldUntil(mail.kind, channel, at) };
    if (channel === "telegram") await queueMail(tx, { ...phone, to: chat!.chatId, text: telegramText(notice) });
    else
      for (const id of phones)
        await queueMail(tx, { ...phone, to: String(id), subject: notice.title, text: pushPayload(notice, mail.kind) });
  }
  return channels;
}

/** Queues an e-mail that no other change causes (activation, reset, new device) in a transaction of its own. */
export async function queueMailAlone(mail: OutgoingMail) {
  await transaction((tx) => queueMail(tx, mail));
}

/**
 * Not sent, not failing, never tried or due again, not held by a live claim, and of a channel this
 * instance can send (an instance without the bot token leaves Telegram messages to one with it; every
 * instance has VAPID keys, so sends push).
 */
function dueAt(at: Date) {
  return and(
    isNull(outbox.sentAt),
    telegramConfigured() ? undefined : ne(outbox.channel, "telegram"),
    lt(outbox.attempts, OUTBOX_MAX_ATTEMPTS),
    // A new row is due at once, whatever a test clock said when it was written.
    or(eq(outbox.attempts, 0), lte(outbox.nextAttemptAt, at)),
    or(isNull(outbox.claimUntil), lt(outbox.claimUntil, at)),
    or(isNull(outbox.notBefore), lte(outbox.notBefore, at)),
  );
}

/**
 * Claims up to `limit` due rows for `owner`. One conditional UPDATE whose condition is checked again
 * on each row as it is written: on PostgreSQL a row another sender claimed meanwhile waits for that
 * commit and then no longer matches; on SQLite the single writer runs the claims one after another.
 * So every row is handed to one sender only.
 */
export async function claimDueMail(owner: string, at = clockNow(), limit = 20): Promise<OutboxRow[]> {
  const claimUntil = new Date(at.getTime() + OUTBOX_CLAIM_MS);
  return transaction(async (tx) => {
    const candidates = tx.select({ id: outbox.id }).from(outbox).where(dueAt(at)).orderBy(asc(outbox.id)).limit(limit);
    const claimed = await tx
      .update(outbox)
      .set({ claimedBy: owner, claimUntil })
      .where(and(inArray(outbox.id, candidates), dueAt(at)))
      .returning();
    return claimed.sort((a, b) => a.id - b.id);
  });
}

/** The claimed row went out. */
export async function markMailSent(row: Pick<OutboxRow, "id">, owner: string, at = clockNow()) {
  await transaction((tx) =>
    tx
      .update(outbox)
      .set({ sentAt: at, attempts: sql`${outbox.attempts} + 1`, lastError: null, claimedBy: null, claimUntil: null })
      .where(and(eq(outbox.id, row.id), eq(outbox.claimedBy, owner))),
  );
}

/** The claimed row failed: tried again after a growing wait, or failing after the last attempt. */
export async function markMailFailed(
  row: Pick<OutboxRow, "id" | "attempts">,
  owner: string,
  error: string,
  at = clockNow(),
) {
  const attempts = row.attempts + 1;
  await transaction((tx) =>
    tx
      .update(outbox)
      .set({
        attempts,
        lastError: error.slice(0, 500),
        nextAttemptAt: new Date(at.getTime() + retryDelayMs(attempts)),
        claimedBy: null,
        claimUntil: null,
      })
      .where(and(eq(outbox.id, row.id), eq(outbox.claimedBy, owner))),
  );
}

/**
 * The claimed row was not tried because the channel asked to wait (Telegram's 429 `retry_after`): it is
 * released until then, without counting an attempt.
 */
export async function markMailDeferred(row: Pick<OutboxRow, "id">, owner: string, until: Date, reason: string) {
  await transaction((tx) =>
    tx
      .update(outbox)
      .set({ notBefore: until, lastError: reason.slice(0, 500), claimedBy: null, claimUntil: null })
      .where(and(eq(outbox.id, row.id), eq(outbox.claimedBy, owner))),
  );
}

/**
 * The claimed row can never be delivered (its push subscription expired: 404/410): no further attempts; it
 * waits among the failing ones on /admin/mail with the reason, and "send again" tries it once more.
 */
export async function markMailUndeliverable(row: Pick<OutboxRow, "id" | "attempts">, owner: string, reason: string) {
  await transaction((tx) =>
    tx
      .update(outbox)
      .set({
        attempts: Math.max(row.attempts + 1, OUTBOX_MAX_ATTEMPTS),
        lastError: reason.slice(0, 500),
        claimedBy: null,
        claimUntil: null,
      })
      .where(and(eq(outbox.id, row.id), eq(outbox.claimedBy, owner))),
  );
}

const failing = and(isNull(outbox.sentAt), gte(outbox.attempts, OUTBOX_MAX_ATTEMPTS));

/** Messages that used up their attempts, newest first: what /admin/mail lists. */
export async function listFailingMail(limit = 200) {
  return await db()
    .select({
      id: outbox.id,
      recipient: outbox.recipient,
      channel: outbox.channel,
      subject: outbox.subject,
      kind: outbox.kind,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      userId: outbox.userId,
      /** Whose chat or phone a Telegram or push recipient is. */
      userEmail: users.email,
    })
    .from(outbox)
    .leftJoin(users, eq(users.id, outbox.userId))
    .where(failing)
    .orderBy(desc(outbox.id))
    .limit(limit);
}

/** How many messages wait to be sent (retries included) and how many are failing. */
export async function outboxCounts() {
  const [row] = await db()
    .select({
      waiting:
        sql<number>`coalesce(sum(case when ${outbox.attempts} < ${OUTBOX_MAX_ATTEMPTS} then 1 else 0 end), 0)`.mapWith(
          Number,
        ),
      failing:
        sql<number>`coalesce(sum(case when ${outbox.attempts} >= ${OUTBOX_MAX_ATTEMPTS} then 1 else 0 end), 0)`.mapWith(
          Number,
        ),
    })
    .from(outbox)
    .where(isNull(outbox.sentAt));
  return { waiting: row?.waiting ?? 0, failing: row?.failing ?? 0 };
}

export async function countFailingMail() {
  const [row] = await db().select({ n: count() }).from(outbox).where(failing);
  return row?.n ?? 0;
}

/**
 * Admin action: a failing message (or every failing one, `id` null) gets a fresh set of attempts and
 * is sent at the next opportunity; one audit entry per message. Returns how many were queued again.
 */
export async function resendFailingMail(adminId: number, id: number | null, at = clockNow()) {
  return transaction(async (tx) => {
    const rows = await tx
      .update(outbox)
      .set({ attempts: 0, nextAttemptAt: at, notBefore: null, claimedBy: null, claimUntil: null })
      .where(and(failing, id === null ? undefined : eq(outbox.id, id)))
      .returning({ id: outbox.id, userId: outbox.userId, kind: outbox.kind, lastError: outbox.lastError });
    for (const row of rows) {
      await recordAudit(tx, {
        actorId: adminId,
        action: "mail.resend",
        entityType: "mail",
        entityId: row.id,
        subjectUserId: row.userId,
        before: { attempts: OUTBOX_MAX_ATTEMPTS, lastError: row.lastError },
        after: { kind: row.kind },
      });
    }
    if (rows.length) afterCommit(mailQueued);
    return rows.length;
  });
}

/** The job "outbox-prune": sent rows after a few days (their links may hold tokens), failing ones after a month. */
export async function pruneOutbox(at = clockNow()) {
  return transaction(async (tx) => {
    const sent = await tx
      .delete(outbox)
      .where(and(isNotNull(outbox.sentAt), lt(outbox.sentAt, new Date(at.getTime() - OUTBOX_KEEP_SENT_DAYS * DAY))))
      .returning({ id: outbox.id });
    const given = await tx
      .delete(outbox)
      .where(and(failing, lt(outbox.createdAt, new Date(at.getTime() - OUTBOX_KEEP_FAILING_DAYS * DAY))))
      .returning({ id: outbox.id });
    return sent.length + given.length;
  });
}

/** Rows for tests and the operator's questions, oldest first. */
export async function outboxRows(ids?: number[]) {
  return await db()
    .select()
    .from(outbox)
    .where(ids ? inArray(outbox.id, ids) : undefined)
    .orderBy(asc(outbox.id));
}
