import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { problemReportMessages, problemReports, users, vehicles } from "~db/schema";
import { cooldownRemainingMs, nextReportAt } from "~/domain/cooldown";
import { courierMayReply, reportThread } from "~/domain/report-thread";
import { db, preparedQuery, writeTransaction } from "~/infra/db.server";
import type { ReceivedFile } from "~/infra/uploads.server";
import { recordAudit } from "./audit.server";
import { DecisionError, notifyUser } from "./decisions.server";
import type { Tx } from "./status.server";
import { getSettings } from "./settings.server";
import { insertUploadRows, listReportAttachments, withUploads } from "./uploads.server";

export type ProblemReportRow = typeof problemReports.$inferSelect;

const lastReport = preparedQuery((connection) =>
  connection
    .select({ createdAt: problemReports.createdAt })
    .from(problemReports)
    .where(eq(problemReports.userId, sql.placeholder("userId")))
    .orderBy(desc(problemReports.createdAt))
    .limit(1)
    .prepare(),
);

function lastReportAt(userId: number): Date | null {
  const row = lastReport().get({ userId });
  return row?.createdAt ?? null;
}

/** When the user may report again (null: now). The cooldown is an operator setting (default 24 h). */
export function reportCooldown(userId: number, now = Date.now()) {
  const last = lastReportAt(userId);
  const hours = getSettings().problemReportCooldownHours;
  const remaining = cooldownRemainingMs(last, now, hours);
  return remaining > 0 ? { nextAt: nextReportAt(last, hours)!, remainingMs: remaining } : null;
}

/**
 * A courier reports a problem with their vehicle, with at most two prepared attachments. The
 * report and its attachment rows are one transaction; the files move into place after it.
 * Throws DecisionError: noVehicle, cooldown.
 */
export async function createProblemReport(userId: number, description: string, received: ReceivedFile[]) {
  return withUploads(received, (attachments) => {
    const result = writeTransaction((tx) => {
      const vehicle = tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.assignedUserId, userId)).get();
      if (!vehicle) throw new DecisionError("noVehicle");
      if (reportCooldown(userId)) throw new DecisionError("cooldown");
      const report = tx.insert(problemReports).values({ userId, vehicleId: vehicle.id, description }).returning().get();
      insertUploadRows(tx, attachments, { kind: "report_attachment", ownerId: userId, problemReportId: report.id });
      return report;
    });
    return { result };
  });
}

/** The stored messages of the given reports, grouped by report, oldest first. */
export function listReportMessages(reportIds: number[]) {
  const byReport = new Map<number, (typeof problemReportMessages.$inferSelect & { authorEmail: string | null })[]>();
  if (reportIds.length === 0) return byReport;
  const rows = db()
    .select({ message: problemReportMessages, authorEmail: users.email })
    .from(problemReportMessages)
    .leftJoin(users, eq(users.id, problemReportMessages.authorId))
    .where(inArray(problemReportMessages.reportId, reportIds))
    .orderBy(asc(problemReportMessages.createdAt), asc(problemReportMessages.id))
    .all();
  for (const { message, authorEmail } of rows) {
    const list = byReport.get(message.reportId) ?? [];
    list.push({ ...message, authorEmail });
    byReport.set(message.reportId, list);
  }
  return byReport;
}

/** The user's own reports, newest first, each with its attachments and the whole conversation. */
const ownReports = preparedQuery((connection) =>
  connection
    .select({
      id: problemReports.id,
      description: problemReports.description,
      status: problemReports.status,
      response: problemReports.response,
      resolvedAt: problemReports.resolvedAt,
      createdAt: problemReports.createdAt,
      vehicleName: vehicles.name,
    })
    .from(problemReports)
    .leftJoin(vehicles, eq(vehicles.id, problemReports.vehicleId))
    .where(eq(problemReports.userId, sql.placeholder("userId")))
    .orderBy(desc(problemReports.id))
    .limit(sql.placeholder("limit"))
    .prepare(),
);

export function listOwnReports(userId: number, limit = 10) {
  const rows = ownReports().all({ userId, limit });
  const ids = rows.map((row) => row.id);
  const files = listReportAttachments(ids);
  const messages = listReportMessages(ids);
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
    vehicleName: row.vehicleName,
    attachments: files.get(row.id) ?? [],
    thread: reportThread(row, messages.get(row.id) ?? []),
    canReply: courierMayReply(row.status),
  }));
}

/**
 * The courier writes into the conversation of one of their own open reports. Ownership is part of
 * the query: another user's report is "not found". Throws DecisionError: replyRequired, notFound,
 * notPending (the report is resolved).
 */
export function addCourierMessage(userId: number, reportId: number, body: string) {
  const text = body.trim();
  if (!text) throw new DecisionError("replyRequired");
  return writeTransaction((tx) => {
    const report = tx.select({ status: problemReports.status }).from(problemReports).where(and(eq(problemReports.id, reportId), eq(problemReports.userId, userId))).get();
    if (!report) throw new DecisionError("notFound");
    if (!courierMayReply(report.status)) throw new DecisionError("notPending");
    return tx.insert(problemReportMessages).values({ reportId, authorId: userId, fromAdmin: false, body: text }).returning().get();
  });
}

/**
 * Admin reply: one message in the conversation and its audit entry in one transaction; the
 * report's status stays as it is (resolving is setProblemReportStatus). The courier is e-mailed in
 * their language after the commit. Throws DecisionError: replyRequired, notFound.
 */
export async function replyToProblemReport(adminId: number, reportId: number, response: string) {
  const text = response.trim();
  if (!text) throw new DecisionError("replyRequired");
  const userId = writeTransaction((tx) => {
    const report = tx.select().from(problemReports).where(eq(problemReports.id, reportId)).get();
    if (!report) throw new DecisionError("notFound");
    const message = tx.insert(problemReportMessages).values({ reportId, authorId: adminId, fromAdmin: true, body: text }).returning().get();
    recordAudit(tx, {
      actorId: adminId,
      action: "problem_report.reply",
      entityType: "problem_report",
      entityId: reportId,
      subjectUserId: report.userId,
      after: { messageId: message.id, body: text },
    });
    return report.userId;
  });
  await notifyUser(userId, "reportReplied", { reply: text });
}

/**
 * Admin action: resolves an open report (resolvedBy, resolvedAt) or reopens a resolved one, with
 * the audit entry in the same transaction. Throws DecisionError: notFound, notPending (already so).
 */
export function setProblemReportStatus(adminId: number, reportId: number, status: "resolved" | "open") {
  writeTransaction((tx) => setStatusIn(tx, adminId, reportId, status));
}

function setStatusIn(tx: Tx, adminId: number, reportId: number, status: "resolved" | "open") {
  const report = tx.select().from(problemReports).where(eq(problemReports.id, reportId)).get();
  if (!report) throw new DecisionError("notFound");
  if (report.status === status) throw new DecisionError("notPending");
  const resolved = status === "resolved";
  tx.update(problemReports)
    .set({ status, resolvedById: resolved ? adminId : null, resolvedAt: resolved ? new Date() : null })
    .where(eq(problemReports.id, reportId))
    .run();
  recordAudit(tx, {
    actorId: adminId,
    action: resolved ? "problem_report.resolve" : "problem_report.reopen",
    entityType: "problem_report",
    entityId: reportId,
    subjectUserId: report.userId,
    before: { status: report.status },
    after: { status },
  });
}

/** Bulk action: resolves many open reports in one transaction, one audit entry each; already resolved ones are skipped. */
export function resolveProblemReports(adminId: number, reportIds: number[]) {
  return writeTransaction((tx) => {
    const done: number[] = [];
    const skipped: number[] = [];
    for (const id of reportIds) {
      try {
        tx.transaction((sp) => setStatusIn(sp, adminId, id, "resolved"));
        done.push(id);
      } catch (error) {
        if (!(error instanceof DecisionError)) throw error;
        skipped.push(id);
      }
    }
    return { done, skipped };
  });
}
