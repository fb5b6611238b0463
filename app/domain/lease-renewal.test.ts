import { describe, expect, test } from "bun:test";
import { renewalOpensAt, renewalRefusal, renewedLeaseEnd } from "./lease-renewal";
import { DEFAULT_SETTINGS } from "./rules";

const DAY = 24 * 60 * 60 * 1000;
const end = new Date("2026-12-20T10:00:00Z");
const at = (daysBeforeEnd: number) => new Date(end.getTime() - daysBeforeEnd * DAY);
const ask = (overrides: Partial<Parameters<typeof renewalRefusal>[0]> = {}) =>
  renewalRefusal({
    status: "working_with_vehicle",
    leaseEndsAt: end,
    now: at(4),
    windowDays: 5,
    hasPendingRequest: false,
    ...overrides,
  });

describe("renewal window", () => {
  test("opens the configured number of days before the end (5 by default)", () => {
    expect(DEFAULT_SETTINGS.leaseRenewalWindowDays).toBe(5);
    expect(renewalOpensAt(end, 5)).toEqual(at(5));
  });

  test("a courier riding inside the window may ask; before it, not yet", () => {
    expect(ask()).toBeNull();
    expect(ask({ now: at(5) })).toBeNull();
    expect(ask({ now: new Date(at(5).getTime() - 1) })).toBe("tooEarly");
  });

  test("a courier whose lease already ended may still ask while waiting for the admin", () => {
    expect(ask({ status: "lease_expired", now: new Date(end.getTime() + DAY) })).toBeNull();
  });

  test("refuses without a vehicle, in another status, or with an open request", () => {
    expect(ask({ leaseEndsAt: null })).toBe("noVehicle");
    expect(ask({ status: "working_no_vehicle" })).toBe("notAllowed");
    expect(ask({ hasPendingRequest: true })).toBe("pendingExists");
  });
});

describe("renewedLeaseEnd", () => {
  test("extends from the current end, not from the decision", () => {
    expect(renewedLeaseEnd(end, 30, at(4))).toEqual(new Date(end.getTime() + 30 * DAY));
  });

  test("a decision a few days after the end still counts from the end", () => {
    expect(renewedLeaseEnd(end, 30, new Date(end.getTime() + 3 * DAY))).toEqual(new Date(end.getTime() + 30 * DAY));
  });

  test("a decision more than a lease length late runs one lease length from now", () => {
    const late = new Date(end.getTime() + 40 * DAY);
    expect(renewedLeaseEnd(end, 30, late)).toEqual(new Date(late.getTime() + 30 * DAY));
  });
});
