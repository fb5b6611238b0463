/**
 * The Telegram Bot API (https://core.telegram.org/bots/api) over plain fetch: `${TELEGRAM_API_URL}/bot<token>/<method>`.
 * Only the few methods the courier channel needs. Tests point TELEGRAM_API_URL at tests/fake-telegram.ts.
 */
import { timingSafeEqual } from "node:crypto";
import { config } from "./config.server";

export class TelegramError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when Telegram could not be reached. */
    readonly status: number,
    /** On 429: the seconds Telegram asks to wait before the next message. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export type TelegramUpdate = {
  update_id: number;
  message?: {
    message_id: number;
    chat: { id: number; type: string };
    from?: { id: number; language_code?: string };
    text?: string;
  };
};

export function telegramConfigured() {
  return config().telegram !== undefined;
}

/** Calls one method; resolves with its `result`, throws TelegramError (with retry_after on 429). */
export async function callTelegram<T>(
  method: string,
  body: Record<string, unknown>,
  { timeoutMs = 15_000, signal }: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<T> {
  const telegram = config().telegram;
  if (!telegram) throw new TelegramError("Telegram is not configured", 0);
  let response: Response;
  try {
    response = await fetch(`${telegram.apiUrl}/bot${telegram.token}/${method}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    // The message of a network error may hold the URL, and so the token: it stays out.
    throw new TelegramError(`Telegram not reached (${(error as Error).name})`, 0);
  }
  const payload = (await response.json().catch(() => null)) as {
    ok?: boolean;
    result?: T;
    description?: string;
    parameters?: { retry_after?: number };
  } | null;
  if (response.ok && payload?.ok) return payload.result as T;
  const retryAfter = payload?.parameters?.retry_after;
  throw new TelegramError(
    `${method}: ${response.status} ${payload?.description ?? response.statusText}`.slice(0, 300),
    response.status,
    typeof retryAfter === "number" && retryAfter > 0 ? retryAfter : undefined,
  );
}

/** Sends a plain-text message (no markup to escape) without a link preview. */
export function sendTelegramMessage(chatId: string, text: string) {
  return callTelegram("sendMessage", {
    chat_id: chatId,
    text: text.slice(0, 4096),
    link_preview_options: { is_disabled: true },
  });
}

/** Compares the webhook's secret header with TELEGRAM_WEBHOOK_SECRET in constant time. */
export function isTelegramSecret(header: string | null) {
  const expected = config().telegram?.webhookSecret;
  if (!expected || !header) return false;
  const a = Buffer.from(header);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Updates arrive by webhook when a secret is set and APP_URL is reachable from Telegram (https, not local). */
export function telegramWebhookUrl(): string | null {
  const { telegram, appUrl } = config();
  if (!telegram?.webhookSecret) return null;
  const url = new URL(appUrl);
  const local = /^(localhost|127\.|\[::1\]|0\.0\.0\.0)/.test(url.hostname) || url.hostname.endsWith(".local");
  if (url.protocol !== "https:" || local) return null;
  return `${appUrl}/api/telegram/webhook`;
}
