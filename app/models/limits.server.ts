import { eq, lt, sql } from "drizzle-orm";
import { rateLimits, usedCaptchas } from "~db/schema";
import { EDITABLE_RATE_LIMITS } from "~/domain/operator-rules";
import { RATE_LIMITS } from "~/domain/rules";
import { transaction } from "~/infra/db.server";
import { getOperatorSettings } from "./settings.server";

const SETTING_OF = Object.fromEntries(
  Object.entries(EDITABLE_RATE_LIMITS).map(([setting, name]) => [name, setting]),
) as Partial<Record<LimitName, keyof typeof EDITABLE_RATE_LIMITS>>;

/** The hits a window allows: the operator's setting for the limits on the rules page, else RATE_LIMITS. */
async function rateLimitOf(name: LimitName) {
  const setting = SETTING_OF[name];
  return setting ? (await getOperatorSettings())[setting] : RATE_LIMITS[name].limit;
}

export type LimitName = keyof typeof RATE_LIMITS;
export type LimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Fixed-window counters in the database (survive restarts). `hit` counts one attempt against
 * `name:subject` and says whether it is still within its limit (RATE_LIMITS, docs/security.md).
 */
export async function hit(name: LimitName, subject: string, now = Date.now()): Promise<LimitResult> {
  const { windowSeconds } = RATE_LIMITS[name];
  const limit = await rateLimitOf(name);
  const key = `${name}:${subject}`;
  const resetAt = new Date(now + windowSeconds * 1000);
  // Bound through the column, so each dialect gets its own encoding of a date (a millisecond number
  // on SQLite, a timestamp on PostgreSQL).
  const nowValue = sql.param(new Date(now), rateLimits.resetAt);
  // One statement: start a new window when the old one has passed, else count up.
  const [row] = await transaction((tx) =>
    tx
      .insert(rateLimits)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= ${nowValue} then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= ${nowValue} then ${sql.param(resetAt, rateLimits.resetAt)} else ${rateLimits.resetAt} end`,
        },
      })
      .returning(),
  );
  if (row!.count <= limit) return { ok: true };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((row!.resetAt.getTime() - now) / 1000)) };
}

export async function reset(name: LimitName, subject: string) {
  await transaction((tx) => tx.delete(rateLimits).where(eq(rateLimits.key, `${name}:${subject}`)));
}

/** Drops windows that have run out, and solved captchas past their expiry (the "expired limits" job). */
export async function deleteExpiredLimits(now = Date.now()) {
  await transaction(async (tx) => {
    await tx.delete(rateLimits).where(lt(rateLimits.resetAt, new Date(now)));
    await tx.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, new Date(now)));
  });
}

/**
 * Records a solved captcha (by its hash) until it expires; false when it was accepted before.
 * Expired ones are dropped on the way, so the table holds only the last few minutes.
 */
export async function acceptCaptchaOnce(hash: string, expiresAt: Date, now = Date.now()) {
  const inserted = await transaction(async (tx) => {
    await tx.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, new Date(now)));
    return tx
      .insert(usedCaptchas)
      .values({ hash, expiresAt })
      .onConflictDoNothing()
      .returning({ hash: usedCaptchas.hash });
  });
  return inserted.length > 0;
}
