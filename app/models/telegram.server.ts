/**
 * A courier's Telegram chat and their channel choices (docs/operations.md#telegram). "Connect Telegram"
 * issues a one-time code (stored hashed, 15 minutes, like the e-mail links); the bot's `/start <code>`
 * links the chat. One chat per courier and one courier per chat (unique indexes); `/stop` or
 * "Disconnect" unlinks and withdraws what was still waiting for that chat.
 */
import { and, eq, isNull, or } from "drizzle-orm";
import { notificationPreferences, outbox, telegramChats, users } from "~db/schema";
import {
  CHANNELS,
  EVENT_NAMES,
  type Channel,
  type ChannelChoice,
  type NotificationEvent,
} from "~/domain/notifications";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/domain/rules";
import { now as clockNow } from "~/infra/clock.server";
import { db, transaction, type Tx } from "~/infra/db.server";
import { translatorFor } from "~/infra/i18n.server";
import { queueMail } from "./outbox.server";
import { checkToken, consumeToken, issueToken } from "./tokens.server";

export async function telegramChatOf(userId: number) {
  const [row] = await db()
    .select({ chatId: telegramChats.chatId, createdAt: telegramChats.createdAt })
    .from(telegramChats)
    .where(eq(telegramChats.userId, userId))
    .limit(1);
  return row ?? null;
}

/** A fresh code for `https://t.me/<bot>?start=<code>`; the courier's earlier unused codes stop working. */
export function issueTelegramCode(userId: number) {
  return issueToken(userId, "telegram_link", clockNow().getTime());
}

/** Telegram's language code of a sender (`uk`, `sk`, `en-GB`…) as one of ours, for a chat linked to nobody. */
export function languageOfTelegram(code: string | undefined): Language {
  const base = (code ?? "").toLowerCase().split("-")[0];
  if (base === "uk" || base === "ru") return "ua";
  if (base === "sk" || base === "cs") return "sk";
  if (base === "en") return "en";
  return DEFAULT_LANGUAGE;
}

/** Queues one reply of the bot into a chat (sent at once: bot replies are urgent kinds). */
async function queueBotReply(
  tx: Tx,
  chatId: string,
  kind: "telegramLinked" | "telegramUnlinked" | "telegramHelp" | "telegramCodeInvalid",
  language: Language,
  userId: number | null,
  values: Record<string, string> = {},
) {
  const t = translatorFor(language);
  const text = t(`dashboard:telegram.bot.${kind}`, values);
  await queueMail(tx, {
    channel: "telegram",
    to: chatId,
    subject: text.split("\n")[0]!.slice(0, 200),
    text,
    language,
    kind,
    userId,
  });
}

/** Withdraws the Telegram messages still waiting for a chat or a courier (before an unlink or a relink). */
async function withdrawWaiting(tx: Tx, where: { chatId?: string; userId?: number }) {
  const whom = [
    where.chatId ? eq(outbox.recipient, where.chatId) : undefined,
    where.userId ? eq(outbox.userId, where.userId) : undefined,
  ].filter(Boolean);
  await tx.delete(outbox).where(and(eq(outbox.channel, "telegram"), isNull(outbox.sentAt), or(...whom)));
}

export type LinkResult = "linked" | "invalid";

/**
 * The bot received `/start <code>` in `chatId`: a valid code links that chat to the code's courier (their
 * previous chat, and the chat's previous courier, are unlinked) and the bot answers in the courier's
 * language; anything else gets "code invalid or expired" in the sender's language.
 */
export async function linkTelegramChat(code: string, chatId: string, senderLanguage?: string): Promise<LinkResult> {
  const at = clockNow().getTime();
  return transaction(async (tx) => {
    const check = await checkToken(code, "telegram_link", at, tx);
    if (check.state !== "valid" || !(await consumeToken(tx, check.id, at))) {
      await queueBotReply(tx, chatId, "telegramCodeInvalid", languageOfTelegram(senderLanguage), null);
      return "invalid";
    }
    const [user] = await tx.select({ language: users.language }).from(users).where(eq(users.id, check.userId)).limit(1);
    const language = isLanguage(user?.language) ? user.language : DEFAULT_LANGUAGE;
    await withdrawWaiting(tx, { chatId, userId: check.userId });
    await tx.delete(telegramChats).where(or(eq(telegramChats.chatId, chatId), eq(telegramChats.userId, check.userId)));
    await tx.insert(telegramChats).values({ userId: check.userId, chatId, createdAt: new Date(at) });
    await queueBotReply(tx, chatId, "telegramLinked", language, check.userId);
    return "linked";
  });
}

/** "Disconnect" on the dashboard, or `/stop` in the chat: unlinks and says so in the chat. */
export async function unlinkTelegram(by: { userId: number } | { chatId: string }, senderLanguage?: string) {
  return transaction(async (tx) => {
    const [link] = await tx
      .select({ userId: telegramChats.userId, chatId: telegramChats.chatId, language: users.language })
      .from(telegramChats)
      .innerJoin(users, eq(users.id, telegramChats.userId))
      .where("userId" in by ? eq(telegramChats.userId, by.userId) : eq(telegramChats.chatId, by.chatId))
      .limit(1);
    if (!link) {
      if ("chatId" in by) await queueBotReply(tx, by.chatId, "telegramHelp", languageOfTelegram(senderLanguage), null);
      return false;
    }
    await withdrawWaiting(tx, { chatId: link.chatId, userId: link.userId });
    await tx.delete(telegramChats).where(eq(telegramChats.userId, link.userId));
    await queueBotReply(
      tx,
      link.chatId,
      "telegramUnlinked",
      isLanguage(link.language) ? link.language : DEFAULT_LANGUAGE,
      null,
    );
    return true;
  });
}

/** Any other message in a chat: a short help in the courier's (or the sender's) language. */
export async function answerHelp(chatId: string, senderLanguage?: string) {
  const [link] = await db()
    .select({ language: users.language, userId: users.id })
    .from(telegramChats)
    .innerJoin(users, eq(users.id, telegramChats.userId))
    .where(eq(telegramChats.chatId, chatId))
    .limit(1);
  const language = link && isLanguage(link.language) ? link.language : languageOfTelegram(senderLanguage);
  await transaction((tx) => queueBotReply(tx, chatId, "telegramHelp", language, link?.userId ?? null));
}

/** The courier's choices, one per event and channel, defaults filled in (e-mail on, Telegram on). */
export async function notificationChoices(userId: number): Promise<ChannelChoice[]> {
  const rows = await db()
    .select({
      event: notificationPreferences.event,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return EVENT_NAMES.flatMap((event) =>
    CHANNELS.map((channel) => ({
      event,
      channel,
      enabled: rows.find((r) => r.event === event && r.channel === channel)?.enabled ?? true,
    })),
  );
}

/** Saves the dashboard's form: every event × channel of `channels`, on when listed in `enabled`. */
export async function saveNotificationChoices(
  userId: number,
  channels: readonly Channel[],
  enabled: ReadonlySet<`${NotificationEvent}:${Channel}`>,
) {
  await transaction(async (tx) => {
    for (const event of EVENT_NAMES)
      for (const channel of channels) {
        const on = enabled.has(`${event}:${channel}`);
        await tx
          .insert(notificationPreferences)
          .values({ userId, event, channel, enabled: on })
          .onConflictDoUpdate({
            target: [notificationPreferences.userId, notificationPreferences.event, notificationPreferences.channel],
            set: { enabled: on },
          });
      }
  });
}
