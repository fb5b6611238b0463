import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { applications, uploads, users } from "~db/schema";
import { documentIssues, type ApplicationInput } from "~/domain/application-schema";
import { TransitionError } from "~/domain/status";
import { db, writeTransaction } from "~/lib/db.server";
import { recordAudit } from "./audit.server";
import { DecisionError, notifyUser } from "./decisions.server";
import { applyUserEvent, type Tx } from "./status.server";
import { DOCUMENT_KINDS, listApplicationFiles } from "./uploads.server";

export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicationFields = Omit<ApplicationInput, (typeof DOCUMENT_KINDS)[number]>;

/**
 * Submits the courier's job application: the row, the user's document drafts attached to it and
 * the status change (→ applied_for_job) in one transaction. Refuses when the status does not
 * allow applying or a document the citizenship needs is missing (the schema's own rule).
 */
export function submitApplication(userId: number, input: ApplicationFields): ApplicationRow {
  return writeTransaction((tx) => {
    const drafts = tx
      .select({ id: uploads.id, kind: uploads.kind })
      .from(uploads)
      .where(and(eq(uploads.ownerId, userId), isNull(uploads.applicationId), inArray(uploads.kind, [...DOCUMENT_KINDS])))
      .all();
    const kinds = new Set<string>(drafts.map((row) => row.kind));
    if (documentIssues(input.citizenship, (field) => kinds.has(field)).length > 0) throw new DecisionError("documentsMissing");
    try {
      applyUserEvent(tx, userId, "submitApplication", { actorId: userId });
    } catch (error) {
      if (error instanceof TransitionError) throw new DecisionError("notAllowed");
      throw error;
    }
    const row = tx
      .insert(applications)
      .values({
        userId,
        fullName: input.fullName,
        age: input.age,
        citizenship: input.citizenship,
        phone: input.phone,
        contactMethod: input.contactMethod,
        contactUsername: input.contactUsername || null,
        comment: input.comment || null,
      })
      .returning()
      .get();
    tx.update(uploads).set({ applicationId: row.id }).where(inArray(uploads.id, drafts.map((d) => d.id))).run();
    tx.update(users).set({ fullName: input.fullName, updatedAt: new Date() }).where(eq(users.id, userId)).run();
    return row;
  });
}

/** The user's most recent application, or undefined. */
export function getLatestApplication(userId: number): ApplicationRow | undefined {
  return db().select().from(applications).where(eq(applications.userId, userId)).orderBy(desc(applications.id)).limit(1).get();
}

/** One of the user's own applications with its files; another user's id finds nothing. */
export function getOwnApplication(userId: number, applicationId: number) {
  const row = db()
    .select()
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.userId, userId)))
    .get();
  return row && { ...row, files: listApplicationFiles(userId, applicationId) };
}

function decide(adminId: number, applicationId: number, approve: boolean, reason: string | null) {
  return writeTransaction((tx) => decideIn(tx, adminId, applicationId, approve, reason));
}

function decideIn(tx: Tx, adminId: number, applicationId: number, approve: boolean, reason: string | null) {
  const row = tx.select().from(applications).where(eq(applications.id, applicationId)).get();
  if (!row) throw new DecisionError("notFound");
  if (row.status !== "pending") throw new DecisionError("notPending");
  const status = approve ? "approved" : "rejected";
  tx.update(applications)
    .set({ status, rejectionReason: reason, decidedById: adminId, decidedAt: new Date() })
    .where(eq(applications.id, applicationId))
    .run();
  applyUserEvent(tx, row.userId, approve ? "approveApplication" : "rejectApplication", { actorId: adminId, reason });
  recordAudit(tx, {
    actorId: adminId,
    action: approve ? "application.approve" : "application.reject",
    entityType: "application",
    entityId: applicationId,
    subjectUserId: row.userId,
    before: { status: row.status },
    after: { status, reason },
  });
  return row.userId;
}

/**
 * Admin decision: approves a pending application (user → working_no_vehicle), records the status
 * change and the audit entry in one transaction, then e-mails the user. Throws DecisionError
 * (notFound, notPending).
 */
export async function approveApplication(adminId: number, applicationId: number) {
  const userId = decide(adminId, applicationId, true, null);
  await notifyUser(userId, "applicationApproved");
}

/** Admin decision: rejects a pending application with a reason (user → job_rejected; may apply again). */
export async function rejectApplication(adminId: number, applicationId: number, reason: string) {
  const trimmed = reason.trim();
  if (!trimmed) throw new DecisionError("reasonRequired");
  const userId = decide(adminId, applicationId, false, trimmed);
  await notifyUser(userId, "applicationRejected", { reason: trimmed });
}

/**
 * Bulk decision: approves many pending applications in one transaction, each with its own status
 * history and audit entry; a row another admin decided meanwhile is skipped (its savepoint rolls
 * back alone). E-mails go out after the commit.
 */
export async function approveApplications(adminId: number, applicationIds: number[]) {
  const outcome = writeTransaction((tx) => {
    const done: { id: number; userId: number }[] = [];
    const skipped: number[] = [];
    for (const id of applicationIds) {
      try {
        done.push({ id, userId: tx.transaction((row) => decideIn(row, adminId, id, true, null)) });
      } catch (error) {
        if (!(error instanceof DecisionError) && !(error instanceof TransitionError)) throw error;
        skipped.push(id);
      }
    }
    return { done, skipped };
  });
  for (const { userId } of outcome.done) await notifyUser(userId, "applicationApproved");
  return { done: outcome.done.map((d) => d.id), skipped: outcome.skipped };
}
