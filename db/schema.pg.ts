import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import {
  APPLICATION_STATUSES,
  REPORT_STATUSES,
  REQUEST_KINDS,
  REQUEST_STATUSES,
  ROLES,
  USER_STATUSES,
  VEHICLE_STATUSES,
} from "../app/domain/status";
import { UPLOAD_KINDS } from "../app/domain/files";
import { HANDOVER_KINDS, type Damages } from "../app/domain/handover";
import { DOCUMENT_RENEWAL_STATUSES, PAY_ADJUSTMENT_KINDS, PAY_QUESTION_STATUSES, PAY_STATEMENT_STATUSES, PAYOUT_BATCH_STATUSES } from "./schema.sqlite";

/**
 * The PostgreSQL twin of db/schema.sqlite.ts: the same tables, columns, defaults, keys, indexes and
 * foreign keys, with types that give the models the same JS values (db/schema-twins.test.ts compares
 * them). Timestamps are `timestamp with time zone` to the millisecond (a Date, as SQLite's
 * `timestamp_ms` integers give), booleans are `boolean`, JSON columns `jsonb` (parsed, as SQLite's
 * `mode: "json"` text is), ids identity columns. Migrations: db/migrations-pg (drizzle-pg.config.ts).
 */

/** Milliseconds, as SQLite keeps them and as a JS Date holds them; read back as a Date. */
const TIMESTAMP = { withTimezone: true, mode: "date", precision: 3 } as const;

const createdAt = () => timestamp("created_at", TIMESTAMP).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("user"),
    /** Cleared by an admin to deactivate the account; a deactivated user cannot log in. */
    active: boolean("active").notNull().default(true),
    status: text("status", { enum: USER_STATUSES }).notNull().default("created_account"),
    fullName: text("full_name"),
    language: text("language", { enum: ["sk", "ua", "en"] }).notNull().default("sk"),
    referralLinkId: integer("referral_link_id").references(() => referralLinks.id, { onDelete: "set null" }),
    /**
     * Until when the courier's right-to-stay document (residence permit or refugee document) is valid:
     * set when the admin approves the application or accepts a new document; null for couriers who
     * need none. The document-expiry job reads it (app/domain/document-expiry.ts).
     */
    documentValidUntil: timestamp("document_valid_until", TIMESTAMP),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", TIMESTAMP),
  },
  (t) => [
    // The admin users table orders ascending with NULLs first and descending with NULLs last, as SQLite
    // does (ascNullsFirst / descNullsLast in sql-dialect.server.ts): its sort indexes are built in that
    // order, so a page is read from the index (backwards when descending) instead of sorting every user.
    uniqueIndex("users_email_unique").on(t.email.asc().nullsFirst()),
    index("users_status_created_idx").on(t.status.asc().nullsFirst(), t.createdAt.asc().nullsFirst()),
    index("users_created_idx").on(t.createdAt.asc().nullsFirst()),
    index("users_full_name_idx").on(t.fullName.asc().nullsFirst()),
    // With status: the registrations column of the referral list reads only this index.
    index("users_referral_idx").on(t.referralLinkId, t.status),
    // The admin users table filtered by status and sorted by e-mail or name, without a sort step.
    index("users_status_email_idx").on(t.status.asc().nullsFirst(), t.email.asc().nullsFirst()),
    index("users_status_name_idx").on(t.status.asc().nullsFirst(), t.fullName.asc().nullsFirst()),
    index("users_role_idx").on(t.role),
    index("users_document_valid_until_idx").on(t.documentValidUntil),
    // PostgreSQL's stand-in for SQLite's FTS5 table users_search: trigrams of `search_key`, the e-mail and
    // the name lower-cased and without accents by users_search_key(), one per line. The column is stored
    // (generated) and written by hand in db/migrations-pg/0002_users_search_key.sql, so drizzle does not
    // know it and no row the models read carries it; checking a match reads it instead of folding the
    // e-mail and the name again for every candidate (the common-term count at 100,000 users).
    index("users_search_trgm_idx").using("gin", sql`search_key gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 of the cookie's random id, so a leaked database holds no usable session. */
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", TIMESTAMP).notNull(),
    expiresAt: timestamp("expires_at", TIMESTAMP).notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** Password checked, second factor not yet: such a session opens only the second-factor page. */
    secondFactorPending: boolean("second_factor_pending").notNull().default(false),
    /**
     * The authenticator key shown to this pending session while it enrols, sealed like a confirmed
     * one: each browser has its own, and it ends with the session (reset, role change, expiry).
     */
    pendingTotpSecret: text("pending_totp_secret"),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** An authenticator app (TOTP) of a user; enabledAt is null while the enrolment is not confirmed. */
export const totpCredentials = pgTable("totp_credentials", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at", TIMESTAMP),
  /** The time step of the last accepted code, so no code is accepted twice. */
  lastTimeStep: integer("last_time_step"),
  createdAt: createdAt(),
});

/** One-time recovery codes for a lost authenticator, stored as hashes. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", TIMESTAMP),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** Browsers a user has logged in from (a random id in a long-lived cookie, stored hashed). */
export const userDevices = pgTable(
  "user_devices",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    userAgent: text("user_agent"),
    ip: text("ip"),
    firstSeenAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", TIMESTAMP).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["activation", "password_reset"] }).notNull(),
    expiresAt: timestamp("expires_at", TIMESTAMP).notNull(),
    usedAt: timestamp("used_at", TIMESTAMP),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tokens_hash_unique").on(t.tokenHash), index("tokens_user_idx").on(t.userId, t.purpose)],
);

export const applications = pgTable(
  "applications",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: APPLICATION_STATUSES }).notNull().default("pending"),
    fullName: text("full_name").notNull(),
    age: integer("age").notNull(),
    /** Applications from before citizenship was asked all carried a right-to-stay document: "other". */
    citizenship: text("citizenship", { enum: ["sk", "eu", "other"] }).notNull().default("other"),
    phone: text("phone").notNull(),
    contactMethod: text("contact_method", { enum: ["phone", "whatsapp", "telegram", "viber"] }).notNull(),
    contactUsername: text("contact_username"),
    comment: text("comment"),
    /** Valid-until of the residence permit or refugee document, as the courier typed it and the admin confirmed it. */
    documentValidUntil: timestamp("document_valid_until", TIMESTAMP),
    rejectionReason: text("rejection_reason"),
    /** A stock reason (app/domain/rejection.ts), shown translated into the courier's language; null for a written one. */
    rejectionReasonCode: text("rejection_reason_code"),
    /** Document kinds the admin asked to be replaced; the others are carried over to the next application. */
    replaceDocuments: jsonb("replace_documents").$type<string[]>(),
    decidedById: integer("decided_by_id").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", TIMESTAMP),
    /** Set when the identity documents were deleted (retention or erasure). */
    documentsDeletedAt: timestamp("documents_deleted_at", TIMESTAMP),
    createdAt: createdAt(),
  },
  (t) => [
    // One pending application per courier (docs/architecture.md, "Invariants").
    uniqueIndex("applications_one_pending").on(t.userId).where(sql`status = 'pending'`),
    index("applications_status_created_idx").on(t.status, t.createdAt),
    index("applications_created_idx").on(t.createdAt),
    index("applications_user_idx").on(t.userId, t.createdAt),
  ],
);

export const vehicles = pgTable(
  "vehicles",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    /** Description and specs per language; Slovak is required, the others fall back (app/domain/localized-text.ts). */
    characteristicsSk: text("characteristics_sk").notNull().default(""),
    characteristicsUa: text("characteristics_ua"),
    characteristicsEn: text("characteristics_en"),
    serialNumber: text("serial_number").notNull(),
    comment: text("comment"),
    status: text("status", { enum: VEHICLE_STATUSES }).notNull().default("available"),
    availableSince: timestamp("available_since", TIMESTAMP),
    assignedUserId: integer("assigned_user_id").references(() => users.id, { onDelete: "set null" }),
    leaseEndsAt: timestamp("lease_ends_at", TIMESTAMP),
    /** The last odometer reading known (a handover, a service record), in km. */
    odometerKm: integer("odometer_km"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", TIMESTAMP),
  },
  (t) => [
    uniqueIndex("vehicles_serial_unique").on(t.serialNumber),
    uniqueIndex("vehicles_assigned_user_unique").on(t.assignedUserId),
    index("vehicles_status_idx").on(t.status),
    index("vehicles_name_idx").on(t.name),
    index("vehicles_lease_idx").on(t.leaseEndsAt),
    index("vehicles_created_idx").on(t.createdAt),
  ],
);

export const vehicleRequests = pgTable(
  "vehicle_requests",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: REQUEST_KINDS }).notNull(),
    currentVehicleId: integer("current_vehicle_id").references(() => vehicles.id, { onDelete: "set null" }),
    requestedVehicleId: integer("requested_vehicle_id").references(() => vehicles.id, { onDelete: "set null" }),
    status: text("status", { enum: REQUEST_STATUSES }).notNull().default("pending"),
    reason: text("reason"),
    /** Lease end granted on approval. */
    expiresAt: timestamp("expires_at", TIMESTAMP),
    decidedById: integer("decided_by_id").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", TIMESTAMP),
    createdAt: createdAt(),
  },
  (t) => [
    // One open request per user, enforced by the database as well as the model.
    uniqueIndex("vehicle_requests_one_pending").on(t.userId).where(sql`status = 'pending'`),
    index("vehicle_requests_status_created_idx").on(t.status, t.createdAt),
    index("vehicle_requests_created_idx").on(t.createdAt),
    index("vehicle_requests_user_idx").on(t.userId, t.createdAt),
  ],
);

export const problemReports = pgTable(
  "problem_reports",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    vehicleId: integer("vehicle_id").references(() => vehicles.id, { onDelete: "set null" }),
    description: text("description").notNull(),
    status: text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
    response: text("response"),
    resolvedById: integer("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", TIMESTAMP),
    createdAt: createdAt(),
  },
  (t) => [
    index("problem_reports_status_created_idx").on(t.status, t.createdAt),
    index("problem_reports_created_idx").on(t.createdAt),
    index("problem_reports_user_idx").on(t.userId, t.createdAt),
    index("problem_reports_vehicle_idx").on(t.vehicleId, t.createdAt),
  ],
);

/**
 * The conversation on a problem report: replies of the courier and of admins, oldest first. The
 * report's own description is the thread's first message and is not repeated here.
 */
/**
 * The job application's text fields as the courier types them (one row per user), so a reload, a
 * crash or a new log-in brings them back. Documents are drafts in `uploads` (no application yet).
 */
export const applicationDrafts = pgTable("application_drafts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  fields: jsonb("fields").$type<Record<string, string>>().notNull(),
  updatedAt: timestamp("updated_at", TIMESTAMP).notNull(),
});

export const problemReportMessages = pgTable(
  "problem_report_messages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    reportId: integer("report_id")
      .notNull()
      .references(() => problemReports.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    /** Written by an admin (kept even if the author's account is later deleted). */
    fromAdmin: boolean("from_admin").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("problem_report_messages_report_idx").on(t.reportId, t.createdAt)],
);


/** Every stored file; the row is the only way to reach the file on disk. */
export const uploads = pgTable(
  "uploads",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** Random file name under UPLOADS_DIR. */
    storageKey: text("storage_key").notNull(),
    kind: text("kind", { enum: UPLOAD_KINDS }).notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "cascade" }),
    /** Null while the file is a draft of a form that failed validation. */
    applicationId: integer("application_id").references(() => applications.id, { onDelete: "cascade" }),
    problemReportId: integer("problem_report_id").references(() => problemReports.id, { onDelete: "cascade" }),
    vehicleId: integer("vehicle_id").references(() => vehicles.id, { onDelete: "cascade" }),
    newsPostId: integer("news_post_id").references(() => newsPosts.id, { onDelete: "cascade" }),
    handoverId: integer("handover_id").references(() => handovers.id, { onDelete: "cascade" }),
    /** A new right-to-stay document the courier sent to replace an expiring one. */
    documentRenewalId: integer("document_renewal_id").references(() => documentRenewals.id, { onDelete: "cascade" }),
    /** When a newer accepted document replaced this one (or its renewal was refused); retention deletes it later. */
    replacedAt: timestamp("replaced_at", TIMESTAMP),
    position: integer("position").notNull().default(0),
    /** SHA-256 of the stored bytes (null for files stored before it was kept). */
    contentHash: text("content_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("uploads_storage_key_unique").on(t.storageKey),
    index("uploads_owner_kind_idx").on(t.ownerId, t.kind),
    index("uploads_application_idx").on(t.applicationId),
    index("uploads_report_idx").on(t.problemReportId),
    index("uploads_vehicle_idx").on(t.vehicleId),
    index("uploads_news_idx").on(t.newsPostId),
    index("uploads_handover_idx").on(t.handoverId),
    index("uploads_renewal_idx").on(t.documentRenewalId),
    index("uploads_replaced_idx").on(t.replacedAt),
  ],
);

/**
 * A vehicle handed to a courier (`check_out`, when a lease starts) or taken back (`check_in`, when it
 * ends). The row is created pending when the lease starts or ends; the admin records it (recordedAt)
 * and the courier confirms it (confirmedAt). Photos are `handover_photo` uploads owned by the courier.
 */
export const handovers = pgTable(
  "handovers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    kind: text("kind", { enum: HANDOVER_KINDS }).notNull(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The vehicle request whose approval started the lease (null for a direct assignment). */
    requestId: integer("request_id").references(() => vehicleRequests.id, { onDelete: "set null" }),
    /** For a check-in: the check-out of the same lease, to compare damage with. */
    checkOutId: integer("check_out_id"),
    batteryPercent: integer("battery_percent"),
    odometerKm: integer("odometer_km"),
    damages: jsonb("damages").$type<Damages>(),
    note: text("note"),
    recordedById: integer("recorded_by_id").references(() => users.id, { onDelete: "set null" }),
    recordedAt: timestamp("recorded_at", TIMESTAMP),
    confirmedAt: timestamp("confirmed_at", TIMESTAMP),
    /** The courier disagreed with what was recorded: the problem report that holds the conversation. */
    disputeReportId: integer("dispute_report_id").references(() => problemReports.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("handovers_vehicle_idx").on(t.vehicleId, t.createdAt), index("handovers_user_idx").on(t.userId, t.createdAt)],
);

/** A courier's new right-to-stay document (its files are uploads with this id), waiting for or decided by an admin. */
export const documentRenewals = pgTable(
  "document_renewals",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    validUntil: timestamp("valid_until", TIMESTAMP).notNull(),
    status: text("status", { enum: DOCUMENT_RENEWAL_STATUSES }).notNull().default("pending"),
    reason: text("reason"),
    decidedById: integer("decided_by_id").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", TIMESTAMP),
    createdAt: createdAt(),
  },
  (t) => [
    // One renewal waiting per courier, enforced by the database as well as the model.
    uniqueIndex("document_renewals_one_pending").on(t.userId).where(sql`status = 'pending'`),
    index("document_renewals_user_idx").on(t.userId, t.createdAt),
    index("document_renewals_status_idx").on(t.status, t.createdAt),
  ],
);

/** Expiry reminders already sent: one row per courier, document date and threshold (30 or 7 days), so none goes twice. */
export const documentReminders = pgTable(
  "document_reminders",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    validUntil: timestamp("valid_until", TIMESTAMP).notNull(),
    thresholdDays: integer("threshold_days").notNull(),
    sentAt: timestamp("sent_at", TIMESTAMP).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.validUntil, t.thresholdDays] })],
);

/** A vehicle's service history: what was done, what it cost, when the next service is due. */
export const serviceRecords = pgTable(
  "service_records",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id, { onDelete: "cascade" }),
    /** The problem report that sent the vehicle to service, if any. */
    problemReportId: integer("problem_report_id").references(() => problemReports.id, { onDelete: "set null" }),
    serviceDate: timestamp("service_date", TIMESTAMP).notNull(),
    description: text("description").notNull(),
    costCents: integer("cost_cents"),
    nextDueAt: timestamp("next_due_at", TIMESTAMP),
    nextDueKm: integer("next_due_km"),
    /** Null while the vehicle is still in service for this record. */
    completedAt: timestamp("completed_at", TIMESTAMP),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("service_records_vehicle_idx").on(t.vehicleId, t.serviceDate), index("service_records_report_idx").on(t.problemReportId)],
);

export const statusHistory = pgTable(
  "status_history",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fromStatus: text("from_status", { enum: USER_STATUSES }),
    toStatus: text("to_status", { enum: USER_STATUSES }).notNull(),
    reason: text("reason"),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("status_history_user_idx").on(t.userId, t.createdAt)],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: integer("entity_id"),
    /** The user the change concerns, so the user detail page can list it. */
    subjectUserId: integer("subject_user_id").references(() => users.id, { onDelete: "set null" }),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_created_idx").on(t.createdAt),
    index("audit_entity_idx").on(t.entityType, t.entityId),
    index("audit_entity_created_idx").on(t.entityType, t.createdAt),
    index("audit_subject_idx").on(t.subjectUserId, t.createdAt),
    index("audit_actor_idx").on(t.actorId, t.createdAt),
  ],
);

export const referralLinks = pgTable(
  "referral_links",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    clicks: integer("clicks").notNull().default(0),
    createdById: integer("created_by_id"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("referral_links_code_unique").on(t.code), index("referral_links_created_idx").on(t.createdAt)],
);

/** Clicks per link and day; the link's `clicks` column holds the running total. */
export const referralClicks = pgTable(
  "referral_clicks",
  {
    linkId: integer("link_id")
      .notNull()
      .references(() => referralLinks.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day] })],
);

/** Who was counted for a link on a day: a keyed hash of the client address, never the address. */
export const referralClickVisitors = pgTable(
  "referral_click_visitors",
  {
    linkId: integer("link_id")
      .notNull()
      .references(() => referralLinks.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    visitorHash: text("visitor_hash").notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day, t.visitorHash] }), index("referral_click_visitors_day_idx").on(t.day)],
);

export const pageViewsDaily = pgTable("page_views_daily", {
  day: text("day").primaryKey(),
  views: integer("views").notNull().default(0),
});

export const newsPosts = pgTable(
  "news_posts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** Title and body per language; Slovak is required, the others fall back (app/domain/localized-text.ts). */
    titleSk: text("title_sk").notNull().default(""),
    titleUa: text("title_ua"),
    titleEn: text("title_en"),
    contentSk: text("content_sk").notNull().default(""),
    contentUa: text("content_ua"),
    contentEn: text("content_en"),
    textPosition: text("text_position", { enum: ["bottom_left", "top_left", "center"] })
      .notNull()
      .default("bottom_left"),
    /** Null shows the post in every language. */
    language: text("language", { enum: ["sk", "ua", "en"] }),
    published: boolean("published").notNull().default(true),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", TIMESTAMP),
  },
  (t) => [index("news_published_created_idx").on(t.published, t.createdAt)],
);

export const faqEntries = pgTable(
  "faq_entries",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    language: text("language", { enum: ["sk", "ua", "en"] }).notNull(),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("faq_language_position_idx").on(t.language, t.position)],
);

/** The fleet banner's specification texts, one row per language. */
export const fleetModels = pgTable(
  "fleet_models",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    language: text("language", { enum: ["sk", "ua", "en"] }).notNull(),
    title: text("title").notNull(),
    spec: text("spec").notNull(),
    image: text("image").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("fleet_language_position_idx").on(t.language, t.position)],
);

export const partners = pgTable("partners", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  url: text("url"),
  logo: text("logo"),
  position: integer("position").notNull().default(0),
});

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", TIMESTAMP),
});

/** Fixed-window counters for the abuse limits; kept in SQLite so a restart does not reset them. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", TIMESTAMP).notNull(),
});

/** Captcha solutions already accepted, so none can be replayed. */
export const usedCaptchas = pgTable(
  "used_captchas",
  {
    hash: text("hash").primaryKey(),
    expiresAt: timestamp("expires_at", TIMESTAMP).notNull(),
  },
  (t) => [index("used_captchas_expires_idx").on(t.expiresAt)],
);

/**
 * Who runs a scheduled job for a period (periods counted from the epoch, named by their start), so that several
 * instances on one database run each job once per period. A claim is a lease the runner renews; a
 * lapsed lease without `finished_at` is taken over by another instance.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text("job").notNull(),
    periodStart: timestamp("period_start", TIMESTAMP).notNull(),
    claimedBy: text("claimed_by").notNull(),
    leaseUntil: timestamp("lease_until", TIMESTAMP).notNull(),
    finishedAt: timestamp("finished_at", TIMESTAMP),
    attempts: integer("attempts").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.job, t.periodStart] })],
);

/** The twin of schema.sqlite.ts's `outbox`: every e-mail, written in the transaction that causes it. */
export const outbox = pgTable(
  "outbox",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    recipient: text("recipient").notNull(),
    language: text("language").notNull(),
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    createdAt: createdAt(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", TIMESTAMP).notNull(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", TIMESTAMP),
    claimedBy: text("claimed_by"),
    claimUntil: timestamp("claim_until", TIMESTAMP),
  },
  (t) => [index("outbox_due_idx").on(t.sentAt, t.nextAttemptAt), index("outbox_user_idx").on(t.userId)],
);
/*
 * Weekly pay (docs/pay.md). Days are 'YYYY-MM-DD' text in Europe/Bratislava time
 * (a pay week is Monday to Sunday there, so a calendar day, not an instant, is what matters); money is
 * integer euro cents; hours are whole minutes.
 */


/** A delivery platform (Wolt, Bolt Food, foodora…), with the column mapping remembered for its own export. */
export const platforms = pgTable(
  "platforms",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    /** The EarningsMapping (app/domain/earnings-csv.ts) last used for this platform's file; null: generic format only. */
    columnMapping: jsonb("column_mapping"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("platforms_name_unique").on(t.name)],
);

/**
 * A platform account id linked to a courier from starts_on to ends_on (inclusive; null = still linked).
 * One account belongs to one courier at any moment: the same (platform, account) never has two rows whose
 * ranges overlap — held by an exclusion constraint here and triggers on SQLite (custom migrations).
 */
export const platformAccounts = pgTable(
  "platform_accounts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    platformId: integer("platform_id")
      .notNull()
      .references(() => platforms.id, { onDelete: "cascade" }),
    /** The platform's own id of the account, as its export files write it. */
    accountId: text("account_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startsOn: text("starts_on").notNull(),
    endsOn: text("ends_on"),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    // At most one open link per account (the triggers forbid any overlap; this catches the common case cheaply).
    uniqueIndex("platform_accounts_one_open").on(t.platformId, t.accountId).where(sql`ends_on is null`),
    index("platform_accounts_account_idx").on(t.platformId, t.accountId, t.startsOn),
    index("platform_accounts_user_idx").on(t.userId, t.startsOn),
    check("platform_accounts_range", sql`ends_on is null or ends_on >= starts_on`),
  ],
);

/**
 * One uploaded earnings file: pending while the admin previews it (committed_at null), then the source record of
 * the rows it wrote. The file is kept privately (storage key, never public).
 */
export const earningImports = pgTable(
  "earning_imports",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    platformId: integer("platform_id")
      .notNull()
      .references(() => platforms.id, { onDelete: "cascade" }),
    /** The Monday of the pay week the file is for. */
    weekStart: text("week_start").notNull(),
    fileName: text("file_name").notNull(),
    /** Private storage key of the uploaded bytes (never served publicly). */
    storageKey: text("storage_key").notNull(),
    /** SHA-256 (hex) of the uploaded bytes. */
    sha256: text("sha256").notNull(),
    /** Rows read from the file (with and without problems). */
    rowsCount: integer("rows_count").notNull().default(0),
    /** Rows left out for a problem (unknown account, bad value…), known once committed. */
    skippedCount: integer("skipped_count").notNull().default(0),
    /** Null while the file waits in the preview (a pending import); set by the commit. */
    committedAt: timestamp("committed_at", TIMESTAMP),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("earning_imports_storage_key_unique").on(t.storageKey), index("earning_imports_committed_idx").on(t.committedAt)],
);

/**
 * One platform account's day of work, as the latest import said it. Keyed by the account, not the courier:
 * who earned it follows from platform_accounts on that day, so a link added later still claims the day.
 */
export const earnings = pgTable(
  "earnings",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    platformId: integer("platform_id")
      .notNull()
      .references(() => platforms.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    day: text("day").notNull(),
    minutes: integer("minutes").notNull(),
    deliveries: integer("deliveries").notNull(),
    grossCents: integer("gross_cents").notNull(),
    tipsCents: integer("tips_cents").notNull(),
    /** The import that last wrote this row. */
    importId: integer("import_id")
      .notNull()
      .references(() => earningImports.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("earnings_account_day_unique").on(t.platformId, t.accountId, t.day), index("earnings_day_idx").on(t.day), index("earnings_import_idx").on(t.importId)],
);

/** A manual line on a courier's week: a bonus, a correction (signed) or a confirmed damage charge (negative). */
export const payAdjustments = pgTable(
  "pay_adjustments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    weekStart: text("week_start").notNull(),
    kind: text("kind", { enum: PAY_ADJUSTMENT_KINDS }).notNull(),
    /** Signed: positive adds to the pay, negative deducts. */
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    /** For a damage charge: the handover whose new damage it charges. */
    handoverId: integer("handover_id").references(() => handovers.id, { onDelete: "set null" }),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** The statement that counted it (set when the statement is approved; frozen from then on). */
    statementId: integer("statement_id").references(() => payStatements.id, { onDelete: "set null" }),
  },
  (t) => [index("pay_adjustments_user_week_idx").on(t.userId, t.weekStart), index("pay_adjustments_statement_idx").on(t.statementId)],
);

/**
 * A courier's pay for one week: recomputed while draft, frozen from approval. Amounts in cents;
 * net = pay + tips − rent − damage + adjustments + carried_in; payout = max(net, 0); carry_out = min(net, 0).
 */
export const payStatements = pgTable(
  "pay_statements",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** Null once the courier's account is erased: accounting law keeps the statement (with its iban/holder snapshot). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    weekStart: text("week_start").notNull(),
    status: text("status", { enum: PAY_STATEMENT_STATUSES }).notNull().default("draft"),
    minutes: integer("minutes").notNull().default(0),
    grossCents: integer("gross_cents").notNull().default(0),
    tipsCents: integer("tips_cents").notNull().default(0),
    payCents: integer("pay_cents").notNull().default(0),
    rentCents: integer("rent_cents").notNull().default(0),
    damageCents: integer("damage_cents").notNull().default(0),
    adjustmentsCents: integer("adjustments_cents").notNull().default(0),
    carriedInCents: integer("carried_in_cents").notNull().default(0),
    netCents: integer("net_cents").notNull().default(0),
    payoutCents: integer("payout_cents").notNull().default(0),
    carryOutCents: integer("carry_out_cents").notNull().default(0),
    /** The statement's lines as the pay rule produced them (shown to the courier and printed in the PDF). */
    lines: jsonb("lines").notNull(),
    /** Bank details as they were at approval (the payout goes there even if the courier changes them later). */
    iban: text("iban"),
    holder: text("holder"),
    computedAt: timestamp("computed_at", TIMESTAMP).notNull(),
    approvedById: integer("approved_by_id").references(() => users.id, { onDelete: "set null" }),
    approvedAt: timestamp("approved_at", TIMESTAMP),
    batchId: integer("batch_id").references(() => payoutBatches.id, { onDelete: "set null" }),
    paidAt: timestamp("paid_at", TIMESTAMP),
  },
  (t) => [
    uniqueIndex("pay_statements_user_week_unique").on(t.userId, t.weekStart),
    index("pay_statements_week_status_idx").on(t.weekStart, t.status),
    index("pay_statements_batch_idx").on(t.batchId),
  ],
);

/** One exported SEPA payout file (pain.001) of approved statements, then marked paid or cancelled. */
export const payoutBatches = pgTable(
  "payout_batches",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** Requested execution date, 'YYYY-MM-DD'. */
    payday: text("payday").notNull(),
    status: text("status", { enum: PAYOUT_BATCH_STATUSES }).notNull().default("exported"),
    totalCents: integer("total_cents").notNull(),
    count: integer("count").notNull(),
    /** Private storage key of the pain.001 file. */
    fileKey: text("file_key").notNull(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    paidById: integer("paid_by_id").references(() => users.id, { onDelete: "set null" }),
    paidAt: timestamp("paid_at", TIMESTAMP),
    cancelledById: integer("cancelled_by_id").references(() => users.id, { onDelete: "set null" }),
    cancelledAt: timestamp("cancelled_at", TIMESTAMP),
  },
  (t) => [index("payout_batches_payday_idx").on(t.payday)],
);

/** Where a courier's pay goes. holder_mismatch: the holder's name differs from the application's (flagged to the admin). */
export const bankAccounts = pgTable("bank_accounts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  iban: text("iban").notNull(),
  holder: text("holder").notNull(),
  holderMismatch: boolean("holder_mismatch").notNull().default(false),
  changedAt: timestamp("changed_at", TIMESTAMP).notNull(),
});

/**
 * A courier's question about one line of one of their statements: a thread with the admin, as a problem
 * report is. The courier's first message is `body`; the replies are pay_question_messages.
 */
export const payQuestions = pgTable(
  "pay_questions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    statementId: integer("statement_id")
      .notNull()
      .references(() => payStatements.id, { onDelete: "cascade" }),
    /** The line's position in the statement's lines and its kind (the kind survives a reordering). */
    lineIndex: integer("line_index").notNull(),
    lineKind: text("line_kind").notNull(),
    /** Erasing the account removes the questions: they are a conversation, not an accounting record. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    status: text("status", { enum: PAY_QUESTION_STATUSES }).notNull().default("open"),
    resolvedById: integer("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", TIMESTAMP),
    createdAt: createdAt(),
  },
  (t) => [index("pay_questions_status_created_idx").on(t.status, t.createdAt), index("pay_questions_user_idx").on(t.userId, t.createdAt), index("pay_questions_statement_idx").on(t.statementId)],
);

/** The replies on a pay question, oldest first (the question's own body is the first message). */
export const payQuestionMessages = pgTable(
  "pay_question_messages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    questionId: integer("question_id")
      .notNull()
      .references(() => payQuestions.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    fromAdmin: boolean("from_admin").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("pay_question_messages_question_idx").on(t.questionId, t.createdAt)],
);

/** The twin of schema.sqlite.ts's `idempotencyKeys`: one row per create form posted, for a day. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    location: text("location"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);
