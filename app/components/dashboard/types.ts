/**
 * What the dashboard's components are given: the loader's data and the action's answer, in plain
 * serialisable values. The route (routes/dashboard.server.ts) builds them to these shapes.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { ApplicationDraft } from "~/domain/application-draft";
import type { Citizenship, ContactMethod } from "~/domain/application-schema";
import type { DocumentState } from "~/domain/document-expiry";
import type { LicenceCategory } from "~/domain/content";
import type { RentAgreementView } from "~/domain/rent-agreement";
import type { UploadSummary } from "~/domain/files";
import type { HandoverView } from "~/domain/handover";
import type { Language } from "~/domain/rules";
import type {
  ApplicationStatus,
  ReportStatus,
  RequestKind,
  RequestStatus,
  UserStatus,
  VehicleStatus,
} from "~/domain/status";

export type ActionIntent =
  | "apply"
  | "vehicle"
  | "report"
  | "reply"
  | "draft"
  | "renew"
  | "handover"
  | "handoverDispute"
  | "renewDocument"
  | "notifications";

export type DashboardActionData = {
  intent: ActionIntent;
  error?: string;
  lastResult?: SubmissionResult<string[]>;
  /** For a refused reply: which report's form, and what was typed (kept for the no-JS re-render). */
  reportId?: number;
  body?: string;
  /** For a refused new document: the date typed (kept for the no-JS re-render). */
  validUntil?: string;
};

/** A vehicle as the courier sees it: one name, the specs in the reader's language or its fallback. */
export type VehicleView = {
  id: number;
  name: string;
  characteristics: string;
  characteristicsLang: Language;
  status: VehicleStatus;
  availableSince: string | null;
  leaseEndsAt: string | null;
  /** "AM": a moped, the courier needs a driving licence AM (or B). */
  licenceCategory: LicenceCategory;
  images: UploadSummary[];
  /** On the courier's own vehicle: the rent agreement kept with the lease (none for a direct assignment). */
  rentAgreement?: RentAgreementView | null;
};

export type ApplicationView = {
  id: number;
  status: ApplicationStatus;
  fullName: string;
  age: number;
  citizenship: Citizenship;
  phone: string;
  contactMethod: ContactMethod;
  contactUsername: string | null;
  comment: string | null;
  rejectionReason: string | null;
  createdAt: string;
  files: UploadSummary[];
};

export type DashboardData = {
  /** The create forms' key for this render (app/services/idempotency.server.ts). */
  formKey: string;
  /** The application typed when the session ended was kept and is now the draft (docs/resilience.md, "The session ends mid-form"). */
  applicationKept?: boolean;
  status: UserStatus;
  modal: DashboardModal | null;
  application: { id: number; status: ApplicationStatus; createdAt: string; rejectionReason: string | null } | null;
  applicationDetail: ApplicationView | null;
  drafts: UploadSummary[];
  draft: ApplicationDraft | null;
  /** After a rejection: the documents the admin asked to be replaced. */
  replaceDocuments: string[];
  vehicle: VehicleView | null;
  requests: {
    id: number;
    kind: RequestKind;
    status: RequestStatus;
    reason: string | null;
    createdAt: string;
    expiresAt: string | null;
    currentVehicleName: string | null;
    requestedVehicleName: string | null;
  }[];
  vehicles: VehicleView[];
  reports: {
    id: number;
    status: ReportStatus;
    vehicleName: string | null;
    attachments: UploadSummary[];
    canReply: boolean;
    createdAt: string;
    resolvedAt: string | null;
    thread: { key: string; from: "courier" | "admin"; body: string; at: string }[];
  }[];
  nextReportAt: string | null;
  /** Delivery-platform accounts linked to the courier (their earnings count for the weekly pay), newest first. */
  /** The courier has (had) a platform account or a statement: the dashboard links to the Pay page. */
  hasPay: boolean;
  /** A courier of ours without bank details: the Pay link says that pay cannot be sent yet. */
  ibanMissing: boolean;
  /** With the vehicle dialog open: the scooter's rent per day in force, deducted from the weekly pay. */
  rentPerDayCents: number | null;
  /** Which events go to which channel; `telegram` null when the bot is not configured. */
  notifications: {
    telegram: { connected: boolean } | null;
    /** This courier's phones with Web Push, and the key a browser subscribes with. */
    push: {
      publicKey: string;
      phones: { id: number; label: string; createdAt: string; lastSuccessAt: string | null }[];
    };
    choices: { event: string; channel: "email" | "telegram" | "push"; enabled: boolean }[];
  };
  platformAccounts: { id: number; platformName: string; accountId: string; startsOn: string; endsOn: string | null }[];
  /** Handovers waiting for the courier's confirmation; which admin recorded one stays among the admins. */
  handovers: Omit<HandoverView, "recordedBy">[];
  renewal: {
    canAsk: boolean;
    tooEarly: boolean;
    /** A renewal the courier asked for waits for the admin. */
    pending: boolean;
    opensAt: string;
    leaseEndsAt: string;
    leaseDays: number;
  } | null;
  documents: {
    validUntil: string | null;
    state: DocumentState;
    daysLeft: number;
    pending: { validUntil: string; createdAt: string } | null;
    rejectedReason: string | null;
  } | null;
  /** Right-to-stay files chosen for a new document but not sent yet. */
  renewalDrafts: UploadSummary[];
};

/** The dashboard's dialogs, each opened by `?modal=`. */
export const MODALS = ["application", "vehicle", "report"] as const;
export type DashboardModal = (typeof MODALS)[number];
