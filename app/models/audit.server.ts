import { auditLog } from "~db/schema";
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
