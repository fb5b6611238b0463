/**
 * Two admins deciding the same row at the same moment. On SQLite the transactions take turns (one
 * writer); on PostgreSQL they run side by side on their own connections (READ COMMITTED), and the
 * decision reads its row `FOR UPDATE`, so the second waits for the first to commit, then finds the
 * row decided and is refused. Either way: one decision, one refusal. On PostgreSQL the decided
 * row's update is slowed down (`slowWrites`) so that the two transactions surely overlap.
 */
import { describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { applications, auditLog, statusHistory, vehicleRequests, vehicles } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createUser, getUserRow } from "../../tests/factories";
import { application, vehicle, vehicleRequest } from "../../tests/admin-fixtures";
import { slowWrites } from "../../tests/raw-sql";
import { approveApplication, approveApplications, rejectApplication } from "./applications.server";
import { DecisionError } from "./decisions.server";
import { approveVehicleRequest, rejectVehicleRequest } from "./vehicle-requests.server";

const [first, second] = [await createUser({ role: "admin" }), await createUser({ role: "admin" })];

/** Which of the settled decisions went through, and the refusal keys of the others (anything else is rethrown). */
function outcome(results: PromiseSettledResult<unknown>[]) {
  const refused = results.flatMap((result) => {
    if (result.status === "fulfilled") return [];
    if (result.reason instanceof DecisionError) return [result.reason.key];
    throw result.reason;
  });
  return { decided: results.filter((result) => result.status === "fulfilled").length, refused };
}

/** Runs the decisions at once, with the updates of `table`'s row `id` held open a moment on PostgreSQL. */
async function atOnce<T extends readonly (() => Promise<unknown>)[]>(table: string, id: number, decisions: T) {
  const restore = await slowWrites(table, "update", `NEW.id = ${id}`, 300);
  try {
    return await Promise.allSettled(decisions.map((decide) => decide()));
  } finally {
    await restore();
  }
}

const decisionAudits = async (entityType: string, entityId: number, actions: string[]) =>
  await writerForTests()
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId), inArray(auditLog.action, actions)),
    );

describe("two admins deciding one application at once", () => {
  test("approve and reject: one decision, one refusal, one history entry, one e-mail's worth of audit", async () => {
    const courier = await createUser({ status: "applied_for_job" });
    const app = await application(courier.id);
    const results = await atOnce("applications", app.id, [
      () => approveApplication(first.id, app.id),
      () => rejectApplication(second.id, app.id, "Not in your area"),
    ]);
    expect(outcome(results)).toEqual({ decided: 1, refused: ["notPending"] });
    const [row] = await writerForTests().select().from(applications).where(eq(applications.id, app.id));
    const approved = results[0]!.status === "fulfilled";
    expect(row!.status).toBe(approved ? "approved" : "rejected");
    expect(row!.decidedById).toBe(approved ? first.id : second.id);
    expect((await getUserRow(courier.id))?.status).toBe(approved ? "working_no_vehicle" : "job_rejected");
    expect(await decisionAudits("application", app.id, ["application.approve", "application.reject"])).toHaveLength(1);
    const history = await writerForTests().select().from(statusHistory).where(eq(statusHistory.userId, courier.id));
    expect(history.map((entry) => entry.toStatus).filter((status) => status !== "applied_for_job")).toHaveLength(1);
  });

  test("the same approval twice, one alone and one in a bulk: decided once, the bulk skips it", async () => {
    const courier = await createUser({ status: "applied_for_job" });
    const app = await application(courier.id);
    const [single, bulk] = await atOnce("applications", app.id, [
      () => approveApplication(first.id, app.id),
      () => approveApplications(second.id, [app.id]),
    ] as const);
    const bulkResult =
      bulk!.status === "fulfilled" ? (bulk!.value as Awaited<ReturnType<typeof approveApplications>>) : null;
    const decidedBySingle = single!.status === "fulfilled";
    expect(decidedBySingle || bulkResult?.done.length === 1).toBe(true);
    if (decidedBySingle) expect(bulkResult).toEqual({ done: [], skipped: [app.id] });
    else expect(outcome([single!])).toEqual({ decided: 0, refused: ["notPending"] });
    expect(await decisionAudits("application", app.id, ["application.approve"])).toHaveLength(1);
  });
});

describe("two admins deciding one vehicle request at once", () => {
  test("approve and reject: the vehicle is given at most once, one decision, one refusal", async () => {
    const courier = await createUser({ status: "applied_for_vehicle" });
    const wanted = await vehicle();
    const request = await vehicleRequest(courier.id, wanted.id);
    const results = await atOnce("vehicle_requests", request.id, [
      () => approveVehicleRequest(first.id, request.id),
      () => rejectVehicleRequest(second.id, request.id, "No scooters this week"),
    ]);
    expect(outcome(results)).toEqual({ decided: 1, refused: ["notPending"] });
    const [row] = await writerForTests().select().from(vehicleRequests).where(eq(vehicleRequests.id, request.id));
    const approved = results[0]!.status === "fulfilled";
    expect(row!.status).toBe(approved ? "approved" : "rejected");
    const [bike] = await writerForTests().select().from(vehicles).where(eq(vehicles.id, wanted.id));
    expect(bike!.assignedUserId).toBe(approved ? courier.id : null);
    expect(
      await decisionAudits("vehicle_request", request.id, ["vehicle_request.approve", "vehicle_request.reject"]),
    ).toHaveLength(1);
  });
});
