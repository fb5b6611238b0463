/** The outbox's retry rules (app/models/outbox.server.ts); pure so they are tested alone. */

const MINUTE = 60_000;

/** Failed attempts after which a message stops being retried and waits on /admin/mail ("failing"). */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** The first retry waits this long; each further one three times longer, up to the cap. */
export const OUTBOX_FIRST_RETRY_MS = 2 * MINUTE;
export const OUTBOX_RETRY_CAP_MS = 6 * 60 * MINUTE;
/** How long one sender holds a claimed row; a sender that died mid-send frees it after this. */
export const OUTBOX_CLAIM_MS = 2 * MINUTE;
/** Sent rows are kept this long (they may hold links with tokens), failing rows longer for the admin. */
export const OUTBOX_KEEP_SENT_DAYS = 7;
export const OUTBOX_KEEP_FAILING_DAYS = 30;

/**
 * The wait after the `attempts`-th failure: 2 min, 6, 18, 54 min, 2.7 h, then 6 h. The eight
 * attempts span about 16 hours, so an SMTP outage of a night is ridden out without the admin.
 */
export function retryDelayMs(attempts: number) {
  const n = Math.max(1, attempts);
  return Math.min(OUTBOX_FIRST_RETRY_MS * 3 ** (n - 1), OUTBOX_RETRY_CAP_MS);
}

export function isFailing(attempts: number) {
  return attempts >= OUTBOX_MAX_ATTEMPTS;
}
