/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291), both done by the
 * `web-push` library; the request itself goes out through fetch, with a timeout, like the other channels.
 */
import webPush from "web-push";
import { config } from "./config.server";

export class PushError extends Error {
  constructor(
    message: string,
    /** The push service's HTTP status, or 0 when it could not be reached. */
    readonly status: number,
  ) {
    super(message);
  }

  /** 404 and 410: the subscription no longer exists (unsubscribed, expired); it is never retried. */
  get gone() {
    return this.status === 404 || this.status === 410;
  }
}

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** The public key a browser subscribes with (`applicationServerKey`). */
export function vapidPublicKey() {
  return config().push.keys!.publicKey;
}

/**
 * Encrypts `payload` for one subscription, signs the request with the VAPID keys and posts it. The message
 * lives a day at most at the push service (a courier offline longer reads it by e-mail or on the dashboard).
 */
export async function sendWebPush(
  target: PushTarget,
  payload: string,
  { subject, urgent = false, timeoutMs = 15_000 }: { subject: string; urgent?: boolean; timeoutMs?: number },
) {
  const { keys } = config().push;
  const request = webPush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: { subject, publicKey: keys!.publicKey, privateKey: keys!.privateKey },
      contentEncoding: "aes128gcm",
      TTL: 24 * 60 * 60,
      urgency: urgent ? "high" : "normal",
    },
  );
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    // The endpoint is a capability URL of the courier's phone: it stays out of messages and logs.
    throw new PushError(`push service not reached (${(error as Error).name})`, 0);
  }
  if (response.ok) return;
  const detail = (await response.text().catch(() => "")).slice(0, 200);
  throw new PushError(`push service answered ${response.status} ${detail}`.trim(), response.status);
}
