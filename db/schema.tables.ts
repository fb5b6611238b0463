import { sql } from "drizzle-orm";
import type { Words } from "./schema.dialects";
import {
  APPLICATION_STATUSES,
  REPORT_STATUSES,
  REQUEST_KINDS,
  REQUEST_STATUSES,
  ROLES,
  USER_STATUSES,
  VEHICLE_STATUSES,
} from "../app/domain/status";
import type { AdjustmentDetails } from "../app/domain/earnings-csv";
import { LICENCE_CATEGORIES } from "../app/domain/content";
import { UPLOAD_KINDS } from "../app/domain/files";
import { HANDOVER_KINDS, LICENCE_SEEN_CATEGORIES, type Damages } from "../app/domain/handover";

export const DOCUMENT_RENEWAL_STATUSES = ["pending", "accepted", "rejected"] as const;
export const PAY_ADJUSTMENT_KINDS = ["bonus", "correction", "damage"] as const;
export const PAY_STATEMENT_STATUSES = ["draft", "approved", "exported", "paid"] as const;
export const PAYOUT_BATCH_STATUSES = ["exported", "paid", "cancelled"] as const;
export const PAY_QUESTION_STATUSES = ["open", "resolved"] as const;
export const OUTBOX_CHANNELS = ["email", "telegram", "push"] as const;
export const LEGAL_DOCUMENT_KINDS = ["privacy", "terms"] as const;
export const LEGAL_CONSENT_SOURCES = ["registration", "notice"] as const;

/**
 * Every table, declared once in the words of a dialect (db/schema.dialects.ts): db/schema.sqlite.ts and
 * db/schema.pg.ts build them with SQLite's and PostgreSQL's words, drizzle-kit writes each one's migrations.
 */
export function defineTables(d: Words) {
  const createdAt = () => d.timestamp("created_at").notNull().default(d.now);

  const users = d.table(
    "users",
    {
      id: d.id(),
      email: d.text("email").notNull(),
      passwordHash: d.text("password_hash").notNull(),
      role: d.text("role", { enum: ROLES }).notNull().default("user"),
      /** Cleared by an admin to deactivate the account; a deactivated user cannot log in. */
      active: d.bool("active").notNull().default(true),
      status: d.text("status", { enum: USER_STATUSES }).notNull().default("created_account"),
      fullName: d.text("full_name"),
      language: d
        .text("language", { enum: ["sk", "ua", "en"] })
        .notNull()
        .default("sk"),
      referralLinkId: d.integer("referral_link_id").references(() => referralLinks.id, { onDelete: "set null" }),
      /**
       * Until when the courier's right-to-stay document (residence permit or refugee document) is valid:
       * set when the admin approves the application or accepts a new document; null for couriers who
       * need none. The document-expiry job reads it (app/domain/document-expiry.ts).
       */
      documentValidUntil: d.timestamp("document_valid_until"),
      createdAt: createdAt(),
      updatedAt: d.timestamp("updated_at"),
    },
    (t) => [
      // The admin users table's sort orders (d.sorted: the order both dialects sort NULLs in).
      d.uniqueIndex("users_email_unique").on(d.sorted(t.email)),
      d.index("users_status_created_idx").on(d.sorted(t.status), d.sorted(t.createdAt)),
      d.index("users_created_idx").on(d.sorted(t.createdAt)),
      d.index("users_full_name_idx").on(d.sorted(t.fullName)),
      // With status: the registrations column of the referral list reads only this index.
      d.index("users_referral_idx").on(t.referralLinkId, t.status),
      // The admin users table filtered by status and sorted by e-mail or name, without a sort step.
      d.index("users_status_email_idx").on(d.sorted(t.status), d.sorted(t.email)),
      d.index("users_status_name_idx").on(d.sorted(t.status), d.sorted(t.fullName)),
      d.index("users_role_idx").on(t.role),
      d.index("users_document_valid_until_idx").on(t.documentValidUntil),
      // The search of the admin users list. PostgreSQL: trigrams of `search_key`, the e-mail and the name
      // lower-cased and without accents by users_search_key(), one per line; the column is stored
      // (generated) and written by hand in db/migrations-pg/0002_users_search_key.sql, so drizzle does not
      // know it and no row the models read carries it. SQLite: the FTS5 table users_search instead.
      ...d.trigramIndex("users_search_trgm_idx", sql`search_key gin_trgm_ops`),
    ],
  );

  const sessions = d.table(
    "sessions",
    {
      /** SHA-256 of the cookie's random id, so a leaked database holds no usable session. */
      idHash: d.text("id_hash").primaryKey(),
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      createdAt: createdAt(),
      lastSeenAt: d.timestamp("last_seen_at").notNull(),
      expiresAt: d.timestamp("expires_at").notNull(),
      ip: d.text("ip"),
      userAgent: d.text("user_agent"),
      /** Password checked, second factor not yet: such a session opens only the second-factor page. */
      secondFactorPending: d.bool("second_factor_pending").notNull().default(false),
      /**
       * The authenticator key shown to this pending session while it enrols, sealed like a confirmed
       * one: each browser has its own, and it ends with the session (reset, role change, expiry).
       */
      pendingTotpSecret: d.text("pending_totp_secret"),
    },
    (t) => [d.index("sessions_user_idx").on(t.userId), d.index("sessions_expires_idx").on(t.expiresAt)],
  );

  /** An authenticator app (TOTP) of a user; enabledAt is null while the enrolment is not confirmed. */
  const totpCredentials = d.table("totp_credentials", {
    userId: d
      .integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    secret: d.text("secret").notNull(),
    enabledAt: d.timestamp("enabled_at"),
    /** The time step of the last accepted code, so no code is accepted twice. */
    lastTimeStep: d.integer("last_time_step"),
    createdAt: createdAt(),
  });

  /** One-time recovery codes for a lost authenticator, stored as hashes. */
  const recoveryCodes = d.table(
    "recovery_codes",
    {
      id: d.id(),
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      codeHash: d.text("code_hash").notNull(),
      usedAt: d.timestamp("used_at"),
      createdAt: createdAt(),
    },
    (t) => [d.index("recovery_codes_user_idx").on(t.userId)],
  );

  /** Browsers a user has logged in from (a random id in a long-lived cookie, stored hashed). */
  const userDevices = d.table(
    "user_devices",
    {
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      deviceHash: d.text("device_hash").notNull(),
      userAgent: d.text("user_agent"),
      ip: d.text("ip"),
      firstSeenAt: createdAt(),
      lastSeenAt: d.timestamp("last_seen_at").notNull(),
    },
    (t) => [d.primaryKey({ columns: [t.userId, t.deviceHash] })],
  );

  const oneTimeTokens = d.table(
    "one_time_tokens",
    {
      id: d.id(),
      tokenHash: d.text("token_hash").notNull(),
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      purpose: d.text("purpose", { enum: ["activation", "password_reset", "telegram_link"] }).notNull(),
      expiresAt: d.timestamp("expires_at").notNull(),
      usedAt: d.timestamp("used_at"),
      createdAt: createdAt(),
    },
    (t) => [d.uniqueIndex("tokens_hash_unique").on(t.tokenHash), d.index("tokens_user_idx").on(t.userId, t.purpose)],
  );

  const applications = d.table(
    "applications",
    {
      id: d.id(),
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      status: d.text("status", { enum: APPLICATION_STATUSES }).notNull().default("pending"),
      fullName: d.text("full_name").notNull(),
      age: d.integer("age").notNull(),
      /** Applications from before citizenship was asked all carried a right-to-stay document: "other". */
      citizenship: d
        .text("citizenship", { enum: ["sk", "eu", "other"] })
        .notNull()
        .default("other"),
      phone: d.text("phone").notNull(),
      contactMethod: d.text("contact_method", { enum: ["phone", "whatsapp", "telegram", "viber"] }).notNull(),
      contactUsername: d.text("contact_username"),
      comment: d.text("comment"),
      /** Valid-until of the residence permit or refugee document, as the courier typed it and the admin confirmed it. */
      documentValidUntil: d.timestamp("document_valid_until"),
      rejectionReason: d.text("rejection_reason"),
      /** A stock reason (app/domain/rejection.ts), shown translated into the courier's language; null for a written one. */
      rejectionReasonCode: d.text("rejection_reason_code"),
      /** Document kinds the admin asked to be replaced; the others are carried over to the next application. */
      replaceDocuments: d.json("replace_documents").$type<string[]>(),
      decidedById: d.integer("decided_by_id").references(() => users.id, { onDelete: "set null" }),
      decidedAt: d.timestamp("decided_at"),
      /** Set when the identity documents were deleted (retention or erasure). */
      documentsDeletedAt: d.timestamp("documents_deleted_at"),
      createdAt: createdAt(),
    },
    (t) => [
      // One pending application per courier (docs/architecture.md, "Invariants").
      d.uniqueIndex("applications_one_pending").on(t.userId).where(sql`status = 'pending'`),
      d.index("applications_status_created_idx").on(t.status, t.createdAt),
      d.index("applications_created_idx").on(t.createdAt),
      d.index("applications_user_idx").on(t.userId, t.createdAt),
    ],
  );

  const vehicles = d.table(
    "vehicles",
    {
      id: d.id(),
      name: d.text("name").notNull(),
      /** Description and specs per language; Slovak is required, the others fall back (app/domain/localized-text.ts). */
      characteristicsSk: d.text("characteristics_sk").notNull().default(""),
      characteristicsUa: d.text("characteristics_ua"),
      characteristicsEn: d.text("characteristics_en"),
      serialNumber: d.text("serial_number").notNull(),
      comment: d.text("comment"),
      status: d.text("status", { enum: VEHICLE_STATUSES }).notNull().default("available"),
      availableSince: d.timestamp("available_since"),
      assignedUserId: d.integer("assigned_user_id").references(() => users.id, { onDelete: "set null" }),
      leaseEndsAt: d.timestamp("lease_ends_at"),
      /** The last odometer reading known (a handover, a service record), in km. */
      odometerKm: d.integer("odometer_km"),
      /** The driving licence a rider needs: "none" (a scooter up to 25 km/h) or "AM" (a moped, L1e). */
      licenceCategory: d.text("licence_category", { enum: LICENCE_CATEGORIES }).notNull().default("none"),
      createdAt: createdAt(),
      updatedAt: d.timestamp("updated_at"),
    },
    (t) => [
      d.uniqueIndex("vehicles_serial_unique").on(t.serialNumber),
      d.uniqueIndex("vehicles_assigned_user_unique").on(t.assignedUserId),
      d.index("vehicles_status_idx").on(t.status),
      d.index("vehicles_name_idx").on(t.name),
      d.index("vehicles_lease_idx").on(t.leaseEndsAt),
      d.index("vehicles_created_idx").on(t.createdAt),
    ],
  );

  const vehicleRequests = d.table(
    "vehicle_requests",
    {
      id: d.id(),
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      kind: d.text("kind", { enum: REQUEST_KINDS }).notNull(),
      currentVehicleId: d.integer("current_vehicle_id").references(() => vehicles.id, { onDelete: "set null" }),
      requestedVehicleId: d.integer("requested_vehicle_id").references(() => vehicles.id, { onDelete: "set null" }),
      status: d.text("status", { enum: REQUEST_STATUSES }).notNull().default("pending"),
      reason: d.text("reason"),
      /** Lease end granted on approval. */
      expiresAt: d.timestamp("expires_at"),
      decidedById: d.integer("decided_by_id").references(() => users.id, { onDelete: "set null" }),
      decidedAt: d.timestamp("decided_at"),
      /** The courier's agreement to the rent's deduction from weekly pay: wording version, rent per day agreed, when. */
      rentAgreementVersion: d.text("rent_agreement_version"),
      rentAgreedCents: d.integer("rent_agreed_cents"),
      rentAgreedAt: d.timestamp("rent_agreed_at"),
      createdAt: createdAt(),
    },
    (t) => [
      // One open request per user, enforced by the database as well as the model.
      d.uniqueIndex("vehicle_requests_one_pending").on(t.userId).where(sql`status = 'pending'`),
      d.index("vehicle_requests_status_created_idx").on(t.status, t.createdAt),
      d.index("vehicle_requests_created_idx").on(t.createdAt),
      d.index("vehicle_requests_user_idx").on(t.userId, t.createdAt),
    ],
  );

  const problemReports = d.table(
    "problem_reports",
    {
      id: d.id(),
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      vehicleId: d.integer("vehicle_id").references(() => vehicles.id, { onDelete: "set null" }),
      description: d.text("description").notNull(),
      status: d.text("status", { enum: REPORT_STATUSES }).notNull().default("open"),
      response: d.text("response"),
      resolvedById: d.integer("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
      resolvedAt: d.timestamp("resolved_at"),
      createdAt: createdAt(),
    },
    (t) => [
      d.index("problem_reports_status_created_idx").on(t.status, t.createdAt),
      d.index("problem_reports_created_idx").on(t.createdAt),
      d.index("problem_reports_user_idx").on(t.userId, t.createdAt),
      d.index("problem_reports_vehicle_idx").on(t.vehicleId, t.createdAt),
    ],
  );

  /**
   * The job application's text fields as the courier types them (one row per user), so a reload, a
   * crash or a new log-in brings them back. Documents are drafts in `uploads` (no application yet).
   */
  const applicationDrafts = d.table("application_drafts", {
    userId: d
      .integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    fields: d.json("fields").$type<Record<string, string>>().notNull(),
    updatedAt: d.timestamp("updated_at").notNull(),
  });

  /**
   * The conversation on a problem report: replies of the courier and of admins, oldest first. The
   * report's own description is the thread's first message and is not repeated here.
   */
  const problemReportMessages = d.table(
    "problem_report_messages",
    {
      id: d.id(),
      reportId: d
        .integer("report_id")
        .notNull()
        .references(() => problemReports.id, { onDelete: "cascade" }),
      authorId: d.integer("author_id").references(() => users.id, { onDelete: "set null" }),
      /** Written by an admin (kept even if the author's account is later deleted). */
      fromAdmin: d.bool("from_admin").notNull(),
      body: d.text("body").notNull(),
      createdAt: createdAt(),
    },
    (t) => [d.index("problem_report_messages_report_idx").on(t.reportId, t.createdAt)],
  );

  /** Every stored file; the row is the only way to reach the file on disk. */
  const uploads = d.table(
    "uploads",
    {
      id: d.id(),
      /** Random file name under UPLOADS_DIR. */
      storageKey: d.text("storage_key").notNull(),
      kind: d.text("kind", { enum: UPLOAD_KINDS }).notNull(),
      mime: d.text("mime").notNull(),
      size: d.integer("size").notNull(),
      width: d.integer("width"),
      height: d.integer("height"),
      ownerId: d.integer("owner_id").references(() => users.id, { onDelete: "cascade" }),
      /** Null while the file is a draft of a form that failed validation. */
      applicationId: d.integer("application_id").references(() => applications.id, { onDelete: "cascade" }),
      problemReportId: d.integer("problem_report_id").references(() => problemReports.id, { onDelete: "cascade" }),
      vehicleId: d.integer("vehicle_id").references(() => vehicles.id, { onDelete: "cascade" }),
      newsPostId: d.integer("news_post_id").references(() => newsPosts.id, { onDelete: "cascade" }),
      handoverId: d.integer("handover_id").references(() => handovers.id, { onDelete: "cascade" }),
      /** A new right-to-stay document the courier sent to replace an expiring one. */
      documentRenewalId: d
        .integer("document_renewal_id")
        .references(() => documentRenewals.id, { onDelete: "cascade" }),
      /** When a newer accepted document replaced this one (or its renewal was refused); retention deletes it later. */
      replacedAt: d.timestamp("replaced_at"),
      position: d.integer("position").notNull().default(0),
      /** SHA-256 of the stored bytes (null for files stored before it was kept). */
      contentHash: d.text("content_hash"),
      createdAt: createdAt(),
    },
    (t) => [
      d.uniqueIndex("uploads_storage_key_unique").on(t.storageKey),
      d.index("uploads_owner_kind_idx").on(t.ownerId, t.kind),
      d.index("uploads_application_idx").on(t.applicationId),
      d.index("uploads_report_idx").on(t.problemReportId),
      d.index("uploads_vehicle_idx").on(t.vehicleId),
      d.index("uploads_news_idx").on(t.newsPostId),
      d.index("uploads_handover_idx").on(t.handoverId),
      d.index("uploads_renewal_idx").on(t.documentRenewalId),
      d.index("uploads_replaced_idx").on(t.replacedAt),
    ],
  );

  /**
   * A vehicle handed to a courier (`check_out`, when a lease starts) or taken back (`check_in`, when it
   * ends). The row is created pending when the lease starts or ends; the admin records it (recordedAt)
   * and the courier confirms it (confirmedAt). Photos are `handover_photo` uploads owned by the courier.
   */
  const handovers = d.table(
    "handovers",
    {
      id: d.id(),
      kind: d.text("kind", { enum: HANDOVER_KINDS }).notNull(),
      vehicleId: d
        .integer("vehicle_id")
        .notNull()
        .references(() => vehicles.id, { onDelete: "cascade" }),
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      /** The vehicle request whose approval started the lease (null for a direct assignment). */
      requestId: d.integer("request_id").references(() => vehicleRequests.id, { onDelete: "set null" }),
      /** For a check-in: the check-out of the same lease, to compare damage with. */
      checkOutId: d.integer("check_out_id"),
      batteryPercent: d.integer("battery_percent"),
      odometerKm: d.integer("odometer_km"),
      damages: d.json("damages").$type<Damages>(),
      note: d.text("note"),
      /** The driving licence the admin saw at the check-out of a vehicle that needs one: category and last four characters. */
      licenceSeenCategory: d.text("licence_seen_category", { enum: LICENCE_SEEN_CATEGORIES }),
      licenceSeenLast4: d.text("licence_seen_last4"),
      recordedById: d.integer("recorded_by_id").references(() => users.id, { onDelete: "set null" }),
      recordedAt: d.timestamp("recorded_at"),
      confirmedAt: d.timestamp("confirmed_at"),
      /** The courier disagreed with what was recorded: the problem report that holds the conversation. */
      disputeReportId: d.integer("dispute_report_id").references(() => problemReports.id, { onDelete: "set null" }),
      createdAt: createdAt(),
    },
    (t) => [
      d.index("handovers_vehicle_idx").on(t.vehicleId, t.createdAt),
      d.index("handovers_user_idx").on(t.userId, t.createdAt),
    ],
  );

  /** A courier's new right-to-stay document (its files are uploads with this id), waiting for or decided by an admin. */
  const documentRenewals = d.table(
    "document_renewals",
    {
      id: d.id(),
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      validUntil: d.timestamp("valid_until").notNull(),
      status: d.text("status", { enum: DOCUMENT_RENEWAL_STATUSES }).notNull().default("pending"),
      reason: d.text("reason"),
      decidedById: d.integer("decided_by_id").references(() => users.id, { onDelete: "set null" }),
      decidedAt: d.timestamp("decided_at"),
      createdAt: createdAt(),
    },
    (t) => [
      // One renewal waiting per courier, enforced by the database as well as the model.
      d.uniqueIndex("document_renewals_one_pending").on(t.userId).where(sql`status = 'pending'`),
      d.index("document_renewals_user_idx").on(t.userId, t.createdAt),
      d.index("document_renewals_status_idx").on(t.status, t.createdAt),
    ],
  );

  /** Expiry reminders already sent: one row per courier, document date and threshold (30 or 7 days), so none goes twice. */
  const documentReminders = d.table(
    "document_reminders",
    {
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      validUntil: d.timestamp("valid_until").notNull(),
      thresholdDays: d.integer("threshold_days").notNull(),
      sentAt: d.timestamp("sent_at").notNull(),
    },
    (t) => [d.primaryKey({ columns: [t.userId, t.validUntil, t.thresholdDays] })],
  );

  /** A vehicle's service history: what was done, what it cost, when the next service is due. */
  const serviceRecords = d.table(
    "service_records",
    {
      id: d.id(),
      vehicleId: d
        .integer("vehicle_id")
        .notNull()
        .references(() => vehicles.id, { onDelete: "cascade" }),
      /** The problem report that sent the vehicle to service, if any. */
      problemReportId: d.integer("problem_report_id").references(() => problemReports.id, { onDelete: "set null" }),
      serviceDate: d.timestamp("service_date").notNull(),
      description: d.text("description").notNull(),
      costCents: d.integer("cost_cents"),
      nextDueAt: d.timestamp("next_due_at"),
      nextDueKm: d.integer("next_due_km"),
      /** Null while the vehicle is still in service for this record. */
      completedAt: d.timestamp("completed_at"),
      createdById: d.integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
      createdAt: createdAt(),
    },
    (t) => [
      d.index("service_records_vehicle_idx").on(t.vehicleId, t.serviceDate),
      d.index("service_records_report_idx").on(t.problemReportId),
    ],
  );

  const statusHistory = d.table(
    "status_history",
    {
      id: d.id(),
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      fromStatus: d.text("from_status", { enum: USER_STATUSES }),
      toStatus: d.text("to_status", { enum: USER_STATUSES }).notNull(),
      reason: d.text("reason"),
      actorId: d.integer("actor_id").references(() => users.id, { onDelete: "set null" }),
      createdAt: createdAt(),
    },
    (t) => [d.index("status_history_user_idx").on(t.userId, t.createdAt)],
  );

  const auditLog = d.table(
    "audit_log",
    {
      id: d.id(),
      actorId: d.integer("actor_id").references(() => users.id, { onDelete: "set null" }),
      action: d.text("action").notNull(),
      entityType: d.text("entity_type").notNull(),
      entityId: d.integer("entity_id"),
      /** The user the change concerns, so the user detail page can list it. */
      subjectUserId: d.integer("subject_user_id").references(() => users.id, { onDelete: "set null" }),
      before: d.json("before"),
      after: d.json("after"),
      createdAt: createdAt(),
    },
    (t) => [
      d.index("audit_created_idx").on(t.createdAt),
      d.index("audit_entity_idx").on(t.entityType, t.entityId),
      d.index("audit_entity_created_idx").on(t.entityType, t.createdAt),
      d.index("audit_subject_idx").on(t.subjectUserId, t.createdAt),
      d.index("audit_actor_idx").on(t.actorId, t.createdAt),
    ],
  );

  const referralLinks = d.table(
    "referral_links",
    {
      id: d.id(),
      name: d.text("name").notNull(),
      code: d.text("code").notNull(),
      clicks: d.integer("clicks").notNull().default(0),
      createdById: d.integer("created_by_id"),
      createdAt: createdAt(),
    },
    (t) => [
      d.uniqueIndex("referral_links_code_unique").on(t.code),
      d.index("referral_links_created_idx").on(t.createdAt),
    ],
  );

  /** Clicks per link and day; the link's `clicks` column holds the running total. */
  const referralClicks = d.table(
    "referral_clicks",
    {
      linkId: d
        .integer("link_id")
        .notNull()
        .references(() => referralLinks.id, { onDelete: "cascade" }),
      day: d.text("day").notNull(),
      count: d.integer("count").notNull().default(0),
    },
    (t) => [d.primaryKey({ columns: [t.linkId, t.day] })],
  );

  /** Who was counted for a link on a day: a keyed hash of the client address, never the address. */
  const referralClickVisitors = d.table(
    "referral_click_visitors",
    {
      linkId: d
        .integer("link_id")
        .notNull()
        .references(() => referralLinks.id, { onDelete: "cascade" }),
      day: d.text("day").notNull(),
      visitorHash: d.text("visitor_hash").notNull(),
    },
    (t) => [
      d.primaryKey({ columns: [t.linkId, t.day, t.visitorHash] }),
      d.index("referral_click_visitors_day_idx").on(t.day),
    ],
  );

  const pageViewsDaily = d.table("page_views_daily", {
    day: d.text("day").primaryKey(),
    views: d.integer("views").notNull().default(0),
  });

  const newsPosts = d.table(
    "news_posts",
    {
      id: d.id(),
      /** Title and body per language; Slovak is required, the others fall back (app/domain/localized-text.ts). */
      titleSk: d.text("title_sk").notNull().default(""),
      titleUa: d.text("title_ua"),
      titleEn: d.text("title_en"),
      contentSk: d.text("content_sk").notNull().default(""),
      contentUa: d.text("content_ua"),
      contentEn: d.text("content_en"),
      textPosition: d
        .text("text_position", { enum: ["bottom_left", "top_left", "center"] })
        .notNull()
        .default("bottom_left"),
      /** Null shows the post in every language. */
      language: d.text("language", { enum: ["sk", "ua", "en"] }),
      published: d.bool("published").notNull().default(true),
      authorId: d.integer("author_id").references(() => users.id, { onDelete: "set null" }),
      createdAt: createdAt(),
      updatedAt: d.timestamp("updated_at"),
    },
    (t) => [d.index("news_published_created_idx").on(t.published, t.createdAt)],
  );

  /** One question of the FAQ in the three languages; Slovak is required, the others fall back (localized-text.ts). */
  const faqEntries = d.table(
    "faq_entries",
    {
      id: d.id(),
      questionSk: d.text("question_sk").notNull().default(""),
      questionUa: d.text("question_ua"),
      questionEn: d.text("question_en"),
      answerSk: d.text("answer_sk").notNull().default(""),
      answerUa: d.text("answer_ua"),
      answerEn: d.text("answer_en"),
      position: d.integer("position").notNull().default(0),
      /** A hidden entry is neither shown nor used by the assistant. */
      hidden: d.bool("hidden").notNull().default(false),
      updatedAt: d.timestamp("updated_at"),
    },
    (t) => [d.index("faq_position_idx").on(t.position)],
  );

  /** A model of the fleet banner: one name, its specification per language, its picture and licence. */
  const fleetModels = d.table(
    "fleet_models",
    {
      id: d.id(),
      name: d.text("name").notNull().default(""),
      specSk: d.text("spec_sk").notNull().default(""),
      specUa: d.text("spec_ua"),
      specEn: d.text("spec_en"),
      /** A picture shipped with the site (public/images/fleet/<image>-<width>.<format>), used until one is uploaded. */
      image: d.text("image"),
      /** The uploaded picture (kind `fleet_image`), served from /media/:id. */
      imageUploadId: d.integer("image_upload_id").references(() => uploads.id, { onDelete: "set null" }),
      /** The driving licence the model needs: `AM` for a moped (up to 45 km/h, L1e), else none. */
      licenceCategory: d.text("licence_category", { enum: LICENCE_CATEGORIES }).notNull().default("none"),
      position: d.integer("position").notNull().default(0),
      hidden: d.bool("hidden").notNull().default(false),
      updatedAt: d.timestamp("updated_at"),
    },
    (t) => [d.index("fleet_position_idx").on(t.position)],
  );

  const partners = d.table("partners", {
    id: d.id(),
    name: d.text("name").notNull(),
    url: d.text("url"),
    /** A logo address from before uploads; an uploaded logo (kind `partner_logo`) wins. */
    logo: d.text("logo"),
    logoUploadId: d.integer("logo_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    position: d.integer("position").notNull().default(0),
    hidden: d.bool("hidden").notNull().default(false),
    updatedAt: d.timestamp("updated_at"),
  });

  const settings = d.table("settings", {
    key: d.text("key").primaryKey(),
    value: d.json("value").notNull(),
    updatedAt: d.timestamp("updated_at"),
  });

  /**
   * Every save of the operator's rules (docs/fleet-rules.md, "Rules"): `revision` is the page's version
   * (a save inserts the next one, so of two admins saving at once one insert wins and the other finds it
   * taken). `pay` rows are the money rules, in force from `effective_from` (a Monday) for every week on or
   * after it until a later one; `operator` rows took effect at once and are mirrored in `settings`.
   * `values` is the whole set after the save, `previous` what was in force before it.
   */
  const ruleChanges = d.table(
    "rule_changes",
    {
      revision: d.integer("revision").primaryKey(),
      kind: d.text("kind", { enum: ["pay", "operator"] }).notNull(),
      effectiveFrom: d.text("effective_from"),
      values: d.json("values").$type<Record<string, number | string>>().notNull(),
      previous: d.json("previous").$type<Record<string, number | string>>().notNull(),
      createdById: d.integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
      createdAt: createdAt(),
    },
    (t) => [d.index("rule_changes_kind_effective_idx").on(t.kind, t.effectiveFrom)],
  );

  /** Fixed-window counters for the abuse limits; kept in SQLite so a restart does not reset them. */
  const rateLimits = d.table("rate_limits", {
    key: d.text("key").primaryKey(),
    count: d.integer("count").notNull(),
    resetAt: d.timestamp("reset_at").notNull(),
  });

  /** Captcha solutions already accepted, so none can be replayed. */
  const usedCaptchas = d.table(
    "used_captchas",
    {
      hash: d.text("hash").primaryKey(),
      expiresAt: d.timestamp("expires_at").notNull(),
    },
    (t) => [d.index("used_captchas_expires_idx").on(t.expiresAt)],
  );

  /**
   * Who runs a scheduled job for a period (periods counted from the epoch, named by their start), so that several
   * instances on one database run each job once per period. A claim is a lease the runner renews; a
   * lapsed lease without `finished_at` is taken over by another instance.
   */
  const jobRuns = d.table(
    "job_runs",
    {
      job: d.text("job").notNull(),
      periodStart: d.timestamp("period_start").notNull(),
      claimedBy: d.text("claimed_by").notNull(),
      leaseUntil: d.timestamp("lease_until").notNull(),
      finishedAt: d.timestamp("finished_at"),
      attempts: d.integer("attempts").notNull().default(1),
    },
    (t) => [d.primaryKey({ columns: [t.job, t.periodStart] })],
  );

  /**
   * Every e-mail, written in the transaction that causes it and sent by the outbox sender
   * (app/services/outbox.server.ts). A row is claimed before it is sent (`claimed_by` until
   * `claim_until`), so of several instances one sends it; a failure sets `next_attempt_at` further out.
   * Sent rows are pruned after a few days (they may hold links with tokens).
   */
  const outbox = d.table(
    "outbox",
    {
      id: d.id(),
      /** The account it is about; the row goes with an erased account. Null for mail to no account. */
      userId: d.integer("user_id").references(() => users.id, { onDelete: "cascade" }),
      recipient: d.text("recipient").notNull(),
      language: d.text("language").notNull(),
      kind: d.text("kind").notNull(),
      /** `email` (recipient: an address), `telegram` (a chat id) or `push` (the id of a push subscription). */
      channel: d.text("channel", { enum: OUTBOX_CHANNELS }).notNull().default("email"),
      subject: d.text("subject").notNull(),
      text: d.text("text").notNull(),
      html: d.text("html"),
      createdAt: createdAt(),
      attempts: d.integer("attempts").notNull().default(0),
      /** Not sent before: the end of the quiet hours, or the wait Telegram asked for (429 retry_after). */
      notBefore: d.timestamp("not_before"),
      nextAttemptAt: d.timestamp("next_attempt_at").notNull(),
      lastError: d.text("last_error"),
      sentAt: d.timestamp("sent_at"),
      claimedBy: d.text("claimed_by"),
      claimUntil: d.timestamp("claim_until"),
    },
    (t) => [d.index("outbox_due_idx").on(t.sentAt, t.nextAttemptAt), d.index("outbox_user_idx").on(t.userId)],
  );
  /** The Telegram chat a courier linked (docs/operations.md#telegram): one chat per courier, one courier per chat. */
  const telegramChats = d.table(
    "telegram_chats",
    {
      id: d.id(),
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      chatId: d.text("chat_id").notNull(),
      createdAt: createdAt(),
    },
    (t) => [
      d.uniqueIndex("telegram_chats_user_unique").on(t.userId),
      d.uniqueIndex("telegram_chats_chat_unique").on(t.chatId),
    ],
  );

  /**
   * A browser's Web Push subscription (docs/operations.md#push): where the push service takes a courier's
   * notifications for that phone, and the keys they are encrypted with. Removed when the courier turns it
   * off, when the push service answers 404/410 (expired), and with the account.
   */
  const pushSubscriptions = d.table(
    "push_subscriptions",
    {
      id: d.id(),
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      endpoint: d.text("endpoint").notNull(),
      p256dh: d.text("p256dh").notNull(),
      auth: d.text("auth").notNull(),
      /** "Chrome on Android": what the courier sees in the list of their phones, from the User-Agent. */
      label: d.text("label").notNull(),
      /** The log-in that turned it on: logging out of it stops this phone's notices (a phone may be shared). */
      sessionHash: d.text("session_hash"),
      createdAt: createdAt(),
      lastSuccessAt: d.timestamp("last_success_at"),
    },
    (t) => [
      d.uniqueIndex("push_subscriptions_endpoint_unique").on(t.endpoint),
      d.index("push_subscriptions_user_idx").on(t.userId),
      d.index("push_subscriptions_session_idx").on(t.sessionHash),
    ],
  );

  /**
   * A courier's choice for one kind of message on one channel (app/domain/notifications.ts); without a
   * row the default holds (e-mail on, a linked Telegram on).
   */
  const notificationPreferences = d.table(
    "notification_preferences",
    {
      id: d.id(),
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      event: d.text("event").notNull(),
      channel: d.text("channel", { enum: OUTBOX_CHANNELS }).notNull(),
      enabled: d.bool("enabled").notNull(),
    },
    (t) => [d.uniqueIndex("notification_preferences_unique").on(t.userId, t.event, t.channel)],
  );

  /*
   * Weekly pay (docs/pay.md). Days are 'YYYY-MM-DD' text in Europe/Bratislava time
   * (a pay week is Monday to Sunday there, so a calendar day, not an instant, is what matters); money is
   * integer euro cents; hours are whole minutes.
   */

  /** A delivery platform (Wolt, Bolt Food, foodora…), with the column mapping remembered for its own export. */
  const platforms = d.table(
    "platforms",
    {
      id: d.id(),
      name: d.text("name").notNull(),
      /** The EarningsMapping (app/domain/earnings-csv.ts) last used for this platform's file; null: generic format only. */
      columnMapping: d.json("column_mapping"),
      createdAt: createdAt(),
    },
    (t) => [d.uniqueIndex("platforms_name_unique").on(t.name)],
  );

  /**
   * A platform account id linked to a courier from starts_on to ends_on (inclusive; null = still linked).
   * One account belongs to one courier at any moment: the same (platform, account) never has two rows whose
   * ranges overlap — held by triggers on SQLite and an exclusion constraint on PostgreSQL (custom migrations).
   */
  const platformAccounts = d.table(
    "platform_accounts",
    {
      id: d.id(),
      platformId: d
        .integer("platform_id")
        .notNull()
        .references(() => platforms.id, { onDelete: "cascade" }),
      /** The platform's own id of the account, as its export files write it. */
      accountId: d.text("account_id").notNull(),
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      startsOn: d.text("starts_on").notNull(),
      endsOn: d.text("ends_on"),
      createdById: d.integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
      createdAt: createdAt(),
    },
    (t) => [
      // At most one open link per account (the triggers forbid any overlap; this catches the common case cheaply).
      d.uniqueIndex("platform_accounts_one_open").on(t.platformId, t.accountId).where(sql`ends_on is null`),
      d.index("platform_accounts_account_idx").on(t.platformId, t.accountId, t.startsOn),
      d.index("platform_accounts_user_idx").on(t.userId, t.startsOn),
      d.check("platform_accounts_range", sql`ends_on is null or ends_on >= starts_on`),
    ],
  );

  /**
   * One uploaded earnings file: pending while the admin previews it (committed_at null), then the source record of
   * the rows it wrote. The file is kept privately (storage key, never public).
   */
  const earningImports = d.table(
    "earning_imports",
    {
      id: d.id(),
      platformId: d
        .integer("platform_id")
        .notNull()
        .references(() => platforms.id, { onDelete: "cascade" }),
      /** The Monday of the pay week the file is for. */
      weekStart: d.text("week_start").notNull(),
      fileName: d.text("file_name").notNull(),
      /** Private storage key of the uploaded bytes (never served publicly). */
      storageKey: d.text("storage_key").notNull(),
      /** SHA-256 (hex) of the uploaded bytes. */
      sha256: d.text("sha256").notNull(),
      /** Rows read from the file (with and without problems). */
      rowsCount: d.integer("rows_count").notNull().default(0),
      /** Rows left out for a problem (unknown account, bad value…), known once committed. */
      skippedCount: d.integer("skipped_count").notNull().default(0),
      /** Null while the file waits in the preview (a pending import); set by the commit. */
      committedAt: d.timestamp("committed_at"),
      createdById: d.integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
      createdAt: createdAt(),
    },
    (t) => [
      d.uniqueIndex("earning_imports_storage_key_unique").on(t.storageKey),
      d.index("earning_imports_committed_idx").on(t.committedAt),
    ],
  );

  /**
   * One platform account's day of work, as the latest import said it. Keyed by the account, not the courier:
   * who earned it follows from platform_accounts on that day, so a link added later still claims the day.
   */
  const earnings = d.table(
    "earnings",
    {
      id: d.id(),
      platformId: d
        .integer("platform_id")
        .notNull()
        .references(() => platforms.id, { onDelete: "cascade" }),
      accountId: d.text("account_id").notNull(),
      day: d.text("day").notNull(),
      minutes: d.integer("minutes").notNull(),
      deliveries: d.integer("deliveries").notNull(),
      grossCents: d.integer("gross_cents").notNull(),
      tipsCents: d.integer("tips_cents").notNull(),
      /** The import that last wrote this row. */
      importId: d
        .integer("import_id")
        .notNull()
        .references(() => earningImports.id, { onDelete: "cascade" }),
    },
    (t) => [
      d.uniqueIndex("earnings_account_day_unique").on(t.platformId, t.accountId, t.day),
      d.index("earnings_day_idx").on(t.day),
      d.index("earnings_import_idx").on(t.importId),
    ],
  );

  /** A manual line on a courier's week: a bonus, a correction (signed) or a confirmed damage charge (negative). */
  const payAdjustments = d.table(
    "pay_adjustments",
    {
      id: d.id(),
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      weekStart: d.text("week_start").notNull(),
      kind: d.text("kind", { enum: PAY_ADJUSTMENT_KINDS }).notNull(),
      /** Signed: positive adds to the pay, negative deducts. */
      amountCents: d.integer("amount_cents").notNull(),
      reason: d.text("reason").notNull(),
      /** For a damage charge: the handover whose new damage it charges. */
      handoverId: d.integer("handover_id").references(() => handovers.id, { onDelete: "set null" }),
      /**
       * For a line the system writes, what its label is made of, so each reader sees it in their language:
       * a platform's correction of a frozen week (docs/pay.md, "Corrections after approval").
       */
      details: d.json("details").$type<AdjustmentDetails>(),
      createdById: d.integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
      createdAt: createdAt(),
      /** The statement that counted it (set when the statement is approved; frozen from then on). */
      statementId: d.integer("statement_id").references(() => payStatements.id, { onDelete: "set null" }),
    },
    (t) => [
      d.index("pay_adjustments_user_week_idx").on(t.userId, t.weekStart),
      d.index("pay_adjustments_statement_idx").on(t.statementId),
    ],
  );

  /**
   * A courier's pay for one week: recomputed while draft, frozen from approval. Amounts in cents;
   * net = pay + tips − rent − damage + adjustments + carried_in; payout = max(net, 0); carry_out = min(net, 0).
   */
  const payStatements = d.table(
    "pay_statements",
    {
      id: d.id(),
      /** Null once the courier's account is erased: accounting law keeps the statement (with its iban/holder snapshot). */
      userId: d.integer("user_id").references(() => users.id, { onDelete: "set null" }),
      weekStart: d.text("week_start").notNull(),
      status: d.text("status", { enum: PAY_STATEMENT_STATUSES }).notNull().default("draft"),
      minutes: d.integer("minutes").notNull().default(0),
      grossCents: d.integer("gross_cents").notNull().default(0),
      tipsCents: d.integer("tips_cents").notNull().default(0),
      payCents: d.integer("pay_cents").notNull().default(0),
      rentCents: d.integer("rent_cents").notNull().default(0),
      damageCents: d.integer("damage_cents").notNull().default(0),
      adjustmentsCents: d.integer("adjustments_cents").notNull().default(0),
      carriedInCents: d.integer("carried_in_cents").notNull().default(0),
      netCents: d.integer("net_cents").notNull().default(0),
      payoutCents: d.integer("payout_cents").notNull().default(0),
      carryOutCents: d.integer("carry_out_cents").notNull().default(0),
      /** The statement's lines as the pay rule produced them (shown to the courier and printed in the PDF). */
      lines: d.json("lines").notNull(),
      /** Bank details as they were at approval (the payout goes there even if the courier changes them later). */
      iban: d.text("iban"),
      holder: d.text("holder"),
      computedAt: d.timestamp("computed_at").notNull(),
      approvedById: d.integer("approved_by_id").references(() => users.id, { onDelete: "set null" }),
      approvedAt: d.timestamp("approved_at"),
      batchId: d.integer("batch_id").references(() => payoutBatches.id, { onDelete: "set null" }),
      paidAt: d.timestamp("paid_at"),
    },
    (t) => [
      d.uniqueIndex("pay_statements_user_week_unique").on(t.userId, t.weekStart),
      d.index("pay_statements_week_status_idx").on(t.weekStart, t.status),
      d.index("pay_statements_batch_idx").on(t.batchId),
    ],
  );

  /** One exported SEPA payout file (pain.001) of approved statements, then marked paid or cancelled. */
  const payoutBatches = d.table(
    "payout_batches",
    {
      id: d.id(),
      /** Requested execution date, 'YYYY-MM-DD'. */
      payday: d.text("payday").notNull(),
      status: d.text("status", { enum: PAYOUT_BATCH_STATUSES }).notNull().default("exported"),
      totalCents: d.integer("total_cents").notNull(),
      count: d.integer("count").notNull(),
      /** Private storage key of the pain.001 file. */
      fileKey: d.text("file_key").notNull(),
      createdById: d.integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
      createdAt: createdAt(),
      paidById: d.integer("paid_by_id").references(() => users.id, { onDelete: "set null" }),
      paidAt: d.timestamp("paid_at"),
      cancelledById: d.integer("cancelled_by_id").references(() => users.id, { onDelete: "set null" }),
      cancelledAt: d.timestamp("cancelled_at"),
      /** The first download of the SEPA file (who, when): only from then on do couriers read "sent to the bank". */
      downloadedById: d.integer("downloaded_by_id").references(() => users.id, { onDelete: "set null" }),
      downloadedAt: d.timestamp("downloaded_at"),
      /** Approved statements of the export that could not be written in the file, with the reason (they stay approved). */
      heldBack: d
        .json("held_back")
        .$type<{ statementId: number; name: string; problem: string; week?: string; userId?: number | null }[]>(),
    },
    (t) => [d.index("payout_batches_payday_idx").on(t.payday)],
  );

  /** Where a courier's pay goes. holder_mismatch: the holder's name differs from the application's (flagged to the admin). */
  const bankAccounts = d.table("bank_accounts", {
    userId: d
      .integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    iban: d.text("iban").notNull(),
    holder: d.text("holder").notNull(),
    holderMismatch: d.bool("holder_mismatch").notNull().default(false),
    changedAt: d.timestamp("changed_at").notNull(),
  });

  /**
   * A courier's question about one line of one of their statements: a thread with the admin, as a problem
   * report is. The courier's first message is `body`; the replies are pay_question_messages.
   */
  const payQuestions = d.table(
    "pay_questions",
    {
      id: d.id(),
      statementId: d
        .integer("statement_id")
        .notNull()
        .references(() => payStatements.id, { onDelete: "cascade" }),
      /** The line's position in the statement's lines and its kind (the kind survives a reordering). */
      lineIndex: d.integer("line_index").notNull(),
      lineKind: d.text("line_kind").notNull(),
      /** Erasing the account removes the questions: they are a conversation, not an accounting record. */
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      body: d.text("body").notNull(),
      status: d.text("status", { enum: PAY_QUESTION_STATUSES }).notNull().default("open"),
      resolvedById: d.integer("resolved_by_id").references(() => users.id, { onDelete: "set null" }),
      resolvedAt: d.timestamp("resolved_at"),
      createdAt: createdAt(),
    },
    (t) => [
      d.index("pay_questions_status_created_idx").on(t.status, t.createdAt),
      d.index("pay_questions_user_idx").on(t.userId, t.createdAt),
      d.index("pay_questions_statement_idx").on(t.statementId),
    ],
  );

  /** The replies on a pay question, oldest first (the question's own body is the first message). */
  const payQuestionMessages = d.table(
    "pay_question_messages",
    {
      id: d.id(),
      questionId: d
        .integer("question_id")
        .notNull()
        .references(() => payQuestions.id, { onDelete: "cascade" }),
      authorId: d.integer("author_id").references(() => users.id, { onDelete: "set null" }),
      fromAdmin: d.bool("from_admin").notNull(),
      body: d.text("body").notNull(),
      createdAt: createdAt(),
    },
    (t) => [d.index("pay_question_messages_question_idx").on(t.questionId, t.createdAt)],
  );

  /**
   * Create forms carry a random key per render; the first post of a key claims it here and records where
   * it led, so a second post of the same form (double click, Back and resubmit) answers the same way
   * without creating a second row. Rows older than a day are pruned.
   */
  const idempotencyKeys = d.table(
    "idempotency_keys",
    {
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      key: d.text("key").notNull(),
      /** Where the first post redirected; null while it is still running. */
      location: d.text("location"),
      createdAt: createdAt(),
    },
    (t) => [d.primaryKey({ columns: [t.userId, t.key] }), d.index("idempotency_keys_created_idx").on(t.createdAt)],
  );

  /**
   * The privacy notice and the terms of use, per language: every publication is a new row (a dated
   * version), never an edit, so what a person was shown can always be read again.
   */
  const legalDocuments = d.table(
    "legal_documents",
    {
      id: d.id(),
      kind: d.text("kind", { enum: LEGAL_DOCUMENT_KINDS }).notNull(),
      language: d.text("language", { enum: ["sk", "ua", "en"] }).notNull(),
      version: d.integer("version").notNull(),
      body: d.text("body").notNull(),
      publishedAt: d.timestamp("published_at").notNull(),
      publishedById: d.integer("published_by_id").references(() => users.id, { onDelete: "set null" }),
    },
    (t) => [d.uniqueIndex("legal_documents_kind_language_version_unique").on(t.kind, t.language, t.version)],
  );

  /**
   * Which version of a legal text a person was shown and when: at registration, and when they
   * acknowledged the notice of a newer one. Kept with the account, deleted with it.
   */
  const legalConsents = d.table(
    "legal_consents",
    {
      id: d.id(),
      userId: d
        .integer("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      kind: d.text("kind", { enum: LEGAL_DOCUMENT_KINDS }).notNull(),
      language: d.text("language", { enum: ["sk", "ua", "en"] }).notNull(),
      /** 0: the built-in template, shown while the operator has published nothing. */
      version: d.integer("version").notNull(),
      documentId: d.integer("document_id").references(() => legalDocuments.id, { onDelete: "set null" }),
      source: d.text("source", { enum: LEGAL_CONSENT_SOURCES }).notNull(),
      acceptedAt: d.timestamp("accepted_at").notNull(),
    },
    (t) => [d.index("legal_consents_user_idx").on(t.userId, t.kind, t.acceptedAt)],
  );

  return {
    users,
    sessions,
    totpCredentials,
    recoveryCodes,
    userDevices,
    oneTimeTokens,
    applications,
    vehicles,
    vehicleRequests,
    problemReports,
    applicationDrafts,
    problemReportMessages,
    uploads,
    handovers,
    documentRenewals,
    documentReminders,
    serviceRecords,
    statusHistory,
    auditLog,
    referralLinks,
    referralClicks,
    referralClickVisitors,
    pageViewsDaily,
    newsPosts,
    faqEntries,
    fleetModels,
    partners,
    settings,
    ruleChanges,
    rateLimits,
    usedCaptchas,
    jobRuns,
    outbox,
    telegramChats,
    pushSubscriptions,
    notificationPreferences,
    platforms,
    platformAccounts,
    earningImports,
    earnings,
    payAdjustments,
    payStatements,
    payoutBatches,
    bankAccounts,
    payQuestions,
    payQuestionMessages,
    idempotencyKeys,
    legalDocuments,
    legalConsents,
  };
}

/** The tables as the models see them, on either dialect. */
export type Tables = ReturnType<typeof defineTables>;
