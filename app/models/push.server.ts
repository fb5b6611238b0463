/**
 * A courier's phones for Web Push (docs/operations.md#push): the browser's subscription (its push service
 * endpoint and encryption keys) as the dashboard's "Turn on" stored it. An endpoint belongs to one courier:
 * the browser it lives in is whoever subscribed there last. Every change to whose a phone is withdraws what
 * was still waiting for it, so nobody's message lands on a phone that is no longer theirs.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { outbox, pushSubscriptions } from "~db/schema";
import type { PushSubscriptionInput } from "~/domain/push";
import { now as clockNow } from "~/infra/clock.server";
import { db, transaction, type Tx } from "~/infra/db.server";

/** Phones per courier; subscribing one more forgets the oldest (a phone replaced without turning it off). */
export const PUSH_SUBSCRIPTIONS_PER_USER = 5;

/** The courier's phones as the dashboard lists them (the endpoint stays on the server). */
export async function pushSubscriptionsOf(userId: number) {
  return await db()
    .select({
      id: pushSubscriptions.id,
      label: pushSubscriptions.label,
      createdAt: pushSubscriptions.createdAt,
      lastSuccessAt: pushSubscriptions.lastSuccessAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
}

async function withdrawWaiting(tx: Tx, subscriptionIds: number[]) {
  if (subscriptionIds.length === 0) return;
  await tx
    .delete(outbox)
    .where(
      and(eq(outbox.channel, "push"), inArray(outbox.recipient, subscriptionIds.map(String)), isNull(outbox.sentAt)),
    );
}

/**
 * Stores this browser's subscription for the courier (again after the browser renewed its keys). Returns
 * its id. A subscription that was another courier's becomes this one's, without the other's waiting messages.
 */
export async function savePushSubscription(
  userId: number,
  input: PushSubscriptionInput,
  label: string,
  sessionHash: string | null,
) {
  return transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, input.endpoint))
      .limit(1);
    if (existing && existing.userId !== userId) await withdrawWaiting(tx, [existing.id]);
    const values = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, label, sessionHash };
    const [row] = existing
      ? await tx
          .update(pushSubscriptions)
          .set(values)
          .where(eq(pushSubscriptions.id, existing.id))
          .returning({ id: pushSubscriptions.id })
      : await tx
          .insert(pushSubscriptions)
          .values({ ...values, endpoint: input.endpoint, createdAt: clockNow() })
          .returning({ id: pushSubscriptions.id });
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.id));
    const forgotten = kept.slice(0, Math.max(0, kept.length - PUSH_SUBSCRIPTIONS_PER_USER)).map((r) => r.id);
    if (forgotten.length) {
      await withdrawWaiting(tx, forgotten);
      await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, forgotten));
    }
    return row!.id;
  });
}

/**
 * "Turn off" (this browser, by its endpoint) or "Remove" (a phone of the list, by id): only the courier's
 * own subscription; false when there is none such (someone else's is left alone).
 */
export async function deletePushSubscription(userId: number, which: { endpoint: string } | { id: number }) {
  return transaction(async (tx) => {
    const [row] = await tx
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, userId),
          "id" in which ? eq(pushSubscriptions.id, which.id) : eq(pushSubscriptions.endpoint, which.endpoint),
        ),
      )
      .returning({ id: pushSubscriptions.id });
    if (!row) return false;
    await withdrawWaiting(tx, [row.id]);
    return true;
  });
}

/** Where the sender posts a push row (its recipient is the subscription's id); null once it is gone. */
export async function pushTargetOf(subscriptionId: number) {
  if (!Number.isSafeInteger(subscriptionId)) return null;
  const [row] = await db()
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, subscriptionId))
    .limit(1);
  return row ?? null;
}

/** The push service delivered: the list shows when the phone last got a message. */
export async function markPushDelivered(subscriptionId: number, at = clockNow()) {
  await transaction((tx) =>
    tx.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, subscriptionId)),
  );
}

/** The push service answered 404/410: the browser dropped the subscription, so do we. */
export async function removeGoneSubscription(subscriptionId: number) {
  await transaction((tx) => tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId)));
}

/** The subscriptions a notice goes to, in the caller's transaction (app/models/outbox.server.ts). */
export async function pushSubscriptionIds(tx: Tx, userId: number) {
  const rows = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
  return rows.map((r) => r.id);
}

/**
 * Logging out stops the notices of the phones that log-in turned on, with their waiting messages: a
 * shared phone must not show the last courier's decisions to the next one. (A session that only
 * expires keeps them: the courier did not ask to stop.)
 */
export async function forgetPushOfSessions(tx: Tx, sessionHashes: string[]) {
  if (sessionHashes.length === 0) return;
  const rows = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.sessionHash, sessionHashes));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return;
  await withdrawWaiting(tx, ids);
  await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}
