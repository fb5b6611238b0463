import { and, count, desc, eq, gte, inArray, lt, notInArray, sql, type SQL } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  applications,
  auditLog,
  earningImports,
  newsPosts,
  platforms,
  referralLinks,
  users,
  vehicles,
} from "~db/schema";
import type { AuditFilter } from "~/domain/admin-filters";
import { ROUTINE_AUDIT_ACTIONS } from "~/domain/audit-sentence";
import { db, type Tx } from "~/infra/db.server";
import { pageIds, toPage } from "./paging.server";

export type AuditEntry = {
  actorId: number | null;
  action: string;
  entityType:
    | "user"
    | "application"
    | "vehicle"
    | "vehicle_request"
    | "problem_report"
    | "news"
    | "referral"
    | "file"
    | "settings"
    | "company_profile"
    | "platform"
    | "platform_account"
    | "earning_import"
    | "pay_statement"
    | "pay_adjustment"
    | "payout_batch"
    | "mail"
    | "bank_account"
    | "pay_question"
    | "faq"
    | "fleet"
    | "partner"
    | "legal_document";
  entityId?: number | null;
  subjectUserId?: number | null;
  before?: unknown;
  after?: unknown;
};

/** Records an admin change inside the transaction that makes it: every admin change is audited. */
export async function recordAudit(tx: Tx, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    subjectUserId: entry.subjectUserId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

function whereOf(filter: Omit<AuditFilter, "page">) {
  const conditions: SQL[] = [];
  if (filter.actorId !== null) conditions.push(eq(auditLog.actorId, filter.actorId));
  if (filter.action !== null) conditions.push(eq(auditLog.action, filter.action));
  else if (!filter.views) conditions.push(notInArray(auditLog.action, [...ROUTINE_AUDIT_ACTIONS]));
  // Days are UTC days, the "to" day included.
  if (filter.from) conditions.push(gte(auditLog.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) conditions.push(lt(auditLog.createdAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + 86_400_000)));
  return conditions.length ? and(...conditions) : undefined;
}

/** Entries with the names their sentence needs: actor, subject user and the record itself. */
function selectEntries() {
  const actor = alias(users, "actor");
  const subject = alias(users, "subject");
  const on = (type: string, id: SQLiteColumn) => and(eq(auditLog.entityType, type), eq(id, auditLog.entityId));
  return db()
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorName: actor.fullName,
      actorEmail: actor.email,
      subjectUserId: auditLog.subjectUserId,
      subjectName: subject.fullName,
      subjectEmail: subject.email,
      recordName: sql<
        string | null
      >`coalesce(${applications.fullName}, ${vehicles.name}, ${newsPosts.titleSk}, ${referralLinks.name}, ${platforms.name}, ${earningImports.fileName})`,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(subject, eq(subject.id, auditLog.subjectUserId))
    .leftJoin(applications, on("application", applications.id))
    .leftJoin(vehicles, on("vehicle", vehicles.id))
    .leftJoin(newsPosts, on("news", newsPosts.id))
    .leftJoin(referralLinks, on("referral", referralLinks.id))
    .leftJoin(platforms, on("platform", platforms.id))
    .leftJoin(earningImports, on("earning_import", earningImports.id));
}

export type AuditRow = Awaited<ReturnType<typeof listAuditForUser>>[number];

/** One page of the audit log, newest first, filtered by actor, action and days. */
export async function listAudit(filter: AuditFilter) {
  const where = whereOf(filter);
  const [counted] = await db().select({ n: count() }).from(auditLog).where(where);
  const rows = await selectEntries()
    .where(inArray(auditLog.id, pageIds(auditLog, where, [desc(auditLog.createdAt), desc(auditLog.id)], filter.page)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
  const total = counted?.n ?? 0;
  return toPage(rows, total, filter.page);
}

/** The latest entries about one user, for the user's page. */
export async function listAuditForUser(
  userId: number,
  { views = false, limit = 100 }: { views?: boolean; limit?: number } = {},
) {
  // As on the audit log page: document views only when asked for, so the decisions stand out.
  const where = views
    ? eq(auditLog.subjectUserId, userId)
    : and(eq(auditLog.subjectUserId, userId), notInArray(auditLog.action, [...ROUTINE_AUDIT_ACTIONS]));
  return await selectEntries().where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit);
}

/** Everyone who appears as an actor, for the filter's list. */
export async function listAuditActors() {
  return await db()
    .selectDistinct({ id: users.id, email: users.email, fullName: users.fullName })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(users.email);
}
