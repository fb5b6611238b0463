import { hostname } from "node:os";
import {
  claimDueMail,
  markMailDeferred,
  markMailFailed,
  markMailSent,
  markMailUndeliverable,
  type OutboxRow,
} from "~/models/outbox.server";
import { URGENT_KINDS } from "~/domain/notifications";
import { config } from "~/infra/config.server";
import { now } from "~/infra/clock.server";
import { randomToken } from "~/infra/crypto.server";
import { log } from "~/infra/log.server";
import { sendMail } from "~/infra/mail.server";
import { onMailQueued } from "~/infra/outbox-signal.server";
import { sendTelegramMessage, TelegramError } from "~/infra/telegram.server";
import { PushError, sendWebPush } from "~/infra/web-push.server";
import { getCompanyProfile } from "~/models/company-profile.server";
import { markPushDelivered, pushTargetOf, removeGoneSubscription } from "~/models/push.server";

/** This process as named in the outbox's claims. */
const OWNER = `${hostname()}:${process.pid}:${randomToken(4)}`;

/**
 * Sends every due message of the outbox once: claims a batch, sends each, marks it sent or failed
 * (failed ones are retried later with a growing wait). Several senders, in one process or many, may
 * run at once: the claim gives each row to one of them. Returns how many went out.
 */
export async function deliverDueMail({
  owner = OWNER,
  clock = now,
  batch = 20,
}: {
  owner?: string;
  clock?: () => Date;
  batch?: number;
} = {}) {
  let sent = 0;
  for (;;) {
    const rows = await claimDueMail(owner, clock(), batch);
    if (rows.length === 0) return sent;
    // Telegram's 429 names a wait for the whole bot: the batch's other Telegram messages wait too.
    let telegramWaitUntil: Date | null = null;
    for (const row of rows) {
      if (row.channel === "telegram" && telegramWaitUntil && telegramWaitUntil > clock()) {
        await markMailDeferred(row, owner, telegramWaitUntil, "waiting for Telegram's retry_after");
        continue;
      }
      try {
        await send(row);
      } catch (error) {
        if (error instanceof TelegramError && error.retryAfterSeconds) {
          telegramWaitUntil = new Date(clock().getTime() + error.retryAfterSeconds * 1000);
          log("warn", "telegram asks to wait", { id: row.id, seconds: error.retryAfterSeconds });
          await markMailDeferred(row, owner, telegramWaitUntil, error.message);
          continue;
        }
        if (error instanceof PushError && error.gone) {
          // The browser dropped the subscription: so do we, and this message has nowhere to go on this channel.
          await removeGoneSubscription(Number(row.recipient));
          log("info", "push subscription gone, removed", { id: row.id, status: error.status });
          await markMailUndeliverable(row, owner, `${error.message} (subscription removed)`);
          continue;
        }
        // The address stays out of the log; the row id leads to it for whoever may read the table.
        log("warn", "mail not sent, will retry", {
          id: row.id,
          kind: row.kind,
          attempt: row.attempts + 1,
          error: String(error),
        });
        await markMailFailed(row, owner, String(error), clock());
        continue;
      }
      await markMailSent(row, owner, clock());
      sent++;
    }
  }
}

function send(row: OutboxRow) {
  if (row.channel === "telegram") return sendTelegramMessage(row.recipient, row.text);
  if (row.channel === "push") return sendPush(row);
  return sendMail({ to: row.recipient, subject: row.subject, text: row.text, html: row.html ?? undefined });
}

/** A push row's recipient is its subscription's id; the payload (`text`) is already the JSON to encrypt. */
async function sendPush(row: OutboxRow) {
  const target = await pushTargetOf(Number(row.recipient));
  if (!target) throw new PushError("the subscription was turned off or expired", 410);
  await sendWebPush(target, row.text, { subject: await vapidSubject(), urgent: URGENT_KINDS.includes(row.kind) });
  await markPushDelivered(target.id);
}

/**
 * Whom the push service may contact about our messages: VAPID_SUBJECT, else the company's e-mail from its
 * profile, else an https APP_URL, else the sender address of our e-mail.
 */
async function vapidSubject() {
  const { push, appUrl, mailFrom } = config();
  if (push.subject) return push.subject;
  const { email } = await getCompanyProfile();
  if (email) return `mailto:${email}`;
  if (appUrl.startsWith("https://")) return appUrl;
  return `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom}`;
}

let running: Promise<void> | undefined;
let again = false;

/**
 * Runs the sender in this process now, or once more after the run in progress (a mail queued while
 * it ran may have been committed after its claim). Resolves when that run is over; never rejects.
 */
export function kickOutbox(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await deliverDueMail();
      } while (again);
    } catch (error) {
      // The database was away: the next tick or kick tries again.
      log("error", "outbox sender failed", { error: String(error) });
    } finally {
      running = undefined;
    }
  })();
  return running;
}

/** Tests: every message committed so far has been tried (sent, or failed and waiting). */
export function flushOutbox() {
  return kickOutbox();
}

/**
 * The outbox sender of this instance: woken right after every commit that queued a mail, and every
 * `everyMs` for retries and for mail queued by other instances.
 */
export function startMailSender(everyMs: number) {
  const stopListening = onMailQueued(() => void kickOutbox());
  const timer = setInterval(() => void kickOutbox(), everyMs);
  void kickOutbox();
  return {
    stop: () => {
      stopListening();
      clearInterval(timer);
    },
  };
}
