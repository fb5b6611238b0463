/**
 * Lease renewal asked by the courier: when the window opens, who may ask, and the new end date an
 * approval grants. Pure; the server passes its clock (`now()` of app/infra/clock.server.ts).
 */
import type { UserStatus } from "./status";

const DAY = 24 * 60 * 60 * 1000;

/** The moment from which the courier may ask to renew: `windowDays` before the lease ends. */
export function renewalOpensAt(leaseEndsAt: Date, windowDays: number): Date {
  return new Date(leaseEndsAt.getTime() - windowDays * DAY);
}

export type RenewalRefusal = "noVehicle" | "notAllowed" | "tooEarly" | "pendingExists";

/**
 * Whether the courier may ask now. They must hold a vehicle with a lease end, ride it
 * (`working_with_vehicle`) or wait after its end (`lease_expired`), be inside the window, and have no
 * other open request (one open request per courier). Returns null when allowed, else why not.
 */
export function renewalRefusal(input: {
  status: UserStatus;
  leaseEndsAt: Date | null;
  now: Date;
  windowDays: number;
  hasPendingRequest: boolean;
}): RenewalRefusal | null {
  if (!input.leaseEndsAt) return "noVehicle";
  if (input.status !== "working_with_vehicle" && input.status !== "lease_expired") return "notAllowed";
  if (input.hasPendingRequest) return "pendingExists";
  if (input.now < renewalOpensAt(input.leaseEndsAt, input.windowDays)) return "tooEarly";
  return null;
}

/**
 * The lease end an approved renewal grants: one lease length after the current end, not after the
 * decision, so asking early costs the courier nothing and a late decision gives them nothing extra.
 * When even that date has passed (a decision more than a lease length after the end) the new lease
 * runs one lease length from now, so an approval never yields an already expired lease.
 */
export function renewedLeaseEnd(currentEnd: Date, leaseDays: number, now: Date): Date {
  const fromEnd = currentEnd.getTime() + leaseDays * DAY;
  return new Date(fromEnd > now.getTime() ? fromEnd : now.getTime() + leaseDays * DAY);
}
