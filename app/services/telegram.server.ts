/**
 * The bot's side of the Telegram channel (docs/operations.md#telegram): what it does with an update, and
 * how updates arrive — a webhook (`/api/telegram/webhook`, set at start) when TELEGRAM_WEBHOOK_SECRET is set
 * and APP_URL is public, else long polling of `getUpdates` in this process. Replies go through the outbox.
 */
import { config } from "~/infra/config.server";
import { log } from "~/infra/log.server";
import { workerIndex } from "~/infra/workers.server";
import { callTelegram, TelegramError, telegramWebhookUrl, type TelegramUpdate } from "~/infra/telegram.server";
import { hit } from "~/models/limits.server";
import { answerHelp, linkTelegramChat, unlinkTelegram } from "~/models/telegram.server";

/** Handles one update: `/start <code>` links, `/stop` unlinks, anything else gets a short help. */
export async function handleTelegramUpdate(update: TelegramUpdate) {
  const message = update.message;
  if (!message?.text || message.chat.type !== "private") return;
  const chatId = String(message.chat.id);
  const language = message.from?.language_code;
  const [command, argument] = message.text.trim().split(/\s+/, 2);
  if (command === "/start" && argument) {
    const limited = await hit("telegramStart", chatId);
    if (!limited.ok) return;
    await linkTelegramChat(argument, chatId, language);
  } else if (command === "/stop") {
    await unlinkTelegram({ chatId }, language);
  } else {
    await answerHelp(chatId, language);
  }
}

const POLL_SECONDS = 25;

/**
 * Long polling: asks `getUpdates` for what came after the last update seen, handles each, and asks again.
 * One poller per bot: a second one (another instance) gets 409 from Telegram and waits; each update is
 * confirmed by the next call's offset, and handling one twice is harmless (a code works once).
 */
export function startTelegramPolling({ retryMs = 5_000, pollSeconds = POLL_SECONDS } = {}) {
  const state = { stopped: false };
  let offset = 0;
  const controller = new AbortController();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      controller.signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
    });
  const done = (async () => {
    while (!state.stopped) {
      try {
        const updates = await callTelegram<TelegramUpdate[]>(
          "getUpdates",
          { offset, timeout: pollSeconds, allowed_updates: ["message"] },
          { timeoutMs: (pollSeconds + 10) * 1000, signal: controller.signal },
        );
        for (const update of updates) {
          offset = Math.max(offset, update.update_id + 1);
          if (state.stopped) break;
          try {
            await handleTelegramUpdate(update);
          } catch (error) {
            log("error", "telegram update not handled", { update: update.update_id, error: String(error) });
          }
        }
      } catch (error) {
        if (state.stopped) break;
        const conflict = error instanceof TelegramError && error.status === 409;
        log(conflict ? "info" : "warn", "telegram getUpdates failed", { error: String(error) });
        await wait(conflict ? retryMs * 6 : retryMs);
      }
    }
  })();
  return {
    stop: async () => {
      state.stopped = true;
      controller.abort();
      await done.catch(() => undefined);
    },
  };
}

/**
 * At start, when the bot is configured: checks the token (`getMe`), then either registers the webhook with
 * its secret or removes any webhook and polls. Returns what stops the polling (nothing to stop for a webhook).
 */
export async function startTelegram({ retryMs = 60_000 } = {}): Promise<{ stop: () => Promise<void> }> {
  const telegram = config().telegram;
  // One process of a WORKERS=N server talks to Telegram for all of them (two pollers of one bot collide).
  if (!telegram || workerIndex() !== 0) return { stop: async () => undefined };
  const webhook = telegramWebhookUrl();
  if (webhook) {
    // Set at every start (idempotent); tried again every minute while Telegram is away.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const register = async () => {
      try {
        await callTelegram("setWebhook", {
          url: webhook,
          secret_token: telegram.webhookSecret,
          allowed_updates: ["message"],
        });
        log("info", "telegram webhook set");
      } catch (error) {
        log("warn", "telegram webhook not set, trying again", { error: String(error) });
        timer = setTimeout(() => void register(), retryMs);
      }
    };
    await register();
    return { stop: async () => clearTimeout(timer) };
  }
  try {
    const me = await callTelegram<{ username?: string }>("getMe", {});
    if (me.username && me.username.toLowerCase() !== telegram.botName.toLowerCase())
      log("warn", "TELEGRAM_BOT_NAME differs from the bot's username", { username: me.username });
    // An empty URL removes a webhook left from an earlier public setup; getUpdates refuses while one is set.
    await callTelegram("setWebhook", { url: "" });
  } catch (error) {
    log("warn", "telegram not reached at start; polling anyway", { error: String(error) });
  }
  log("info", "telegram long polling");
  return startTelegramPolling();
}
