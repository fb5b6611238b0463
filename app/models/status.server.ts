import { and, eq } from "drizzle-orm";
import { statusHistory, users } from "~db/schema";
import { transition, TransitionError, type UserEvent, type UserStatus } from "~/domain/status";
import type { Tx } from "~/infra/db.server";
import { forUpdate } from "~/infra/sql-dialect.server";

/**
 * Applies a status-machine event to a user inside the caller's transaction and records it in the
 * status history. Throws TransitionError (rolling the transaction back) when the event is not allowed.
 */
export async function applyUserEvent(
  tx: Tx,
  userId: number,
  event: UserEvent,
  { actorId = null, reason = null }: { actorId?: number | null; reason?: string | null } = {},
): Promise<{ from: UserStatus; to: UserStatus }> {
  // Locked until the commit: two claims of one courier at once (two requests, two assignments) take
  // turns on PostgreSQL, and the second sees the status the first left.
  const [user] = await forUpdate(tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).limit(1));
  if (!user) throw new Error(`User ${userId} not found`);
  const to = transition(user.status, event);
  if (to !== user.status) {
    // Only from the status read: a row count of 0 means it moved meanwhile, and the event is refused.
    const moved = await tx
      .update(users)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.status, user.status)))
      .returning({ id: users.id });
    if (moved.length === 0) throw new TransitionError(user.status, event);
  }
  await tx.insert(statusHistory).values({ userId, fromStatus: user.status, toStatus: to, reason, actorId });
  return { from: user.status, to };
}
