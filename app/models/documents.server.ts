/**
 * Right-to-stay documents that expire: the courier's current valid-until (users.document_valid_until),
 * new documents sent to replace it (document_renewals, their files are uploads), the admin's
 * decision on them, and the scheduled job that reminds couriers and moves expired ones to
 * documents_expired. Rules live in app/domain/document-expiry.ts.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { documentReminders, documentRenewals, uploads, users, vehicleRequests, vehicles } from "~db/schema";
import { daysLeft, documentState, dueReminder, isDocumentExpired, renewalFilesIssue } from "~/domain/document-expiry";
import { DOCUMENT_EXPIRING_SOON_DAYS } from "~/domain/rules";
import { nextStatus, type UserStatus } from "~/domain/status";
import { now as serverNow } from "~/infra/clock.server";
import { db, preparedQuery, transaction, type Database } from "~/infra/db.server";
import { forUpdate } from "~/infra/sql-dialect.server";
import { log } from "~/infra/log.server";
import { recordAudit } from "./audit.server";
import { getOperatorSettings } from "./settings.server";
import { DecisionError, notifyUser } from "./decisions.server";
import { applyUserEvent } from "./status.server";
import { unattachedDrafts } from "./uploads.server";
import { RIGHT_TO_STAY_KINDS } from "~/domain/documents";

const DAY = 24 * 60 * 60 * 1000;

/** Statuses from which a courier may send a new document: approved couriers, riding or not, and expired ones. */
export const RENEWAL_STATUSES: readonly UserStatus[] = [
  "working_no_vehicle",
  "applied_for_vehicle",
  "vehicle_rejected",
  "working_with_vehicle",
  "lease_expired",
  "documents_expired",
];

export function mayRenewDocument(status: UserStatus) {
  return RENEWAL_STATUSES.includes(status);
}

async function pendingRenewalOf(userId: number, q: Database = db()) {
  const [row] = await q
    .select()
    .from(documentRenewals)
    .where(and(eq(documentRenewals.userId, userId), eq(documentRenewals.status, "pending")))
    .limit(1);
  return row;
}

/** The courier's drafts of right-to-stay files (chosen for a new document, not sent yet). */
const draftWhere = (userId: number) => unattachedDrafts(userId, RIGHT_TO_STAY_KINDS);

/**
 * The courier sends a new right-to-stay document: their drafts (uploaded through
 * /dashboard/documents or with this form) become a pending renewal with its valid-until date. One
 * renewal waits at a time. Throws DecisionError (notAllowed, pendingExists, documentsMissing,
 * validUntilPast).
 */
export async function submitDocumentRenewal(userId: number, validUntil: Date, now = serverNow()) {
  if (validUntil.getTime() <= now.getTime()) throw new DecisionError("validUntilPast");
  return transaction(async (tx) => {
    const [user] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user || !mayRenewDocument(user.status)) throw new DecisionError("notAllowed");
    if (await pendingRenewalOf(userId, tx)) throw new DecisionError("pendingExists");
    const drafts = await tx.select({ id: uploads.id, kind: uploads.kind }).from(uploads).where(draftWhere(userId));
    if (renewalFilesIssue(new Set(drafts.map((d) => d.kind)))) throw new DecisionError("documentsMissing");
    const [renewal] = await tx.insert(documentRenewals).values({ userId, validUntil }).returning();
    await tx
      .update(uploads)
      .set({ documentRenewalId: renewal!.id })
      .where(
        inArray(
          uploads.id,
          drafts.map((d) => d.id),
        ),
      );
    return renewal!;
  });
}

/**
 * Admin decision: accepts a pending renewal, with the date as sent or corrected. The courier's
 * valid-until becomes the new date, the previous right-to-stay files are marked replaced (retention
 * deletes them later), and a courier in documents_expired goes back: with a vehicle to
 * working_with_vehicle (and on to lease_expired if the lease ended meanwhile), without one to
 * working_no_vehicle. One transaction with history, audit and the courier's e-mail (queued in the outbox).
 */
export async function acceptDocumentRenewal(
  adminId: number,
  renewalId: number,
  correctedValidUntil: Date | null = null,
  now = serverNow(),
) {
  await transaction(async (tx) => {
    const [renewal] = await forUpdate(
      tx.select().from(documentRenewals).where(eq(documentRenewals.id, renewalId)).limit(1),
    );
    if (!renewal) throw new DecisionError("notFound");
    if (renewal.status !== "pending") throw new DecisionError("notPending");
    const validUntil = correctedValidUntil ?? renewal.validUntil;
    if (validUntil.getTime() <= now.getTime()) throw new DecisionError("validUntilPast");
    const [user] = await tx
      .select({ status: users.status, documentValidUntil: users.documentValidUntil })
      .from(users)
      .where(eq(users.id, renewal.userId))
      .limit(1);
    if (!user) throw new DecisionError("notFound");
    await tx
      .update(uploads)
      .set({ replacedAt: now })
      .where(
        and(
          eq(uploads.ownerId, renewal.userId),
          inArray(uploads.kind, [...RIGHT_TO_STAY_KINDS]),
          isNull(uploads.replacedAt),
          or(isNotNull(uploads.applicationId), isNotNull(uploads.documentRenewalId)),
          sql`coalesce(${uploads.documentRenewalId}, 0) <> ${renewalId}`,
        ),
      );
    await tx
      .update(documentRenewals)
      .set({ status: "accepted", validUntil, decidedById: adminId, decidedAt: now })
      .where(eq(documentRenewals.id, renewalId));
    await tx.update(users).set({ documentValidUntil: validUntil, updatedAt: now }).where(eq(users.id, renewal.userId));
    let status = user.status;
    if (user.status === "documents_expired") {
      const [vehicle] = await tx
        .select({ leaseEndsAt: vehicles.leaseEndsAt })
        .from(vehicles)
        .where(eq(vehicles.assignedUserId, renewal.userId))
        .limit(1);
      status = (
        await applyUserEvent(
          tx,
          renewal.userId,
          vehicle ? "acceptRenewedDocumentWithVehicle" : "acceptRenewedDocument",
          { actorId: adminId, reason: "new document accepted" },
        )
      ).to;
      if (vehicle?.leaseEndsAt && vehicle.leaseEndsAt.getTime() <= now.getTime()) {
        status = (await applyUserEvent(tx, renewal.userId, "leaseExpires", { reason: "lease ended" })).to;
      }
    }
    await recordAudit(tx, {
      actorId: adminId,
      action: "document.accept",
      entityType: "user",
      entityId: renewal.userId,
      subjectUserId: renewal.userId,
      before: { documentValidUntil: user.documentValidUntil?.toISOString() ?? null, status: user.status },
      after: { documentValidUntil: validUntil.toISOString(), status },
    });
    await notifyUser(tx, renewal.userId, "documentAccepted", { date: validUntil });
  });
}

/** Admin decision: refuses a pending renewal with a reason; its files fall under retention, the courier may send another. */
export async function rejectDocumentRenewal(adminId: number, renewalId: number, reason: string, now = serverNow()) {
  const trimmed = reason.trim();
  if (!trimmed) throw new DecisionError("reasonRequired");
  await transaction(async (tx) => {
    const [renewal] = await forUpdate(
      tx.select().from(documentRenewals).where(eq(documentRenewals.id, renewalId)).limit(1),
    );
    if (!renewal) throw new DecisionError("notFound");
    if (renewal.status !== "pending") throw new DecisionError("notPending");
    await tx
      .update(documentRenewals)
      .set({ status: "rejected", reason: trimmed, decidedById: adminId, decidedAt: now })
      .where(eq(documentRenewals.id, renewalId));
    await tx.update(uploads).set({ replacedAt: now }).where(eq(uploads.documentRenewalId, renewalId));
    await recordAudit(tx, {
      actorId: adminId,
      action: "document.reject",
      entityType: "user",
      entityId: renewal.userId,
      subjectUserId: renewal.userId,
      before: { status: "pending" },
      after: { status: "rejected", reason: trimmed },
    });
    await notifyUser(tx, renewal.userId, "documentRejected", { reason: trimmed });
  });
}

/** What the courier's dashboard shows about their right-to-stay document. Null when they have none to watch. */
const documentOfUser = preparedQuery((connection) =>
  connection
    .select({ status: users.status, validUntil: users.documentValidUntil })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare(),
);

export async function courierDocumentStatus(userId: number, now = serverNow()) {
  const [user] = await documentOfUser().execute({ userId });
  if (!user) return null;
  const { status, validUntil } = user;
  if (!mayRenewDocument(status) || (!validUntil && status !== "documents_expired")) return null;
  const pending = await pendingRenewalOf(userId);
  const [lastRejected] = await db()
    .select({ reason: documentRenewals.reason, decidedAt: documentRenewals.decidedAt })
    .from(documentRenewals)
    .where(and(eq(documentRenewals.userId, userId), eq(documentRenewals.status, "rejected")))
    .orderBy(desc(documentRenewals.id))
    .limit(1);
  const state = status === "documents_expired" ? "expired" : documentState(validUntil!, now);
  return {
    validUntil: validUntil?.toISOString() ?? null,
    state,
    daysLeft: validUntil ? daysLeft(validUntil, now) : 0,
    pending: pending
      ? { validUntil: pending.validUntil.toISOString(), createdAt: pending.createdAt.toISOString() }
      : null,
    // A refusal is worth showing only while no newer document waits.
    rejectedReason: !pending && lastRejected ? lastRejected.reason : null,
  };
}

/** The courier's current document, the reminders sent and every renewal with its files, for the admin's user page. */
export async function adminDocumentDetail(userId: number) {
  const [user] = await db()
    .select({ documentValidUntil: users.documentValidUntil, status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  const renewals = await db()
    .select()
    .from(documentRenewals)
    .where(eq(documentRenewals.userId, userId))
    .orderBy(desc(documentRenewals.id))
    .limit(10);
  const files = renewals.length
    ? await db()
        .select({
          id: uploads.id,
          kind: uploads.kind,
          width: uploads.width,
          height: uploads.height,
          renewalId: uploads.documentRenewalId,
        })
        .from(uploads)
        .where(
          inArray(
            uploads.documentRenewalId,
            renewals.map((r) => r.id),
          ),
        )
        .orderBy(asc(uploads.kind))
    : [];
  const reminders = await db()
    .select({
      thresholdDays: documentReminders.thresholdDays,
      sentAt: documentReminders.sentAt,
      validUntil: documentReminders.validUntil,
    })
    .from(documentReminders)
    .where(eq(documentReminders.userId, userId))
    .orderBy(desc(documentReminders.sentAt))
    .limit(10);
  if (!user.documentValidUntil && renewals.length === 0) return null;
  return {
    validUntil: user.documentValidUntil,
    reminders,
    renewals: renewals.map((r) => ({ ...r, files: files.filter((f) => f.renewalId === r.id) })),
  };
}

/** Couriers whose document ends within DOCUMENT_EXPIRING_SOON_DAYS, has ended, or whose new one waits: the admin's list. */
export function expiringDocumentsCondition(now = serverNow()) {
  const soon = new Date(now.getTime() + DOCUMENT_EXPIRING_SOON_DAYS * DAY);
  const waiting = db()
    .select({ id: documentRenewals.userId })
    .from(documentRenewals)
    .where(eq(documentRenewals.status, "pending"));
  return and(
    eq(users.role, "user"),
    or(
      and(
        isNotNull(users.documentValidUntil),
        lte(users.documentValidUntil, soon),
        inArray(users.status, [...RENEWAL_STATUSES]),
      ),
      eq(users.status, "documents_expired"),
      inArray(users.id, waiting),
    ),
  );
}

export async function countExpiringDocuments(now = serverNow()) {
  const [row] = await db().select({ n: count() }).from(users).where(expiringDocumentsCondition(now));
  return row?.n ?? 0;
}

/**
 * The scheduled job "document-expiry". Reminders first: each reminder row is written with its
 * e-mail (queued in the outbox) in one transaction (primary key per courier, date and threshold),
 * so a re-run, a restart or a second process never queues one twice, and the outbox retries it
 * until it is sent. Then couriers whose document has ended move to documents_expired (history,
 * audit, a pending vehicle request refused) and are told in the same transaction. Idempotent: it
 * acts only on what is still due.
 */
export async function runDocumentExpiry(now = serverNow()) {
  // The operator's reminder days (the rules page); the first may lie further ahead than the banner's 30.
  const { documentReminderFirstDays: first, documentReminderSecondDays: second } = await getOperatorSettings();
  const soon = new Date(now.getTime() + Math.max(DOCUMENT_EXPIRING_SOON_DAYS, first) * DAY);
  const watched = await db()
    .select({ id: users.id, status: users.status, validUntil: users.documentValidUntil })
    .from(users)
    .where(
      and(
        eq(users.role, "user"),
        isNotNull(users.documentValidUntil),
        lte(users.documentValidUntil, soon),
        inArray(users.status, [...RENEWAL_STATUSES]),
      ),
    );
  const reminders: { userId: number; days: number; validUntil: Date }[] = [];
  const expired: { userId: number; validUntil: Date }[] = [];
  for (const courier of watched) {
    const validUntil = courier.validUntil!;
    if (isDocumentExpired(validUntil, now)) {
      if (nextStatus(courier.status, "documentsExpire") && (await expireCourier(courier.id, now)))
        expired.push({ userId: courier.id, validUntil });
      continue;
    }
    // A courier whose new document already waits for the admin needs no reminder.
    if (await pendingRenewalOf(courier.id)) continue;
    const sent = await db()
      .select({ days: documentReminders.thresholdDays })
      .from(documentReminders)
      .where(and(eq(documentReminders.userId, courier.id), eq(documentReminders.validUntil, validUntil)));
    const days = dueReminder(
      validUntil,
      now,
      sent.map((r) => r.days),
      [first, second],
    );
    if (days === null) continue;
    const claimed = await transaction(async (tx) => {
      const rows = await tx
        .insert(documentReminders)
        .values({ userId: courier.id, validUntil, thresholdDays: days, sentAt: now })
        .onConflictDoNothing()
        .returning();
      if (rows.length > 0)
        await notifyUser(tx, courier.id, "documentExpiring", { days: daysLeft(validUntil, now), date: validUntil });
      return rows;
    });
    if (claimed.length > 0) reminders.push({ userId: courier.id, days, validUntil });
  }
  if (reminders.length || expired.length)
    log("info", "document expiry", { reminded: reminders.length, expired: expired.length });
  return { reminded: reminders.length, expired: expired.length };
}

/** One courier to documents_expired, re-checked inside the transaction (an admin may have accepted a new document a moment ago). */
async function expireCourier(userId: number, now: Date) {
  return transaction(async (tx) => {
    const [user] = await tx
      .select({ status: users.status, validUntil: users.documentValidUntil })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!user?.validUntil || !isDocumentExpired(user.validUntil, now) || !nextStatus(user.status, "documentsExpire"))
      return false;
    const [request] = await tx
      .select()
      .from(vehicleRequests)
      .where(and(eq(vehicleRequests.userId, userId), eq(vehicleRequests.status, "pending")))
      .limit(1);
    if (request) {
      await tx
        .update(vehicleRequests)
        .set({ status: "rejected", reason: "documents expired", decidedAt: now })
        .where(eq(vehicleRequests.id, request.id));
      await recordAudit(tx, {
        actorId: null,
        action: "vehicle_request.reject",
        entityType: "vehicle_request",
        entityId: request.id,
        subjectUserId: userId,
        before: { status: "pending" },
        after: { status: "rejected", reason: "documents expired" },
      });
    }
    await applyUserEvent(tx, userId, "documentsExpire", { reason: "document expired" });
    await recordAudit(tx, {
      actorId: null,
      action: "document.expire",
      entityType: "user",
      entityId: userId,
      subjectUserId: userId,
      before: { status: user.status },
      after: { status: "documents_expired", documentValidUntil: user.validUntil.toISOString() },
    });
    await notifyUser(tx, userId, "documentExpired", { date: user.validUntil });
    return true;
  });
}
