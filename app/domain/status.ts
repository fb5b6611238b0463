/** User status machine (docs/fleet-rules.md): every allowed transition and nothing else. */
export const USER_STATUSES = [
  "created_account",
  "confirmed_account",
  "applied_for_job",
  "job_rejected",
  "working_no_vehicle",
  "applied_for_vehicle",
  "vehicle_rejected",
  "working_with_vehicle",
  "lease_expired",
  "documents_expired",
] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const VEHICLE_STATUSES = ["available", "future", "maintenance", "in_use"] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** `renewal`: a courier who rides asks to keep the vehicle for another lease (app/domain/lease-renewal.ts). */
export const REQUEST_KINDS = ["request", "reserve", "swap", "renewal"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const REPORT_STATUSES = ["open", "resolved"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const USER_EVENTS = [
  "activate",
  "submitApplication",
  "approveApplication",
  "undoApproval",
  "rejectApplication",
  "requestVehicle",
  "approveVehicleRequest",
  "rejectVehicleRequest",
  "approveSwap",
  "rejectSwap",
  "leaseExpires",
  "renewLease",
  "endLease",
  "assignVehicle",
  "unassignVehicle",
  "documentsExpire",
  "acceptRenewedDocument",
  "acceptRenewedDocumentWithVehicle",
] as const;
export type UserEvent = (typeof USER_EVENTS)[number];

const TRANSITIONS: Record<UserEvent, Partial<Record<UserStatus, UserStatus>>> = {
  activate: { created_account: "confirmed_account" },
  submitApplication: { confirmed_account: "applied_for_job", job_rejected: "applied_for_job" },
  approveApplication: { applied_for_job: "working_no_vehicle" },
  // The admin takes back an approval made seconds ago (a key pressed by mistake): back to waiting.
  undoApproval: { working_no_vehicle: "applied_for_job" },
  rejectApplication: { applied_for_job: "job_rejected" },
  requestVehicle: { working_no_vehicle: "applied_for_vehicle", vehicle_rejected: "applied_for_vehicle" },
  approveVehicleRequest: { applied_for_vehicle: "working_with_vehicle" },
  rejectVehicleRequest: { applied_for_vehicle: "vehicle_rejected" },
  // A swap keeps the courier riding: approval or rejection leaves them with a vehicle.
  approveSwap: { working_with_vehicle: "working_with_vehicle" },
  rejectSwap: { working_with_vehicle: "working_with_vehicle" },
  leaseExpires: { working_with_vehicle: "lease_expired" },
  renewLease: { lease_expired: "working_with_vehicle" },
  // A courier whose documents expired keeps waiting for the new document when the lease is ended.
  endLease: {
    lease_expired: "working_no_vehicle",
    working_with_vehicle: "working_no_vehicle",
    documents_expired: "documents_expired",
  },
  // Direct assignment by an admin from the vehicle form.
  assignVehicle: {
    working_no_vehicle: "working_with_vehicle",
    vehicle_rejected: "working_with_vehicle",
    applied_for_vehicle: "working_with_vehicle",
    lease_expired: "working_with_vehicle",
    working_with_vehicle: "working_with_vehicle",
  },
  unassignVehicle: {
    working_with_vehicle: "working_no_vehicle",
    lease_expired: "working_no_vehicle",
    documents_expired: "documents_expired",
  },
  // The right-to-stay document ran out: no new request or swap until an admin accepts the new one.
  // A courier riding a vehicle keeps it (and the lease) meanwhile; a pending request is refused.
  documentsExpire: {
    working_no_vehicle: "documents_expired",
    applied_for_vehicle: "documents_expired",
    vehicle_rejected: "documents_expired",
    working_with_vehicle: "documents_expired",
    lease_expired: "documents_expired",
  },
  acceptRenewedDocument: { documents_expired: "working_no_vehicle" },
  acceptRenewedDocumentWithVehicle: { documents_expired: "working_with_vehicle" },
};

export class TransitionError extends Error {
  constructor(
    readonly from: UserStatus,
    readonly event: UserEvent,
  ) {
    super(`Transition "${event}" is not allowed from status "${from}"`);
  }
}

/** The status after `event`, or null when the event is not allowed from `from`. */
export function nextStatus(from: UserStatus, event: UserEvent): UserStatus | null {
  return TRANSITIONS[event][from] ?? null;
}

export function transition(from: UserStatus, event: UserEvent): UserStatus {
  const to = nextStatus(from, event);
  if (!to) throw new TransitionError(from, event);
  return to;
}

export function canRequestVehicle(status: UserStatus) {
  return nextStatus(status, "requestVehicle") !== null;
}
