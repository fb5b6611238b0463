import { and, eq, isNull, lt } from "drizzle-orm";
import { idempotencyKeys } from "~db/schema";
import { db, transaction } from "~/infra/db.server";

/** Claims a form's key for a user: true when this post is the first; otherwise where the first one led (null while running). */
export async function claimFormKey(
  userId: number,
  key: string,
): Promise<{ first: true } | { first: false; location: string | null }> {
  const created = await transaction((tx) =>
    tx.insert(idempotencyKeys).values({ userId, key }).onConflictDoNothing().returning({ key: idempotencyKeys.key }),
  );
  if (created.length > 0) return { first: true };
  const [row] = await db()
    .select({ location: idempotencyKeys.location })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return { first: false, location: row?.location ?? null };
}

/** Records where the first post of a key led, so a repeat answers the same way. */
export async function settleFormKey(userId: number, key: string, location: string) {
  await transaction((tx) =>
    tx
      .update(idempotencyKeys)
      .set({ location })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.location))),
  );
}

/** Frees a key whose post created nothing (refused input), so the corrected form can be sent again. */
export async function releaseFormKey(userId: number, key: string) {
  await transaction((tx) =>
    tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))),
  );
}

/** Forgets keys older than `before` (a form is not resubmitted a day later). */
export async function pruneFormKeys(before: Date) {
  await transaction((tx) => tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)));
}
