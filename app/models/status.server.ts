import { eq } from "drizzle-orm";
import { statusHistory, users } from "~db/schema";
import { transition, type UserEvent, type UserStatus } from "~/domain/status";
import type { Tx } from "~/infra/db.server";

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
  const [user] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`User ${userId} not found`);
  const to = transition(user.status, event);
  if (to !== user.status) await tx.update(users).set({ status: to, updatedAt: new Date() }).where(eq(users.id, userId));
  await tx.insert(statusHistory).values({ userId, fromStatus: user.status, toStatus: to, reason, actorId });
  return { from: user.status, to };
}
