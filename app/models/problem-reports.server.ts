import { and, asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { problemReportMessages, problemReports, uploads, users, vehicles } from "~db/schema";
import { cooldownRemainingMs, nextReportAt } from "~/domain/cooldown";
import { courierMayReply, reportThread } from "~/domain/report-thread";
import type { QueueFilter } from "~/domain/review-queue";
import type { ReportStatus } from "~/domain/status";
import { db, preparedQuery, savepoint, transaction, type Tx } from "~/infra/db.server";
import { forUpdate } from "~/infra/sql-dialect.server";
import type { ReceivedFile } from "~/infra/uploads.server";
import { recordAudit } from "./audit.server";
import { DecisionError, notifyUser } from "./decisions.server";
import { pageIds, toPage } from "./paging.server";
import { likeEscaped, personMatches, vehicleMatches } from "./search.server";
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

/** When the user may report again (null: now). The cooldown is an operator setting (default 24 h). */
export async function reportCooldown(userId: number, now = Date.now()) {
  const [row] = await lastReport().execute({ userId });
  return cooldownAfter(row?.createdAt ?? null, (await getSettings()).problemReportCooldownHours, now);
}

function cooldownAfter(last: Date | null, hours: number, now: number) {
  const remaining = cooldownRemainingMs(last, now, hours);
  return remaining > 0 ? { nextAt: nextReportAt(last, hours)!, remainingMs: remaining } : null;
}

/**
 * A courier reports a problem with their vehicle, with at most two prepared attachments. The
 * report and its attachment rows are one transaction; the files move into place after it.
 * Throws DecisionError: noVehicle, cooldown.
 */
export async function createProblemReport(userId: number, description: string, received: ReceivedFile[]) {
  const { problemReportCooldownHours } = await getSettings();
  return withUploads(received, async (attachments) => {
    const result = await transaction(async (tx) => {
      // The courier's row is locked until the commit: reports sent at once take turns, so the cooldown
      // check of the second sees the first report (only one of twenty parallel posts gets through).
      await forUpdate(tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1));
      const [vehicle] = await tx
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(eq(vehicles.assignedUserId, userId))
        .limit(1);
      if (!vehicle) throw new DecisionError("noVehicle");
      const [last] = await tx
        .select({ createdAt: problemReports.createdAt })
        .from(problemReports)
        .where(eq(problemReports.userId, userId))
        .orderBy(desc(problemReports.createdAt))
        .limit(1);
      if (cooldownAfter(last?.createdAt ?? null, problemReportCooldownHours, Date.now()))
        throw new DecisionError("cooldown");
      const [report] = await tx
        .insert(problemReports)
        .values({ userId, vehicleId: vehicle.id, description })
        .returning();
      await insertUploadRows(tx, attachments, {
        kind: "report_attachment",
        ownerId: userId,
        problemReportId: report!.id,
      });
      return report!;
    });
    return { result };
  });
}

/** The stored messages of the given reports, grouped by report, oldest first. */
export async function listReportMessages(reportIds: number[]) {
  const byReport = new Map<number, (typeof problemReportMessages.$inferSelect & { authorEmail: string | null })[]>();
  if (reportIds.length === 0) return byReport;
  const rows = await db()
    .select({ message: problemReportMessages, authorEmail: users.email })
    .from(problemReportMessages)
    .leftJoin(users, eq(users.id, problemReportMessages.authorId))
    .where(inArray(problemReportMessages.reportId, reportIds))
    .orderBy(asc(problemReportMessages.createdAt), asc(problemReportMessages.id));
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

export async function listOwnReports(userId: number, limit = 10) {
  const rows = await ownReports().execute({ userId, limit });
  const ids = rows.map((row) => row.id);
  const files = await listReportAttachments(ids);
  const messages = await listReportMessages(ids);
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
export async function addCourierMessage(userId: number, reportId: number, body: string) {
  const text = body.trim();
  if (!text) throw new DecisionError("replyRequired");
  return transaction(async (tx) => {
    const [report] = await tx
      .select({ status: problemReports.status })
      .from(problemReports)
      .where(and(eq(problemReports.id, reportId), eq(problemReports.userId, userId)))
      .limit(1);
    if (!report) throw new DecisionError("notFound");
    if (!courierMayReply(report.status)) throw new DecisionError("notPending");
    const [message] = await tx
      .insert(problemReportMessages)
      .values({ reportId, authorId: userId, fromAdmin: false, body: text })
      .returning();
    return message!;
  });
}

/**
 * Admin reply: one message in the conversation and its audit entry in one transaction; the
 * report's status stays as it is (resolving is setProblemReportStatus). The courier's e-mail, in
 * their language, is queued in the same transaction. Throws DecisionError: replyRequired, notFound.
 */
export async function replyToProblemReport(adminId: number, reportId: number, response: string) {
  const text = response.trim();
  if (!text) throw new DecisionError("replyRequired");
  await transaction(async (tx) => {
    const [report] = await tx.select().from(problemReports).where(eq(problemReports.id, reportId)).limit(1);
    if (!report) throw new DecisionError("notFound");
    const [message] = await tx
      .insert(problemReportMessages)
      .values({ reportId, authorId: adminId, fromAdmin: true, body: text })
      .returning();
    await recordAudit(tx, {
      actorId: adminId,
      action: "problem_report.reply",
      entityType: "problem_report",
      entityId: reportId,
      subjectUserId: report.userId,
      after: { messageId: message!.id, body: text },
    });
    await notifyUser(tx, report.userId, "reportReplied", { reply: text });
  });
}

/**
 * Admin action: resolves an open report (resolvedBy, resolvedAt) or reopens a resolved one, with
 * the audit entry in the same transaction. Throws DecisionError: notFound, notPending (already so).
 */
export async function setProblemReportStatus(adminId: number, reportId: number, status: "resolved" | "open") {
  await transaction((tx) => setStatusIn(tx, adminId, reportId, status));
}

async function setStatusIn(tx: Tx, adminId: number, reportId: number, status: "resolved" | "open") {
  const [report] = await forUpdate(tx.select().from(problemReports).where(eq(problemReports.id, reportId)).limit(1));
  if (!report) throw new DecisionError("notFound");
  if (report.status === status) throw new DecisionError("notPending");
  const resolved = status === "resolved";
  await tx
    .update(problemReports)
    .set({ status, resolvedById: resolved ? adminId : null, resolvedAt: resolved ? new Date() : null })
    .where(eq(problemReports.id, reportId));
  await recordAudit(tx, {
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
export async function resolveProblemReports(adminId: number, reportIds: number[]) {
  return transaction(async (tx) => {
    const done: number[] = [];
    const skipped: number[] = [];
    for (const id of reportIds) {
      try {
        await savepoint(tx, (sp) => setStatusIn(sp, adminId, id, "resolved"));
        done.push(id);
      } catch (error) {
        if (!(error instanceof DecisionError)) throw error;
        skipped.push(id);
      }
    }
    return { done, skipped };
  });
}

/** Problem reports (open by default, oldest first), searched by person, vehicle or text. */
export async function listProblemReports(filter: QueueFilter<ReportStatus>) {
  const where = and(
    filter.status === "all" ? undefined : eq(problemReports.status, filter.status),
    filter.q
      ? or(
          personMatches(problemReports.userId, filter.q),
          likeEscaped(problemReports.description, filter.q),
          vehicleMatches(problemReports.vehicleId, filter.q),
        )
      : undefined,
  );
  const dir = filter.sort === "oldest" ? asc : desc;
  const order = [dir(problemReports.createdAt), dir(problemReports.id)];
  const [counted] = await db().select({ n: count() }).from(problemReports).where(where);
  const rows = await db()
    .select({
      id: problemReports.id,
      description: problemReports.description,
      status: problemReports.status,
      createdAt: problemReports.createdAt,
      resolvedAt: problemReports.resolvedAt,
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
      vehicleName: vehicles.name,
    })
    .from(problemReports)
    .innerJoin(users, eq(users.id, problemReports.userId))
    .leftJoin(vehicles, eq(vehicles.id, problemReports.vehicleId))
    .where(inArray(problemReports.id, pageIds(problemReports, where, order, filter.page)))
    .orderBy(...order);
  return toPage(rows, counted?.n ?? 0, filter.page);
}

/** One report for the admin: reporter, vehicle, resolver, attachments and the whole conversation. */
export async function getProblemReportDetail(id: number) {
  const resolver = alias(users, "resolver");
  const [row] = await db()
    .select({
      report: problemReports,
      email: users.email,
      fullName: users.fullName,
      vehicleName: vehicles.name,
      vehicleSerial: vehicles.serialNumber,
      resolverEmail: resolver.email,
    })
    .from(problemReports)
    .innerJoin(users, eq(users.id, problemReports.userId))
    .leftJoin(vehicles, eq(vehicles.id, problemReports.vehicleId))
    .leftJoin(resolver, eq(resolver.id, problemReports.resolvedById))
    .where(eq(problemReports.id, id))
    .limit(1);
  if (!row) return null;
  const attachments = await db()
    .select({ id: uploads.id, mime: uploads.mime, width: uploads.width, height: uploads.height })
    .from(uploads)
    .where(and(eq(uploads.problemReportId, id), inArray(uploads.kind, ["report_attachment"])))
    .orderBy(asc(uploads.position), asc(uploads.id));
  const messages = (await listReportMessages([id])).get(id) ?? [];
  // Admin replies name their author for the other admins; the courier sees only "Courier Fleet".
  const authors = new Map(messages.map((m) => [`message-${m.id}`, m.authorEmail]));
  const thread = reportThread(row.report, messages).map((m) => ({ ...m, authorEmail: authors.get(m.key) ?? null }));
  return { ...row, attachments, thread };
}
