import { eq } from "drizzle-orm";
import { statusHistory, users } from "~db/schema";
import { transition, type UserEvent, type UserStatus } from "~/domain/status";
import type { DB } from "~/infra/db.server";

type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];

/**
 * Applies a status-machine event to a user inside the caller's transaction and records it in the
 * status history. Throws TransitionError (rolling the transaction back) when the event is not allowed.
 */
export function applyUserEvent(
  tx: Tx,
  userId: number,
  event: UserEvent,
  { actorId = null, reason = null }: { actorId?: number | null; reason?: string | null } = {},
): { from: UserStatus; to: UserStatus } {
  const user = tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).get();
  if (!user) throw new Error(`User ${userId} not found`);
  const to = transition(user.status, event);
  if (to !== user.status) tx.update(users).set({ status: to, updatedAt: new Date() }).where(eq(users.id, userId)).run();
  tx.insert(statusHistory).values({ userId, fromStatus: user.status, toStatus: to, reason, actorId }).run();
  return { from: user.status, to };
}

export type { Tx };
