/**
 * Twenty attempts at one claim or decision at the same moment: exactly one wins, the others get a
 * refusal the screens translate, and nothing of a loser is written (no handover, no status history,
 * no audit entry). On SQLite the transactions take turns, so this checks the conditional updates;
 * on PostgreSQL (`bun run test:scale-out`) they run side by side, so it checks real concurrency and
 * the invariants the database itself holds (docs/architecture.md, "Invariants").
 */
import { describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import {
  applications,
  auditLog,
  handovers,
  problemReports,
  statusHistory,
  users,
  vehicleRequests,
  vehicles,
} from "~db/schema";
import type { UserStatus } from "~/domain/status";
import { writerForTests } from "~/infra/db.server";
import { actors, application, vehicle } from "../../tests/admin-fixtures";
import { agreedRent, createUser } from "../../tests/factories";
import { failureOf, slowWrites } from "../../tests/raw-sql";
import { call } from "../../tests/route-harness";
import * as vehicleRequestsRoute from "../routes/admin/vehicle-requests";
import { DecisionError } from "./decisions.server";
import { endLease, LeaseError, renewLease } from "./leases.server";
import { createProblemReport } from "./problem-reports.server";
import {
  approveVehicleRequest,
  createRenewalRequest,
  createVehicleRequest,
  decideVehicleRequests,
} from "./vehicle-requests.server";
import { saveVehicle, VehicleError } from "./vehicles.server";

const N = 20;
const DAY = 24 * 60 * 60 * 1000;
const db = () => writerForTests();
const admin = await createUser({ role: "admin" });

/** Runs `attempt(i)` N times at once; the number that went through and the refusal keys of the rest (anything else fails the test). */
async function race(attempt: (i: number) => Promise<unknown>) {
  const results = await Promise.allSettled(Array.from({ length: N }, (_, i) => attempt(i)));
  const refused = results.flatMap((result) => {
    if (result.status === "fulfilled") return [];
    if (
      result.reason instanceof DecisionError ||
      result.reason instanceof VehicleError ||
      result.reason instanceof LeaseError
    )
      return [result.reason.key];
    throw result.reason;
  });
  return { won: results.filter((result) => result.status === "fulfilled").length, refused, results };
}

/** On PostgreSQL, the winner's write to the vehicle is held open a moment so the others surely meet it. */
async function slowVehicle<T>(vehicleId: number, run: () => Promise<T>) {
  const restore = await slowWrites("vehicles", "update", `NEW.id = ${vehicleId}`, 150);
  try {
    return await run();
  } finally {
    await restore();
  }
}

const couriers = (status: UserStatus) => Promise.all(Array.from({ length: N }, () => createUser({ status })));
const requestsFor = (
  userIds: number[],
  requestedVehicleId: number,
  extra: Partial<typeof vehicleRequests.$inferInsert> = {},
) =>
  db()
    .insert(vehicleRequests)
    .values(userIds.map((userId) => ({ userId, kind: "request" as const, requestedVehicleId, ...extra })))
    .returning();
const statusesOf = async (ids: number[]) =>
  (await db().select({ status: users.status }).from(users).where(inArray(users.id, ids)))
    .map((row) => row.status)
    .sort();
const historyTo = async (ids: number[], status: UserStatus) =>
  (
    await db()
      .select()
      .from(statusHistory)
      .where(and(inArray(statusHistory.userId, ids), eq(statusHistory.toStatus, status)))
  ).length;
const handoversOf = (vehicleId: number) => db().select().from(handovers).where(eq(handovers.vehicleId, vehicleId));
const auditsOf = async (entityType: string, ids: number[], action: string) =>
  (
    await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, entityType), inArray(auditLog.entityId, ids), eq(auditLog.action, action)))
  ).length;
const vehicleRow = async (id: number) => (await db().select().from(vehicles).where(eq(vehicles.id, id)))[0]!;

/** Requests for one vehicle from twenty couriers, the situation of the report (requests 4..8 for vehicle 3). */
async function crowdOnOneVehicle() {
  const scooter = await vehicle();
  const people = await couriers("applied_for_vehicle");
  const requests = await requestsFor(
    people.map((p) => p.id),
    scooter.id,
  );
  return { scooter, ids: people.map((p) => p.id), requests };
}

/** One vehicle given once: one approved request, one courier riding, one check-out, one audit entry. */
async function expectGivenOnce(scooter: { id: number }, ids: number[], requestIds: number[], closed = 0) {
  const decided = await db().select().from(vehicleRequests).where(inArray(vehicleRequests.id, requestIds));
  const approved = decided.filter((row) => row.status === "approved");
  expect(approved).toHaveLength(1);
  expect(decided.filter((row) => row.status === "rejected")).toHaveLength(closed);
  expect(decided.filter((row) => row.status === "pending")).toHaveLength(N - 1 - closed);
  expect((await vehicleRow(scooter.id)).assignedUserId).toBe(approved[0]!.userId);
  expect((await statusesOf(ids)).filter((status) => status === "working_with_vehicle")).toHaveLength(1);
  expect(await historyTo(ids, "working_with_vehicle")).toBe(1);
  expect((await handoversOf(scooter.id)).map((h) => [h.kind, h.userId])).toEqual([["check_out", approved[0]!.userId]]);
  expect(await auditsOf("vehicle_request", requestIds, "vehicle_request.approve")).toBe(1);
}

describe("twenty approvals of requests for one vehicle at once", () => {
  test("through the admin action: one 302, nineteen translated refusals, the vehicle given once", async () => {
    const { adminCookie } = await actors();
    const { scooter, ids, requests } = await crowdOnOneVehicle();
    const answers = await slowVehicle(scooter.id, () =>
      Promise.all(
        requests.map((request) =>
          call(vehicleRequestsRoute.action as never, "/admin/vehicle-requests", {
            form: { intent: "approve", requestId: String(request.id) },
            cookie: adminCookie,
          }),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, ...Array<number>(N - 1).fill(409)]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      const { formError } = (await answer.json()) as { formError: string };
      expect(formError).toBe("The requested vehicle is not available.");
    }
    await expectGivenOnce(
      scooter,
      ids,
      requests.map((r) => r.id),
    );
  });

  test("as twenty bulk approvals of overlapping selections (in different orders): one approved, its two co-selected requests closed, the rest skipped", async () => {
    const { scooter, ids, requests } = await crowdOnOneVehicle();
    const all = requests.map((r) => r.id);
    // Each admin ticks three neighbouring rows, listed from the last: every request is in three bulks.
    const ticked = (i: number) => [all[(i + 2) % N]!, all[(i + 1) % N]!, all[i]!];
    const { won, results } = await slowVehicle(scooter.id, () =>
      race((i) => decideVehicleRequests(admin.id, ticked(i), "approve")),
    );
    expect(won).toBe(N);
    const done = results.flatMap((r) => (r.status === "fulfilled" ? (r.value as { done: number[] }).done : []));
    expect(done).toHaveLength(1);
    // The winning bulk gave the vehicle to one of its three rows and closed the other two with a reason.
    const closed = results.flatMap((r) =>
      r.status === "fulfilled" ? ((r.value as { closed?: unknown[] }).closed ?? []) : [],
    );
    expect(closed).toHaveLength(2);
    await expectGivenOnce(scooter, ids, all, 2);
  });

  test("swaps: one courier changes vehicles; the others keep theirs, with nothing handed back", async () => {
    const scooter = await vehicle();
    const people = await couriers("working_with_vehicle");
    const own = await Promise.all(
      people.map((p) =>
        vehicle({ status: "in_use", assignedUserId: p.id, leaseEndsAt: new Date(Date.now() + 10 * DAY) }),
      ),
    );
    const requests = await db()
      .insert(vehicleRequests)
      .values(
        people.map((p, i) => ({
          userId: p.id,
          kind: "swap" as const,
          currentVehicleId: own[i]!.id,
          requestedVehicleId: scooter.id,
        })),
      )
      .returning();
    const { won, refused } = await slowVehicle(scooter.id, () =>
      race((i) => approveVehicleRequest(admin.id, requests[i]!.id)),
    );
    expect({ won, refused: new Set(refused) }).toEqual({ won: 1, refused: new Set(["vehicleUnavailable"]) });
    const winner = (await vehicleRow(scooter.id)).assignedUserId;
    for (const [i, p] of people.entries()) {
      const old = await vehicleRow(own[i]!.id);
      expect(old.assignedUserId).toBe(p.id === winner ? null : p.id);
      expect((await handoversOf(own[i]!.id)).map((h) => h.kind)).toEqual(p.id === winner ? ["check_in"] : []);
    }
    expect((await statusesOf(people.map((p) => p.id))).every((status) => status === "working_with_vehicle")).toBe(true);
    expect(
      await auditsOf(
        "vehicle_request",
        requests.map((r) => r.id),
        "vehicle_request.approve",
      ),
    ).toBe(1);
  });
});

describe("twenty claims by one courier at once", () => {
  test("reserving a future vehicle: one request, one status change", async () => {
    const future = await vehicle({ status: "future", availableSince: new Date(Date.now() + 5 * DAY) });
    const rider = await createUser({ status: "working_no_vehicle" });
    const agreement = await agreedRent();
    const { won, refused } = await race(() => createVehicleRequest(rider.id, future.id, agreement));
    expect(won).toBe(1);
    expect(refused.every((key) => key === "pendingExists" || key === "notAllowed")).toBe(true);
    const rows = await db().select().from(vehicleRequests).where(eq(vehicleRequests.userId, rider.id));
    expect(rows.map((row) => [row.kind, row.status])).toEqual([["reserve", "pending"]]);
    expect(await historyTo([rider.id], "applied_for_vehicle")).toBe(1);
  });

  test("asking for a renewal: one request", async () => {
    const rider = await createUser({ status: "working_with_vehicle" });
    await vehicle({ status: "in_use", assignedUserId: rider.id, leaseEndsAt: new Date(Date.now() + DAY) });
    const { won, refused } = await race(() => createRenewalRequest(rider.id));
    expect({ won, refused: new Set(refused) }).toEqual({ won: 1, refused: new Set(["pendingExists"]) });
    expect(await db().select().from(vehicleRequests).where(eq(vehicleRequests.userId, rider.id))).toHaveLength(1);
  });

  test("reporting a problem: one report, the others wait for the cooldown", async () => {
    const rider = await createUser({ status: "working_with_vehicle" });
    await vehicle({ status: "in_use", assignedUserId: rider.id });
    const { won, refused } = await race((i) => createProblemReport(rider.id, `Brakes squeak (${i})`, []));
    expect({ won, refused: new Set(refused) }).toEqual({ won: 1, refused: new Set(["cooldown"]) });
    expect(await db().select().from(problemReports).where(eq(problemReports.userId, rider.id))).toHaveLength(1);
  });
});

describe("twenty decisions on one lease at once", () => {
  test("approving one renewal twenty times: the lease moves once", async () => {
    const rider = await createUser({ status: "working_with_vehicle" });
    const endsAt = new Date(Date.now() + DAY);
    const bike = await vehicle({ status: "in_use", assignedUserId: rider.id, leaseEndsAt: endsAt });
    const [request] = await requestsFor([rider.id], bike.id, { kind: "renewal", currentVehicleId: bike.id });
    const { won, refused, results } = await slowVehicle(bike.id, () =>
      race(() => approveVehicleRequest(admin.id, request!.id)),
    );
    expect({ won, refused: new Set(refused) }).toEqual({ won: 1, refused: new Set(["notPending"]) });
    const granted = results.flatMap((r) =>
      r.status === "fulfilled" ? [(r.value as { expiresAt: Date }).expiresAt] : [],
    );
    expect((await vehicleRow(bike.id)).leaseEndsAt).toEqual(granted[0]!);
    expect(await auditsOf("vehicle_request", [request!.id], "vehicle_request.approve")).toBe(1);
  });
});

describe("twenty admins on one lease at once", () => {
  test("ending it: one check-in, one status change, nineteen 'already ended'", async () => {
    const rider = await createUser({ status: "working_with_vehicle" });
    const bike = await vehicle({ status: "in_use", assignedUserId: rider.id, leaseEndsAt: new Date(Date.now() + DAY) });
    const { won, refused } = await slowVehicle(bike.id, () => race(() => endLease(admin.id, bike.id)));
    expect({ won, refused: new Set(refused) }).toEqual({ won: 1, refused: new Set(["alreadyEnded"]) });
    expect((await vehicleRow(bike.id)).assignedUserId).toBeNull();
    expect(await statusesOf([rider.id])).toEqual(["working_no_vehicle"]);
    expect(await historyTo([rider.id], "working_no_vehicle")).toBe(1);
    expect((await handoversOf(bike.id)).map((h) => h.kind)).toEqual(["check_in"]);
    expect(await auditsOf("vehicle", [bike.id], "lease.end")).toBe(1);
  });

  test("renewing it to one date: the lease moves once, one audit entry", async () => {
    const rider = await createUser({ status: "lease_expired" });
    const bike = await vehicle({ status: "in_use", assignedUserId: rider.id, leaseEndsAt: new Date(Date.now() - DAY) });
    const endsAt = new Date(Date.now() + 30 * DAY);
    const { won, refused } = await slowVehicle(bike.id, () => race(() => renewLease(admin.id, bike.id, endsAt)));
    expect({ won, refused: new Set(refused) }).toEqual({ won: 1, refused: new Set(["alreadyRenewed"]) });
    expect((await vehicleRow(bike.id)).leaseEndsAt).toEqual(endsAt);
    expect(await historyTo([rider.id], "working_with_vehicle")).toBe(1);
    expect(await auditsOf("vehicle", [bike.id], "lease.renew")).toBe(1);
  });
});

describe("twenty assignments in the vehicle form at once", () => {
  const form = (v: typeof vehicles.$inferSelect, assignedUserId: number) => ({
    name: v.name,
    characteristics: { sk: v.characteristicsSk, ua: v.characteristicsUa, en: v.characteristicsEn },
    serialNumber: v.serialNumber,
    comment: null,
    status: "available" as const,
    availableSince: null,
    assignedUserId,
    seenAssignedUserId: null,
  });

  test("twenty couriers for one vehicle: one gets it", async () => {
    const scooter = await vehicle();
    const people = await couriers("working_no_vehicle");
    const ids = people.map((p) => p.id);
    const { won, refused } = await slowVehicle(scooter.id, () =>
      race((i) => saveVehicle(admin.id, scooter.id, form(scooter, ids[i]!))),
    );
    expect({ won, refused: new Set(refused) }).toEqual({ won: 1, refused: new Set(["assignedMeanwhile"]) });
    const holder = (await vehicleRow(scooter.id)).assignedUserId;
    expect(ids).toContain(holder!);
    expect((await statusesOf(ids)).filter((status) => status === "working_with_vehicle")).toHaveLength(1);
    expect(await historyTo(ids, "working_with_vehicle")).toBe(1);
    expect((await handoversOf(scooter.id)).map((h) => [h.kind, h.userId])).toEqual([["check_out", holder!]]);
  });

  test("one courier for twenty vehicles: one vehicle given", async () => {
    const fleet = await Promise.all(Array.from({ length: N }, () => vehicle()));
    const rider = await createUser({ status: "working_no_vehicle" });
    const { won, refused } = await race((i) => saveVehicle(admin.id, fleet[i]!.id, form(fleet[i]!, rider.id)));
    expect(won).toBe(1);
    expect(refused.every((key) => key === "userHasVehicle" || key === "userNotEligible")).toBe(true);
    expect(await db().select().from(vehicles).where(eq(vehicles.assignedUserId, rider.id))).toHaveLength(1);
    expect(await historyTo([rider.id], "working_with_vehicle")).toBe(1);
    expect(await db().select().from(handovers).where(eq(handovers.userId, rider.id))).toHaveLength(1);
  });
});

describe("the database itself refuses a second holder", () => {
  test("a leased vehicle cannot be handed straight to another courier, even by a bare update", async () => {
    const [first, second] = [
      await createUser({ status: "working_with_vehicle" }),
      await createUser({ status: "working_no_vehicle" }),
    ];
    const bike = await vehicle({ status: "in_use", assignedUserId: first.id });
    expect(
      await failureOf(db().update(vehicles).set({ assignedUserId: second.id }).where(eq(vehicles.id, bike.id))),
    ).toContain("vehicle_already_leased");
    await db().update(vehicles).set({ assignedUserId: null }).where(eq(vehicles.id, bike.id));
    await db().update(vehicles).set({ assignedUserId: second.id }).where(eq(vehicles.id, bike.id));
    expect((await vehicleRow(bike.id)).assignedUserId).toBe(second.id);
  });

  test("one pending application per courier", async () => {
    const applicant = await createUser({ status: "applied_for_job" });
    await application(applicant.id);
    expect(await failureOf(application(applicant.id))).toMatch(/UNIQUE|unique|duplicate/);
    await db().update(applications).set({ status: "rejected" }).where(eq(applications.userId, applicant.id));
    await application(applicant.id);
  });

  test("one pending vehicle request and one vehicle per courier", async () => {
    const rider = await createUser({ status: "applied_for_vehicle" });
    const [a, b] = [await vehicle(), await vehicle()];
    await requestsFor([rider.id], a.id);
    expect(await failureOf(requestsFor([rider.id], b.id))).toMatch(/UNIQUE|unique|duplicate/);
    await db().update(vehicles).set({ assignedUserId: rider.id }).where(eq(vehicles.id, a.id));
    expect(
      await failureOf(db().update(vehicles).set({ assignedUserId: rider.id }).where(eq(vehicles.id, b.id))),
    ).toMatch(/UNIQUE|unique|duplicate/);
  });
});
