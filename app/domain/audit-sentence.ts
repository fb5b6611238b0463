/**
 * The audit log read as sentences: which translation key an entry uses, the names it fills in and
 * where they link, and the fields it changed (before → after). Pure, so the page and the user's
 * audit section share it and tests need no database.
 */

/** Every action the models write to the audit log; a unit test keeps this in step with the code. */
export const AUDIT_ACTIONS = [
  "application.approve",
  "application.reject",
  "application.undoApprove",
  "application.documentsDeleted",
  "bank_account.change",
  "content.faq.create",
  "content.faq.update",
  "content.faq.move",
  "content.faq.hide",
  "content.faq.show",
  "content.fleet.create",
  "content.fleet.update",
  "content.fleet.move",
  "content.fleet.hide",
  "content.fleet.show",
  "content.partner.create",
  "content.partner.update",
  "content.partner.move",
  "content.partner.hide",
  "content.partner.show",
  "company_profile.update",
  "document.accept",
  "document.reject",
  "document.expire",
  "document.filesDeleted",
  "earnings.import",
  "file.view",
  "handover.record",
  "handover.confirm",
  "handover.dispute",
  "lease.end",
  "lease.expire",
  "lease.renew",
  "legal_document.publish",
  "mail.resend",
  "message.broadcast",
  "news.create",
  "pay_adjustment.add",
  "pay_adjustment.damage",
  "pay_statement.approve",
  "pay_statement.return_to_draft",
  "payout_batch.export",
  "payout_batch.download",
  "payout_batch.paid",
  "payout_batch.cancel",
  "news.update",
  "news.delete",
  "news.media.remove",
  "pay_question.reply",
  "pay_question.resolve",
  "platform.create",
  "platform.rename",
  "platform.mapping",
  "platform_account.link",
  "platform_account.end",
  "problem_report.reply",
  "problem_report.resolve",
  "problem_report.reopen",
  "referral.create",
  "rules.pay_change",
  "rules.operator_change",
  "referral.delete",
  "user.activate",
  "user.deactivate",
  "user.erase",
  "user.role",
  "user.second_factor_enrolled",
  "user.recovery_codes_renewed",
  "user.second_factor_reset",
  "vehicle.create",
  "vehicle.update",
  "vehicle.delete",
  "vehicle.problem",
  "vehicle.image.remove",
  "vehicle.service_start",
  "vehicle.service_complete",
  "vehicle.service_record",
  "vehicle.odometer",
  "vehicle_request.approve",
  "vehicle_request.reject",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Routine reads (an admin opening a document) that would bury the decisions: the log hides them
 * unless asked for ("show document views", or filtering by the action itself).
 */
export const ROUTINE_AUDIT_ACTIONS: readonly AuditAction[] = ["file.view"];

/**
 * Every field name the models write into an entry's before/after; each has `admin:audit.field.*` in
 * every language (a unit test checks), so the log never shows a raw name like `documentValidUntil`.
 */
export const AUDIT_FIELDS = [
  "nothingToTransfer",
  "documentReminderFirstDays",
  "documentReminderSecondDays",
  "downloadedAt",
  "effectiveFrom",
  "hourlyRateCents",
  "leaseDays",
  "leaseRenewalWindowDays",
  "payModel",
  "paydayWeekday",
  "problemReportCooldownHours",
  "rateLimitAssistant",
  "rateLimitDataExport",
  "rateLimitPayQuestions",
  "rateLimitReferralTrack",
  "rateLimitUploads",
  "rejectedDocumentRetentionDays",
  "rentPerDayCents",
  "sharePercent",
  "heldBack",
  "hidden",
  "problem",
  "statementId",
  "accountId",
  "address",
  "email",
  "ico",
  "legalName",
  "payoutBic",
  "payoutIban",
  "payoutName",
  "phone",
  "registerEntry",
  "vatId",
  "active",
  "added",
  "addedImages",
  "addedMedia",
  "amountCents",
  "answer",
  "answerEn",
  "answerUa",
  "askedWeek",
  "assignedUserId",
  "attempts",
  "availableSince",
  "batteryPercent",
  "body",
  "changed",
  "changedNotShown",
  "changedRows",
  "characteristicsEn",
  "characteristicsSk",
  "characteristicsUa",
  "clicks",
  "code",
  "columnMapping",
  "comment",
  "confirmedAt",
  "contentLength",
  "costCents",
  "count",
  "createdAt",
  "currentVehicleId",
  "damages",
  "description",
  "documentValidUntil",
  "endsOn",
  "expiresAt",
  "fileName",
  "files",
  "group",
  "holder",
  "holderMismatch",
  "iban",
  "id",
  "imageId",
  "kind",
  "language",
  "lastError",
  "leaseEndsAt",
  "licenceCategory",
  "licenceSeen",
  "logoId",
  "mediaId",
  "messageId",
  "name",
  "netCents",
  "newDamages",
  "nextDueAt",
  "nextDueKm",
  "odometerKm",
  "payday",
  "payoutCents",
  "photos",
  "platform",
  "platformId",
  "position",
  "problemReportId",
  "published",
  "question",
  "questionEn",
  "questionUa",
  "reason",
  "reasonCode",
  "replace",
  "role",
  "serialNumber",
  "serviceDate",
  "serviceRecordId",
  "skipped",
  "spec",
  "specEn",
  "specUa",
  "startsOn",
  "status",
  "textPosition",
  "title",
  "titleEn",
  "titleUa",
  "totalCents",
  "unchanged",
  "updatedAt",
  "urgent",
  "url",
  "value",
  "version",
  "vehicleId",
  "week",
  "weekStart",
] as const;

/** Fields that hold a calendar day, not an instant: shown as a date, never with a time. */
const DAY_FIELDS = new Set([
  "documentValidUntil",
  "serviceDate",
  "nextDueAt",
  "startsOn",
  "endsOn",
  "weekStart",
  "week",
  "askedWeek",
  "payday",
  "availableSince",
  "effectiveFrom",
]);

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** The translation key (namespace admin) of an action's sentence; dots flattened so keys stay one level. */
export function auditSentenceKey(action: string) {
  return `audit.sentence.${action.replace(/\./g, "_")}`;
}

export type AuditFacts = {
  action: string;
  entityType: string;
  entityId: number | null;
  actorId: number | null;
  actorName: string | null;
  actorEmail: string | null;
  subjectUserId: number | null;
  subjectName: string | null;
  subjectEmail: string | null;
  /** The record's own name as it is now (applicant, vehicle, post title, referral name), if it still exists. */
  recordName: string | null;
  before: unknown;
  after: unknown;
};

export type AuditSentence = {
  key: string;
  known: boolean;
  /** null actor means the system did it (a scheduled job, a retention sweep). */
  actor: { name: string; href: AdminPath | null } | null;
  record: { name: string; href: AdminPath | null };
  subject: { name: string; href: AdminPath | null } | null;
};

/** A path of the admin area, ready to be a link. */
type AdminPath = `/admin/${string}`;

const RECORD_PATHS: Record<string, AdminPath> = {
  user: "/admin/users/",
  application: "/admin/applications/",
  vehicle: "/admin/vehicles/",
  news: "/admin/news/",
  payout_batch: "/admin/payouts/batches/",
  bank_account: "/admin/users/",
  faq: "/admin/content/faq/",
  fleet: "/admin/content/fleet/",
  partner: "/admin/content/partners/",
};
const LIST_PATHS: Record<string, AdminPath> = {
  vehicle_request: "/admin/vehicle-requests?status=all",
  problem_report: "/admin/problem-reports?status=all",
  referral: "/admin/referrals",
  mail: "/admin/mail",
  platform: "/admin/payouts/platforms",
  earning_import: "/admin/payouts",
  pay_statement: "/admin/payouts",
  pay_adjustment: "/admin/payouts",
  pay_question: "/admin/payouts/questions",
  settings: "/admin/settings/rules",
  legal_document: "/admin/legal",
};

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A name kept in the entry itself, for records deleted since (a post's title, a referral's name). */
function snapshotName(facts: AuditFacts) {
  for (const side of [facts.before, facts.after]) {
    const values = asRecord(side);
    for (const field of ["name", "title", "fullName", "question"]) {
      if (typeof values?.[field] === "string" && values[field]) return values[field] as string;
    }
  }
  return null;
}

function userLabel(name: string | null, email: string | null) {
  return name?.trim() || email || null;
}

export function auditSentence(facts: AuditFacts): AuditSentence {
  const deleted = /\.(delete|erase)$/.test(facts.action);
  const actorName = userLabel(facts.actorName, facts.actorEmail);
  const subjectName = userLabel(facts.subjectName, facts.subjectEmail);
  const subject =
    facts.subjectUserId !== null && subjectName
      ? { name: subjectName, href: `/admin/users/${facts.subjectUserId}` as const }
      : null;
  const recordLabel =
    (facts.entityType === "user" ? subjectName : null) ??
    facts.recordName ??
    snapshotName(facts) ??
    (facts.entityId !== null ? `#${facts.entityId}` : "—");
  const recordHref =
    deleted || facts.entityId === null
      ? null
      : RECORD_PATHS[facts.entityType]
        ? (`${RECORD_PATHS[facts.entityType]}${facts.entityId}` as AdminPath)
        : (LIST_PATHS[facts.entityType] ?? null);
  return {
    key: isAuditAction(facts.action) ? auditSentenceKey(facts.action) : "audit.sentence.other",
    known: isAuditAction(facts.action),
    actor: actorName
      ? { name: actorName, href: facts.actorId !== null ? `/admin/users/${facts.actorId}` : null }
      : null,
    record: { name: recordLabel, href: recordHref },
    subject,
  };
}

/**
 * A value as the page shows it: booleans, empty values, dates and codes become tokens the page
 * translates or formats; a code carries its translation keys, most specific first (i18next takes
 * the first that exists), and shows the raw code only when none does.
 */
export type AuditValue =
  | { kind: "empty" }
  | { kind: "bool"; value: boolean }
  | { kind: "date"; value: string }
  /** A calendar day, `YYYY-MM-DD`. */
  | { kind: "day"; value: string }
  | { kind: "codes"; items: { value: string; keys: string[] }[] }
  | { kind: "text"; value: string };

const MAX_TEXT = 80;

/** Where each record's status values are translated; user and vehicle statuses are shared. */
const STATUS_KEYS: Record<string, string> = {
  application: "admin:applications.status",
  vehicle_request: "admin:requests.status",
  problem_report: "admin:reports.status",
};

/** The translation keys of a coded value of a field, or null when the field holds free text. */
export function auditValueKeys(entityType: string, field: string, value: string): string[] | null {
  switch (field) {
    case "status": {
      const own = STATUS_KEYS[entityType];
      return [...(own ? [`${own}.${value}`] : []), `common:status.${value}`, `common:vehicleStatus.${value}`];
    }
    case "role":
      return [`common:role.${value}`];
    case "kind":
    case "replace":
      return [`admin:requests.kind.${value}`, `admin:applications.kind.${value}`, `admin:legal.kinds.${value}`];
    case "reasonCode":
      return [`admin:rejection.reasons.${value}`];
    default:
      return null;
  }
}

const DATE_FIELD = /(At|Until|Since|On|Date|Start)$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/;
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export function auditValue(value: unknown, field = "", entityType = ""): AuditValue {
  if (value === null || value === undefined || value === "") return { kind: "empty" };
  if (typeof value === "boolean") return { kind: "bool", value };
  // A day is the day it names (a valid-until stored as UTC midnight is not "1:00" in Bratislava).
  if (typeof value === "string" && ISO_DATE.test(value) && (DAY_FIELDS.has(field) || DAY_ONLY.test(value)))
    return { kind: "day", value: value.slice(0, 10) };
  if (DATE_FIELD.test(field) && (typeof value === "number" || (typeof value === "string" && ISO_DATE.test(value)))) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return { kind: "date", value: date.toISOString() };
  }
  const codes = Array.isArray(value) ? value : [value];
  if (codes.length > 0 && codes.every((code) => typeof code === "string")) {
    const items = (codes as string[]).map((code) => ({ value: code, keys: auditValueKeys(entityType, field, code) }));
    if (items.every((item) => item.keys))
      return { kind: "codes", items: items.map((item) => ({ value: item.value, keys: item.keys! })) };
  }
  const text = typeof value === "string" || typeof value === "number" ? String(value) : JSON.stringify(value);
  return { kind: "text", value: text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text };
}

export type AuditChange = { field: string; before: AuditValue; after: AuditValue };

/** The fields whose value differs between before and after, in the order they were written. */
export function auditChanges(before: unknown, after: unknown, entityType = ""): AuditChange[] {
  const b = asRecord(before) ?? {};
  const a = asRecord(after) ?? {};
  if (!asRecord(before) && !asRecord(after)) {
    if (before === after || (before == null && after == null)) return [];
    return [{ field: "value", before: auditValue(before), after: auditValue(after) }];
  }
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields
    .filter((field) => JSON.stringify(b[field] ?? null) !== JSON.stringify(a[field] ?? null))
    .map((field) => ({
      field,
      before: auditValue(b[field], field, entityType),
      after: auditValue(a[field], field, entityType),
    }));
}
