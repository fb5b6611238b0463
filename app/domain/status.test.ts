import { describe, expect, test } from "bun:test";
import {
  nextStatus,
  transition,
  TransitionError,
  USER_EVENTS,
  USER_STATUSES,
  type UserEvent,
  type UserStatus,
} from "./status";

/** The status rule of docs/fleet-rules.md, written out independently of the implementation's table. */
const ALLOWED: Array<[UserStatus, UserEvent, UserStatus]> = [
  ["created_account", "activate", "confirmed_account"],
  ["confirmed_account", "submitApplication", "applied_for_job"],
  ["job_rejected", "submitApplication", "applied_for_job"],
  ["applied_for_job", "approveApplication", "working_no_vehicle"],
  ["working_no_vehicle", "undoApproval", "applied_for_job"],
  ["applied_for_job", "rejectApplication", "job_rejected"],
  ["working_no_vehicle", "requestVehicle", "applied_for_vehicle"],
  ["vehicle_rejected", "requestVehicle", "applied_for_vehicle"],
  ["applied_for_vehicle", "approveVehicleRequest", "working_with_vehicle"],
  ["applied_for_vehicle", "rejectVehicleRequest", "vehicle_rejected"],
  ["working_with_vehicle", "approveSwap", "working_with_vehicle"],
  ["working_with_vehicle", "rejectSwap", "working_with_vehicle"],
  ["working_with_vehicle", "leaseExpires", "lease_expired"],
  ["lease_expired", "renewLease", "working_with_vehicle"],
  ["lease_expired", "endLease", "working_no_vehicle"],
  ["working_with_vehicle", "endLease", "working_no_vehicle"],
  ["working_no_vehicle", "assignVehicle", "working_with_vehicle"],
  ["vehicle_rejected", "assignVehicle", "working_with_vehicle"],
  ["applied_for_vehicle", "assignVehicle", "working_with_vehicle"],
  ["lease_expired", "assignVehicle", "working_with_vehicle"],
  ["working_with_vehicle", "assignVehicle", "working_with_vehicle"],
  ["working_with_vehicle", "unassignVehicle", "working_no_vehicle"],
  ["lease_expired", "unassignVehicle", "working_no_vehicle"],
  ["documents_expired", "endLease", "documents_expired"],
  ["documents_expired", "unassignVehicle", "documents_expired"],
  ["working_no_vehicle", "documentsExpire", "documents_expired"],
  ["applied_for_vehicle", "documentsExpire", "documents_expired"],
  ["vehicle_rejected", "documentsExpire", "documents_expired"],
  ["working_with_vehicle", "documentsExpire", "documents_expired"],
  ["lease_expired", "documentsExpire", "documents_expired"],
  ["documents_expired", "acceptRenewedDocument", "working_no_vehicle"],
  ["documents_expired", "acceptRenewedDocumentWithVehicle", "working_with_vehicle"],
];

describe("user status machine", () => {
  test.each(ALLOWED)("%s --%s--> %s", (from, event, to) => {
    expect(transition(from, event)).toBe(to);
  });

  const allowed = new Set(ALLOWED.map(([from, event]) => `${from}:${event}`));
  const forbidden = USER_STATUSES.flatMap((from) => USER_EVENTS.map((event) => [from, event] as const)).filter(
    ([from, event]) => !allowed.has(`${from}:${event}`),
  );

  test("a courier whose documents expired cannot request, swap or be given a vehicle", () => {
    for (const event of [
      "requestVehicle",
      "approveVehicleRequest",
      "approveSwap",
      "assignVehicle",
      "renewLease",
    ] as const) {
      expect(nextStatus("documents_expired", event)).toBeNull();
    }
  });

  test("every other pair of status and event is refused", () => {
    expect(forbidden.length).toBe(USER_STATUSES.length * USER_EVENTS.length - ALLOWED.length);
    for (const [from, event] of forbidden) {
      expect(nextStatus(from, event)).toBeNull();
      expect(() => transition(from, event)).toThrow(TransitionError);
    }
  });
});
