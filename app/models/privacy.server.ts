/**
 * Personal data duties: a user's copy of everything stored about them (export) and the deletion of
 * identity documents once a rejected application has been kept long enough (retention).
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import {
  applications,
  documentReminders,
  documentRenewals,
  notificationPreferences,
  problemReports,
  sessions,
  statusHistory,
  telegramChats,
  pushSubscriptions,
  totpCredentials,
  uploads,
  userDevices,
  users,
  vehicleRequests,
} from "~db/schema";
import { now as serverNow } from "~/infra/clock.server";
import { db, transaction } from "~/infra/db.server";
import { recordAudit } from "./audit.server";
import { listUserHandovers } from "./handovers.server";
import { listReportMessages } from "./problem-reports.server";
import { getBankAccount } from "./bank-accounts.server";
import { collectPayData } from "./courier-pay.server";
import { listOwnQuestions } from "./pay-questions.server";
import { listLegalConsents } from "./legal-documents.server";
import { getSettings } from "./settings.server";
import { deleteFilesOf, deleteUploadRows, unattachedDrafts } from "./uploads.server";
import { DOCUMENT_KINDS } from "~/domain/documents";

const DAY = 24 * 60 * 60 * 1000;

export type ExportFile = { id: number; kind: string; mime: string; size: number; storageKey: string; createdAt: Date };

/**
 * Everything that belongs to one user: profile (no password hash), applications, vehicle requests, pay,
 * problem reports, handovers of the vehicles they rode, status history and the list of their files
 * (handover photos included). Ownership is the query itself.
 */
export async function collectUserData(userId: number) {
  const [profile] = await db()
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      status: users.status,
      fullName: users.fullName,
      language: users.language,
      documentValidUntil: users.documentValidUntil,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!profile) return null;
  const apps = await db()
    .select()
    .from(applications)
    .where(eq(applications.userId, userId))
    .orderBy(asc(applications.id));
  const reports = await db()
    .select()
    .from(problemReports)
    .where(eq(problemReports.userId, userId))
    .orderBy(asc(problemReports.id));
  const appIds = apps.map((a) => a.id);
  const reportIds = reports.map((r) => r.id);
  const messages = await listReportMessages(reportIds);
  const owned = [eq(uploads.ownerId, userId)];
  if (appIds.length) owned.push(inArray(uploads.applicationId, appIds));
  if (reportIds.length) owned.push(inArray(uploads.problemReportId, reportIds));
  const files: ExportFile[] = await db()
    .select({
      id: uploads.id,
      kind: uploads.kind,
      mime: uploads.mime,
      size: uploads.size,
      storageKey: uploads.storageKey,
      createdAt: uploads.createdAt,
      applicationId: uploads.applicationId,
      problemReportId: uploads.problemReportId,
      documentRenewalId: uploads.documentRenewalId,
      replacedAt: uploads.replacedAt,
    })
    .from(uploads)
    .where(or(...owned))
    .orderBy(asc(uploads.id));
  return {
    profile,
    applications: apps.map(({ decidedById: _decider, ...a }) => a),
    vehicleRequests: await db()
      .select({
        id: vehicleRequests.id,
        kind: vehicleRequests.kind,
        status: vehicleRequests.status,
        reason: vehicleRequests.reason,
        requestedVehicleId: vehicleRequests.requestedVehicleId,
        currentVehicleId: vehicleRequests.currentVehicleId,
        expiresAt: vehicleRequests.expiresAt,
        decidedAt: vehicleRequests.decidedAt,
        createdAt: vehicleRequests.createdAt,
        // The courier's agreement to the rent's deduction: the wording's version, the rent per day, when.
        rentAgreementVersion: vehicleRequests.rentAgreementVersion,
        rentAgreedCents: vehicleRequests.rentAgreedCents,
        rentAgreedAt: vehicleRequests.rentAgreedAt,
      })
      .from(vehicleRequests)
      .where(eq(vehicleRequests.userId, userId))
      .orderBy(asc(vehicleRequests.id)),
    problemReports: reports.map(({ resolvedById: _resolver, ...r }) => ({
      ...r,
      // The conversation; admins appear by role, not by name.
      messages: (messages.get(r.id) ?? []).map((m) => ({
        from: m.fromAdmin ? "admin" : "courier",
        body: m.body,
        createdAt: m.createdAt,
      })),
    })),
    // Check-outs and check-ins: what was recorded, what was new at return, when the courier confirmed.
    handovers: (await listUserHandovers(userId)).map(
      ({ userId: _user, userLabel: _label, recordedBy: _admin, ...h }) => ({ ...h, photos: h.photos.map((p) => p.id) }),
    ),
    // New right-to-stay documents sent to replace an expiring one, with their valid-until dates, and the reminders sent.
    documentRenewals: await db()
      .select({
        id: documentRenewals.id,
        validUntil: documentRenewals.validUntil,
        status: documentRenewals.status,
        reason: documentRenewals.reason,
        decidedAt: documentRenewals.decidedAt,
        createdAt: documentRenewals.createdAt,
      })
      .from(documentRenewals)
      .where(eq(documentRenewals.userId, userId))
      .orderBy(asc(documentRenewals.id)),
    documentReminders: await db()
      .select({
        validUntil: documentReminders.validUntil,
        thresholdDays: documentReminders.thresholdDays,
        sentAt: documentReminders.sentAt,
      })
      .from(documentReminders)
      .where(eq(documentReminders.userId, userId))
      .orderBy(asc(documentReminders.sentAt)),
    statusHistory: await db()
      .select({
        fromStatus: statusHistory.fromStatus,
        toStatus: statusHistory.toStatus,
        reason: statusHistory.reason,
        createdAt: statusHistory.createdAt,
      })
      .from(statusHistory)
      .where(eq(statusHistory.userId, userId))
      .orderBy(asc(statusHistory.createdAt), asc(statusHistory.id)),
    // Where the account is logged in and from which browsers: no session ids or device ids, only what they reveal.
    sessions: await db()
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    devices: await db()
      .select({
        firstSeenAt: userDevices.firstSeenAt,
        lastSeenAt: userDevices.lastSeenAt,
        ip: userDevices.ip,
        userAgent: userDevices.userAgent,
      })
      .from(userDevices)
      .where(eq(userDevices.userId, userId))
      .orderBy(asc(userDevices.firstSeenAt)),
    // Weekly pay: statements with their lines, the payouts they went out in, where the pay goes, the platform
    // accounts and the questions asked about statement lines (admins appear by role, not by name).
    ...(await collectPayData(userId)),
    bankAccount: await getBankAccount(userId).then((bank) =>
      bank
        ? { iban: bank.iban, holder: bank.holder, holderMismatch: bank.holderMismatch, changedAt: bank.changedAt }
        : null,
    ),
    // Where messages go: the linked Telegram chat, the phones and the channel choices (docs/operations.md#telegram).
    telegram: await db()
      .select({ chatId: telegramChats.chatId, linkedAt: telegramChats.createdAt })
      .from(telegramChats)
      .where(eq(telegramChats.userId, userId))
      .then((rows) => rows[0] ?? null),
    // The phones with Web Push: where the push service is reached, and when (the keys are the browser's own).
    pushSubscriptions: await db()
      .select({
        browser: pushSubscriptions.label,
        endpoint: pushSubscriptions.endpoint,
        createdAt: pushSubscriptions.createdAt,
        lastSuccessAt: pushSubscriptions.lastSuccessAt,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.id)),
    notificationPreferences: await db()
      .select({
        event: notificationPreferences.event,
        channel: notificationPreferences.channel,
        enabled: notificationPreferences.enabled,
      })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .orderBy(asc(notificationPreferences.id)),
    payQuestions: (await listOwnQuestions(userId)).map(({ thread, ...q }) => ({
      ...q,
      messages: thread.map((m) => ({ from: m.from, body: m.body, createdAt: m.at })),
    })),
    secondFactor:
      (
        await db()
          .select({ enabledAt: totpCredentials.enabledAt })
          .from(totpCredentials)
          .where(eq(totpCredentials.userId, userId))
          .limit(1)
      )[0] ?? null,
    // Which version of the privacy notice and the terms they were shown, and when (registration, a later notice).
    legalConsents: await listLegalConsents(userId),
    files,
  };
}

export type UserData = NonNullable<Awaited<ReturnType<typeof collectUserData>>>;

/**
 * Deletes the identity documents of applications rejected longer ago than the retention setting
 * (default 90 days): rows and the mark in one transaction, the files after it commits. Idempotent.
 */
export async function deleteExpiredRejectedDocuments(now = Date.now()) {
  const cutoff = new Date(now - (await getSettings()).rejectedDocumentRetentionDays * DAY);
  const keys = await transaction(async (tx) => {
    const due = await tx
      .select({ id: applications.id, userId: applications.userId })
      .from(applications)
      .where(
        and(
          eq(applications.status, "rejected"),
          isNull(applications.documentsDeletedAt),
          lt(applications.decidedAt, cutoff),
        ),
      );
    if (due.length === 0) return [];
    const ids = due.map((a) => a.id);
    const files = await deleteUploadRows(
      tx,
      or(
        and(inArray(uploads.applicationId, ids), inArray(uploads.kind, [...DOCUMENT_KINDS])),
        // Copies carried over into drafts for a resubmission that never came are kept no longer than the originals.
        and(
          unattachedDrafts(
            due.map((a) => a.userId),
            DOCUMENT_KINDS,
          ),
          lt(uploads.createdAt, cutoff),
        ),
      ),
    );
    await tx
      .update(applications)
      .set({ documentsDeletedAt: new Date(now) })
      .where(inArray(applications.id, ids));
    for (const app of due) {
      const count = files.filter((f) => f.applicationId === app.id).length;
      await recordAudit(tx, {
        actorId: null,
        action: "application.documentsDeleted",
        entityType: "application",
        entityId: app.id,
        subjectUserId: app.userId,
        after: { files: count, reason: "retention" },
      });
    }
    return files.map((f) => f.storageKey);
  });
  await deleteFilesOf(keys);
  return keys.length;
}

/**
 * Deletes right-to-stay files replaced by a newer accepted document (or refused as a renewal)
 * longer ago than the same retention (default 90 days): rows and an audit entry per courier in one
 * transaction, the files after it commits. Idempotent.
 */
export async function deleteReplacedDocuments(now = serverNow().getTime()) {
  const cutoff = new Date(now - (await getSettings()).rejectedDocumentRetentionDays * DAY);
  const keys = await transaction(async (tx) => {
    const files = await deleteUploadRows(
      tx,
      and(isNotNull(uploads.replacedAt), lt(uploads.replacedAt, cutoff), inArray(uploads.kind, [...DOCUMENT_KINDS])),
    );
    if (files.length === 0) return [];
    const owners = [...new Set(files.map((f) => f.ownerId))];
    for (const ownerId of owners) {
      const count = files.filter((f) => f.ownerId === ownerId).length;
      await recordAudit(tx, {
        actorId: null,
        action: "document.filesDeleted",
        entityType: "user",
        entityId: ownerId,
        subjectUserId: ownerId,
        after: { files: count, reason: "retention" },
      });
    }
    return files.map((f) => f.storageKey);
  });
  await deleteFilesOf(keys);
  return keys.length;
}
