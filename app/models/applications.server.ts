import { and, asc, count, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { applicationDrafts, applications, uploads, users } from "~db/schema";
import { type ApplicationInput } from "~/domain/application-schema";
import { parseValidUntil } from "~/domain/document-expiry";
import { now as serverNow } from "~/infra/clock.server";
import { isStockRejectionReason, stockReasonKey, type StockRejectionReason } from "~/domain/rejection";
import { applicationVersion, type QueueFilter } from "~/domain/review-queue";
import { TransitionError, type ApplicationStatus } from "~/domain/status";
import { db, preparedQuery, savepoint, transaction, type Tx } from "~/infra/db.server";
import { forUpdate } from "~/infra/sql-dialect.server";
import { translatorFor } from "~/infra/i18n.server";
import { commitUploads, copyStoredFile, discardUploads, type PreparedUpload } from "~/infra/uploads.server";
import { recordAudit } from "./audit.server";
import { DecisionError, notifyUser } from "./decisions.server";
import { pageIds, toPage } from "./paging.server";
import { likeEscaped, personMatches } from "./search.server";
import { applyUserEvent } from "./status.server";
import { insertUploadRows, listApplicationFiles, unattachedDrafts, withPreparedUploads } from "./uploads.server";
import { DOCUMENT_KINDS, documentIssues, type DocumentKind, needsRightToStay } from "~/domain/documents";

export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicationFields = Omit<ApplicationInput, (typeof DOCUMENT_KINDS)[number] | "documentValidUntil"> & {
  documentValidUntil?: string;
};

/**
 * Submits the courier's job application: the row, the user's document drafts attached to it and
 * the status change (→ applied_for_job) in one transaction. Refuses when the status does not
 * allow applying or a document the citizenship needs is missing (the schema's own rule).
 */
export async function submitApplication(userId: number, input: ApplicationFields): Promise<ApplicationRow> {
  return transaction(async (tx) => {
    const drafts = await tx
      .select({ id: uploads.id, kind: uploads.kind })
      .from(uploads)
      .where(unattachedDrafts(userId, DOCUMENT_KINDS));
    const kinds = new Set<string>(drafts.map((row) => row.kind));
    if (documentIssues(input.citizenship, (field) => kinds.has(field)).length > 0)
      throw new DecisionError("documentsMissing");
    if (needsRightToStay(input.citizenship)) {
      const validUntil = parseValidUntil(input.documentValidUntil);
      if (!validUntil) throw new DecisionError("validUntilRequired");
      if (validUntil.getTime() <= serverNow().getTime()) throw new DecisionError("validUntilPast");
    }
    try {
      await applyUserEvent(tx, userId, "submitApplication", { actorId: userId });
    } catch (error) {
      if (error instanceof TransitionError) throw new DecisionError("notAllowed");
      throw error;
    }
    const [row] = await tx
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
        documentValidUntil: needsRightToStay(input.citizenship) ? parseValidUntil(input.documentValidUntil) : null,
      })
      .returning();
    await tx
      .update(uploads)
      .set({ applicationId: row!.id })
      .where(
        inArray(
          uploads.id,
          drafts.map((d) => d.id),
        ),
      );
    await tx.update(users).set({ fullName: input.fullName, updatedAt: new Date() }).where(eq(users.id, userId));
    // The typed draft has become the application.
    await tx.delete(applicationDrafts).where(eq(applicationDrafts.userId, userId));
    return row!;
  });
}

/** The user's most recent application, or undefined. */
const latestApplication = preparedQuery((connection) =>
  connection
    .select()
    .from(applications)
    .where(eq(applications.userId, sql.placeholder("userId")))
    .orderBy(desc(applications.id))
    .limit(1)
    .prepare(),
);

export async function getLatestApplication(userId: number): Promise<ApplicationRow | undefined> {
  const [row] = await latestApplication().execute({ userId });
  return row;
}

/** One of the user's own applications with its files; another user's id finds nothing. */
export async function getOwnApplication(userId: number, applicationId: number) {
  const [row] = await db()
    .select()
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.userId, userId)))
    .limit(1);
  return row && { ...row, files: await listApplicationFiles(userId, applicationId) };
}

type Rejection = {
  reason: string;
  reasonCode: StockRejectionReason | null;
  replace: DocumentKind[];
  carried: PreparedUpload[];
};

function decide(
  adminId: number,
  applicationId: number,
  approve: boolean,
  rejection: Rejection | null,
  validUntil?: Date | null,
  shownVersion?: string,
) {
  return transaction((tx) => decideIn(tx, adminId, applicationId, approve, rejection, validUntil, shownVersion));
}

/**
 * The right-to-stay document's date an approval confirms: the admin's correction, else what the
 * courier typed. Applications of Slovak and EU citizens have none; an approval of an "other"
 * application with a date already past is refused.
 */
function confirmedValidUntil(row: ApplicationRow, corrected: Date | null | undefined) {
  if (!needsRightToStay(row.citizenship)) return null;
  const date = corrected ?? row.documentValidUntil;
  if (date && date.getTime() <= serverNow().getTime()) throw new DecisionError("validUntilPast");
  return date ?? null;
}

async function decideIn(
  tx: Tx,
  adminId: number,
  applicationId: number,
  approve: boolean,
  rejection: Rejection | null,
  correctedValidUntil?: Date | null,
  shownVersion?: string,
) {
  // Locked until the commit: of two admins deciding at once, the second waits, then finds it decided.
  const [row] = await forUpdate(tx.select().from(applications).where(eq(applications.id, applicationId)).limit(1));
  if (!row) throw new DecisionError("notFound");
  // The page that posted showed another state of this row (decided, then undone): decide nothing unseen.
  if (shownVersion !== undefined && shownVersion !== applicationVersion(row)) throw new DecisionError("stalePage");
  if (row.status !== "pending") throw new DecisionError("notPending");
  const validUntil = approve ? confirmedValidUntil(row, correctedValidUntil) : row.documentValidUntil;
  const status = approve ? "approved" : "rejected";
  const reason = rejection?.reason ?? null;
  await tx
    .update(applications)
    .set({
      status,
      rejectionReason: reason,
      rejectionReasonCode: rejection?.reasonCode ?? null,
      replaceDocuments: rejection ? rejection.replace : null,
      documentValidUntil: validUntil,
      decidedById: adminId,
      decidedAt: new Date(),
    })
    .where(eq(applications.id, applicationId));
  await applyUserEvent(tx, row.userId, approve ? "approveApplication" : "rejectApplication", {
    actorId: adminId,
    reason,
  });
  // From now on the document-expiry job watches the confirmed date.
  if (approve) await tx.update(users).set({ documentValidUntil: validUntil }).where(eq(users.id, row.userId));
  if (rejection?.carried.length) {
    // The documents the admin did not ask to replace become the courier's drafts for the next submission.
    const kinds = rejection.carried.map((file) => file.field as DocumentKind);
    await tx.delete(uploads).where(unattachedDrafts(row.userId, kinds));
    await insertUploadRows(tx, rejection.carried, { kind: (file) => file.field as DocumentKind, ownerId: row.userId });
  }
  await recordAudit(tx, {
    actorId: adminId,
    action: approve ? "application.approve" : "application.reject",
    entityType: "application",
    entityId: applicationId,
    subjectUserId: row.userId,
    before: { status: row.status },
    after: rejection
      ? { status, reason, reasonCode: rejection.reasonCode, replace: rejection.replace }
      : { status, reason, documentValidUntil: validUntil?.toISOString().slice(0, 10) ?? undefined },
  });
  // Queued with the decision: sent when it commits, never for a row whose savepoint rolled back.
  await notifyUser(
    tx,
    row.userId,
    approve ? "applicationApproved" : "applicationRejected",
    approve ? {} : { reason: reason ?? "" },
    "/dashboard",
    rejection?.replace ?? [],
  );
  return row.userId;
}

/**
 * Admin decision: approves a pending application (user → working_no_vehicle), records the status
 * change, the audit entry and the user's e-mail (queued in the outbox) in one transaction. Throws DecisionError
 * (notFound, notPending).
 */
export async function approveApplication(
  adminId: number,
  applicationId: number,
  options: { documentValidUntil?: Date | null; shownVersion?: string } = {},
) {
  await decide(adminId, applicationId, true, null, options.documentValidUntil, options.shownVersion);
}

export type RejectionInput = { reason?: string | null; reasonCode?: string | null; replace?: readonly string[] | null };

/**
 * Admin decision: rejects a pending application (user → job_rejected; may apply again) with a stock
 * reason (stored in the courier's language, the code kept so screens can translate it again) and/or
 * a written one. Documents not listed in `replace` are copied into the courier's drafts, so the next
 * submission only needs the ones to replace; both applications keep their own files.
 */
export async function rejectApplication(
  adminId: number,
  applicationId: number,
  input: string | RejectionInput,
  shownVersion?: string,
) {
  const rejection = rejectionFrom(input);
  await rejectInOne(adminId, applicationId, rejection, shownVersion);
}

/**
 * Bulk decision: rejects many pending applications with one reason (checked once), in one
 * transaction, each row with its own status history and audit entry. A transaction cannot wait
 * for file copies, so the carried-over documents of every row are copied first; a row another
 * admin decided meanwhile is skipped (its savepoint rolls back alone, its copies are removed).
 * Each row's e-mail is queued in its savepoint.
 */
export async function rejectApplications(adminId: number, applicationIds: number[], input: RejectionInput) {
  const rejection = rejectionFrom(input);
  const plans: (PlannedRejection & { id: number })[] = [];
  try {
    for (const id of applicationIds) {
      try {
        plans.push({ id, ...(await planRejection(id, rejection)) });
      } catch (error) {
        if (!(error instanceof DecisionError)) throw error;
      }
    }
  } catch (error) {
    await discardUploads(plans.flatMap((plan) => plan.decision.carried));
    throw error;
  }
  let decided: (PlannedRejection & { id: number; userId: number })[];
  try {
    decided = await transaction(async (tx) => {
      const done: (PlannedRejection & { id: number; userId: number })[] = [];
      for (const plan of plans) {
        try {
          done.push({
            ...plan,
            userId: await savepoint(tx, (row) => decideIn(row, adminId, plan.id, false, plan.decision)),
          });
        } catch (error) {
          if (!(error instanceof DecisionError) && !(error instanceof TransitionError)) throw error;
        }
      }
      return done;
    });
  } catch (error) {
    await discardUploads(plans.flatMap((plan) => plan.decision.carried));
    throw error;
  }
  const decidedIds = new Set(decided.map((plan) => plan.id));
  await commitUploads(decided.flatMap((plan) => plan.decision.carried));
  await discardUploads(plans.filter((plan) => !decidedIds.has(plan.id)).flatMap((plan) => plan.decision.carried));
  return {
    done: applicationIds.filter((id) => decidedIds.has(id)),
    skipped: applicationIds.filter((id) => !decidedIds.has(id)),
  };
}

function rejectionFrom(input: string | RejectionInput) {
  const {
    reason: written,
    reasonCode,
    replace,
  } = typeof input === "string" ? { reason: input, reasonCode: null, replace: [] } : input;
  const code = isStockRejectionReason(reasonCode) ? reasonCode : null;
  const note = written?.trim() ?? "";
  if (!code && !note) throw new DecisionError("reasonRequired");
  return { code, note, toReplace: DOCUMENT_KINDS.filter((field) => replace?.includes(field)) };
}

type PlannedRejection = { decision: Rejection };

/**
 * The reason in the courier's language and copies of the documents they keep (as prepared
 * uploads, not yet in place): everything a rejection needs before its transaction opens.
 */
async function planRejection(
  applicationId: number,
  { code, note, toReplace }: ReturnType<typeof rejectionFrom>,
): Promise<PlannedRejection> {
  const [application] = await db()
    .select({ userId: applications.userId, language: users.language })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(applications.id, applicationId))
    .limit(1);
  if (!application) throw new DecisionError("notFound");
  const stock = code ? translatorFor(application.language)(stockReasonKey(code)) : "";
  const reason = [stock, note].filter(Boolean).join(" — ");
  const uploaded = await db().select().from(uploads).where(eq(uploads.applicationId, applicationId));
  // Only a document the courier uploaded can be asked for again (the form lists only those).
  const replace = toReplace.filter((kind) => uploaded.some((file) => file.kind === kind));
  const files = uploaded.filter(
    (file) => (DOCUMENT_KINDS as readonly string[]).includes(file.kind) && !replace.includes(file.kind as DocumentKind),
  );
  const carried: PreparedUpload[] = [];
  try {
    for (const file of files) carried.push(await copyStoredFile(file));
  } catch (error) {
    await discardUploads(carried);
    throw error;
  }
  return { decision: { reason, reasonCode: code, replace, carried } };
}

async function rejectInOne(
  adminId: number,
  applicationId: number,
  rejection: ReturnType<typeof rejectionFrom>,
  shownVersion?: string,
) {
  const { decision } = await planRejection(applicationId, rejection);
  await withPreparedUploads(decision.carried, async () => ({
    result: await decide(adminId, applicationId, false, decision, undefined, shownVersion),
  }));
}

/**
 * Bulk decision: approves many pending applications in one transaction, each with its own status
 * history and audit entry; a row another admin decided meanwhile is skipped (its savepoint rolls
 * back alone, its e-mail with it).
 */
export async function approveApplications(adminId: number, applicationIds: number[]) {
  const outcome = await transaction(async (tx) => {
    const done: { id: number; userId: number }[] = [];
    const skipped: number[] = [];
    for (const id of applicationIds) {
      try {
        done.push({ id, userId: await savepoint(tx, (row) => decideIn(row, adminId, id, true, null)) });
      } catch (error) {
        if (!(error instanceof DecisionError) && !(error instanceof TransitionError)) throw error;
        skipped.push(id);
      }
    }
    return { done, skipped };
  });
  return { done: outcome.done.map((d) => d.id), skipped: outcome.skipped };
}

function applicationWhere(filter: QueueFilter<ApplicationStatus>) {
  return and(
    filter.status === "all" ? undefined : eq(applications.status, filter.status),
    filter.q
      ? or(likeEscaped(applications.fullName, filter.q), personMatches(applications.userId, filter.q))
      : undefined,
  );
}

/** Applications of one status (pending by default), oldest or newest first, optionally searched. */
export async function listApplications(filter: QueueFilter<ApplicationStatus>) {
  const where = applicationWhere(filter);
  const dir = filter.sort === "oldest" ? asc : desc;
  const order = [dir(applications.createdAt), dir(applications.id)];
  const [counted] = await db().select({ n: count() }).from(applications).where(where);
  const rows = await db()
    .select({
      id: applications.id,
      fullName: applications.fullName,
      age: applications.age,
      phone: applications.phone,
      status: applications.status,
      createdAt: applications.createdAt,
      userId: users.id,
      email: users.email,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(inArray(applications.id, pageIds(applications, where, order, filter.page)))
    .orderBy(...order);
  return toPage(rows, counted?.n ?? 0, filter.page);
}

/** The ids of the pending applications, oldest first: the review queue a detail page moves through. */
export async function pendingApplicationQueue(limit = 1000) {
  const rows = await db()
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.status, "pending"))
    .orderBy(asc(applications.createdAt), asc(applications.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** One application for the admin: the applicant's e-mail and status, who decided, the documents. */
export async function getApplicationDetail(id: number) {
  const decider = alias(users, "decider");
  const [row] = await db()
    .select({
      application: applications,
      email: users.email,
      userStatus: users.status,
      userLanguage: users.language,
      deciderEmail: decider.email,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .leftJoin(decider, eq(decider.id, applications.decidedById))
    .where(eq(applications.id, id))
    .limit(1);
  if (!row) return null;
  const documents = await db()
    .select({ id: uploads.id, kind: uploads.kind, mime: uploads.mime, width: uploads.width, height: uploads.height })
    .from(uploads)
    .where(eq(uploads.applicationId, id))
    .orderBy(asc(uploads.position), asc(uploads.id));
  const resubmission = await resubmissionOf(row.application);
  return {
    ...row,
    documents: documents.map((d) => ({
      ...d,
      isNew: (resubmission?.replaced as readonly string[] | undefined)?.includes(d.kind) ?? false,
    })),
    resubmission,
  };
}

/**
 * When the courier's previous application was rejected, this one is a resubmission: the documents
 * whose bytes differ from the previous application's (or that it lacked) are the replaced ones, so
 * the admin checks those and not the copies carried over.
 */
async function resubmissionOf(application: ApplicationRow) {
  const [previous] = await db()
    .select({ id: applications.id, reason: applications.rejectionReason })
    .from(applications)
    .where(
      and(
        eq(applications.userId, application.userId),
        lt(applications.id, application.id),
        eq(applications.status, "rejected"),
      ),
    )
    .orderBy(desc(applications.id))
    .limit(1);
  if (!previous) return null;
  const files = (applicationId: number) =>
    db()
      .select({ kind: uploads.kind, contentHash: uploads.contentHash })
      .from(uploads)
      .where(eq(uploads.applicationId, applicationId));
  const before = new Map((await files(previous.id)).map((f) => [f.kind, f.contentHash]));
  const replaced = (await files(application.id))
    .filter((f) => !f.contentHash || before.get(f.kind) !== f.contentHash)
    .map((f) => f.kind);
  return {
    previousId: previous.id,
    previousReason: previous.reason,
    replaced: DOCUMENT_KINDS.filter((kind) => replaced.includes(kind)),
  };
}
