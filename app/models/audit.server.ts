import { count, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { auditLog, users } from "~db/schema";
import { db } from "~/lib/db.server";
import { pageIds, toPage } from "./admin-list.server";
import type { Tx } from "./status.server";

export type AuditEntry = {
  actorId: number | null;
  action: string;
  entityType: "user" | "application" | "vehicle" | "vehicle_request" | "problem_report" | "news" | "referral" | "file" | "settings";
  entityId?: number | null;
  subjectUserId?: number | null;
  before?: unknown;
  after?: unknown;
};

/** Records an admin change inside the transaction that makes it (CONTRACT §6). */
export function recordAudit(tx: Tx, entry: AuditEntry) {
  tx.insert(auditLog)
    .values({
      actorId: entry.actorId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      subjectUserId: entry.subjectUserId ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })
    .run();
}

export const AUDIT_ENTITY_TYPES = ["user", "application", "vehicle", "vehicle_request", "problem_report", "news", "referral", "file", "settings"] as const;

/** One page of the audit log, newest first, optionally for one kind of entity. */
export function listAudit(filter: { entityType: AuditEntry["entityType"] | null; page: number }) {
  const actor = alias(users, "actor");
  const subject = alias(users, "subject");
  const where = filter.entityType ? eq(auditLog.entityType, filter.entityType) : undefined;
  const total = db().select({ n: count() }).from(auditLog).where(where).get()?.n ?? 0;
  const rows = db()
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      actorEmail: actor.email,
      subjectUserId: auditLog.subjectUserId,
      subjectEmail: subject.email,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(subject, eq(subject.id, auditLog.subjectUserId))
    .where(inArray(auditLog.id, pageIds(auditLog, where, [desc(auditLog.createdAt), desc(auditLog.id)], filter.page)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .all();
  return toPage(rows, total, filter.page);
}
