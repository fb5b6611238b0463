import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { applications, outbox, statusHistory } from "~db/schema";
import { canUndoApproval } from "~/domain/review-queue";
import { TransitionError } from "~/domain/status";
import { transaction } from "~/infra/db.server";
import { forUpdate } from "~/infra/sql-dialect.server";
import { recordAudit } from "./audit.server";
import { DecisionError, notifyUser } from "./decisions.server";
import { applyUserEvent } from "./status.server";

/**
 * Takes back an approval made moments ago (a key pressed by mistake): only by the admin who made it,
 * within UNDO_APPROVAL_MS, and only while nothing else happened to the courier since (the approval is
 * still their last status change). The application waits again, the change is in the status history
 * and the audit log. The approval e-mail is withdrawn while unsent; once sent, a correction follows it.
 * Throws DecisionError (notFound, undoExpired).
 */
export async function undoApproval(adminId: number, applicationId: number) {
  await transaction(async (tx) => {
    const [row] = await forUpdate(tx.select().from(applications).where(eq(applications.id, applicationId)).limit(1));
    if (!row) throw new DecisionError("notFound");
    if (row.status !== "approved" || row.decidedById !== adminId || !canUndoApproval(row.decidedAt, new Date()))
      throw new DecisionError("undoExpired");
    const [last] = await tx
      .select()
      .from(statusHistory)
      .where(eq(statusHistory.userId, row.userId))
      .orderBy(desc(statusHistory.id))
      .limit(1);
    if (!last || last.toStatus !== "working_no_vehicle" || last.actorId !== adminId)
      throw new DecisionError("undoExpired");
    try {
      await applyUserEvent(tx, row.userId, "undoApproval", { actorId: adminId });
    } catch (error) {
      if (error instanceof TransitionError) throw new DecisionError("undoExpired");
      throw error;
    }
    await tx
      .update(applications)
      .set({ status: "pending", decidedById: null, decidedAt: null })
      .where(eq(applications.id, applicationId));
    // The approval's messages (e-mail, Telegram, phones) still waiting are withdrawn; where one already went out
    // (or is being sent), a correction follows on that channel.
    const approvalRows = and(
      eq(outbox.userId, row.userId),
      eq(outbox.kind, "applicationApproved"),
      gt(outbox.createdAt, new Date(row.decidedAt!.getTime() - 1000)),
    );
    await tx.delete(outbox).where(and(approvalRows, isNull(outbox.sentAt), isNull(outbox.claimedBy)));
    const delivered = await tx.selectDistinct({ channel: outbox.channel }).from(outbox).where(approvalRows);
    if (delivered.length > 0)
      await notifyUser(
        tx,
        row.userId,
        "approvalWithdrawn",
        {},
        "/dashboard",
        [],
        delivered.map((d) => d.channel),
      );
    await recordAudit(tx, {
      actorId: adminId,
      action: "application.undoApprove",
      entityType: "application",
      entityId: applicationId,
      subjectUserId: row.userId,
      before: { status: "approved" },
      after: { status: "pending" },
    });
  });
}
