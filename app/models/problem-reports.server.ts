import { desc, eq } from "drizzle-orm";
import { problemReports, vehicles } from "~db/schema";
import { cooldownRemainingMs, nextReportAt } from "~/domain/cooldown";
import { db, writeTransaction } from "~/lib/db.server";
import type { PreparedUpload } from "~/lib/uploads.server";
import { recordAudit } from "./audit.server";
import { DecisionError, notifyUser } from "./decisions.server";
import { getSettings } from "./settings.server";
import { insertUploadRows, listReportAttachments, withPreparedUploads } from "./uploads.server";

export type ProblemReportRow = typeof problemReports.$inferSelect;

function lastReportAt(userId: number): Date | null {
  const row = db()
    .select({ createdAt: problemReports.createdAt })
    .from(problemReports)
    .where(eq(problemReports.userId, userId))
    .orderBy(desc(problemReports.createdAt))
    .limit(1)
    .get();
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
export async function createProblemReport(userId: number, description: string, attachments: PreparedUpload[]) {
  return withPreparedUploads(attachments, () => {
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

/** The user's own reports, newest first, with attachments and the admin's reply. */
export function listOwnReports(userId: number, limit = 10) {
  const rows = db()
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
    .where(eq(problemReports.userId, userId))
    .orderBy(desc(problemReports.id))
    .limit(limit)
    .all();
  const files = listReportAttachments(rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, attachments: files.get(row.id) ?? [] }));
}

/**
 * Admin reply: resolves the report with the response (resolvedBy, resolvedAt) and the audit entry
 * in one transaction, then e-mails the user. Throws DecisionError: replyRequired, notFound, notPending.
 */
export async function replyToProblemReport(adminId: number, reportId: number, response: string) {
  const text = response.trim();
  if (!text) throw new DecisionError("replyRequired");
  const userId = writeTransaction((tx) => {
    const report = tx.select().from(problemReports).where(eq(problemReports.id, reportId)).get();
    if (!report) throw new DecisionError("notFound");
    if (report.status !== "open") throw new DecisionError("notPending");
    tx.update(problemReports)
      .set({ status: "resolved", response: text, resolvedById: adminId, resolvedAt: new Date() })
      .where(eq(problemReports.id, reportId))
      .run();
    recordAudit(tx, {
      actorId: adminId,
      action: "problem_report.reply",
      entityType: "problem_report",
      entityId: reportId,
      subjectUserId: report.userId,
      before: { status: report.status },
      after: { status: "resolved", response: text },
    });
    return report.userId;
  });
  await notifyUser(userId, "reportReplied", { reply: text });
}
