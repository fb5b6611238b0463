import { and, eq, isNull, lt } from "drizzle-orm";
import { oneTimeTokens } from "~db/schema";
import { ACTIVATION_TOKEN_HOURS, RESET_TOKEN_MINUTES } from "~/domain/rules";
import { randomToken, sha256 } from "~/infra/crypto.server";
import { db, transaction, type Database, type Tx } from "~/infra/db.server";

export type TokenPurpose = (typeof oneTimeTokens.$inferSelect)["purpose"];

/** How long a link in an e-mail stays valid. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  activation: ACTIVATION_TOKEN_HOURS * 60 * 60 * 1000,
  password_reset: RESET_TOKEN_MINUTES * 60 * 1000,
  // The code of "Connect Telegram" (https://t.me/<bot>?start=<code>).
  telegram_link: 15 * 60 * 1000,
};

/** An old link still says "already used" or "expired" for this long instead of "unknown". */
const STALE_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

export function tokenExpiresAt(purpose: TokenPurpose, now = Date.now()) {
  return new Date(now + TOKEN_LIFETIME_MS[purpose]);
}

/**
 * Issues a single-use token and returns it in clear text for the e-mail; only its SHA-256 is stored.
 * Older unused tokens of the same purpose are withdrawn, so only the newest link works.
 */
export async function issueToken(userId: number, purpose: TokenPurpose, now = Date.now(), tx?: Tx): Promise<string> {
  if (!tx) return transaction((t) => issueToken(userId, purpose, now, t));
  const token = randomToken();
  // Housekeeping on the way: tokens kept past their lifetime only to say "used" or "expired".
  await tx.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, new Date(now - STALE_AFTER_MS)));
  await tx
    .delete(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  await tx.insert(oneTimeTokens).values({
    tokenHash: sha256(token),
    userId,
    purpose,
    expiresAt: tokenExpiresAt(purpose, now),
    createdAt: new Date(now),
  });
  return token;
}

export type TokenCheck =
  | { state: "valid"; id: number; userId: number; issuedAt: Date }
  | { state: "used" | "expired" | "unknown" };

/** Looks a token up without consuming it. */
export async function checkToken(
  token: string,
  purpose: TokenPurpose,
  now = Date.now(),
  q: Database = db(),
): Promise<TokenCheck> {
  if (!token || token.length > 200) return { state: "unknown" };
  const [row] = await q
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, sha256(token)), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  if (!row) return { state: "unknown" };
  if (row.usedAt) return { state: "used" };
  if (row.expiresAt.getTime() <= now) return { state: "expired" };
  return { state: "valid", id: row.id, userId: row.userId, issuedAt: row.createdAt };
}

/**
 * Marks a valid token used inside the caller's transaction. The `usedAt IS NULL` condition makes a
 * concurrent second use lose even if both requests checked the token at the same moment.
 */
export async function consumeToken(tx: Tx, id: number, now = Date.now()) {
  const [row] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date(now) })
    .where(and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return row !== undefined;
}
