import { eq, lt, sql } from "drizzle-orm";
import { rateLimits, usedCaptchas } from "~db/schema";
import { RATE_LIMITS } from "~/domain/rules";
import { db } from "~/infra/db.server";

export type LimitName = keyof typeof RATE_LIMITS;
export type LimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Fixed-window counters in SQLite (survive restarts). `hit` counts one attempt against
 * `name:subject` and says whether it is still within the limit of CONTRACT §5.
 */
export function hit(name: LimitName, subject: string, now = Date.now()): LimitResult {
  const { limit, windowSeconds } = RATE_LIMITS[name];
  const key = `${name}:${subject}`;
  const resetAt = new Date(now + windowSeconds * 1000);
  // One statement: start a new window when the old one has passed, else count up.
  const row = db()
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then ${resetAt.getTime()} else ${rateLimits.resetAt} end`,
      },
    })
    .returning()
    .get();
  if (row.count <= limit) return { ok: true };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - now) / 1000)) };
}

export function reset(name: LimitName, subject: string) {
  db().delete(rateLimits).where(eq(rateLimits.key, `${name}:${subject}`)).run();
}

/** Drops windows that have run out, and solved captchas past their expiry (the "expired limits" job). */
export function deleteExpiredLimits(now = Date.now()) {
  db().delete(rateLimits).where(lt(rateLimits.resetAt, new Date(now))).run();
  db().delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, new Date(now))).run();
}

/**
 * Records a solved captcha (by its hash) until it expires; false when it was accepted before.
 * Expired ones are dropped on the way, so the table holds only the last few minutes.
 */
export function acceptCaptchaOnce(hash: string, expiresAt: Date, now = Date.now()) {
  db().delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, new Date(now))).run();
  const row = db().insert(usedCaptchas).values({ hash, expiresAt }).onConflictDoNothing().returning({ hash: usedCaptchas.hash }).get();
  return row !== undefined;
}
