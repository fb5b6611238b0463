import { describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import { applications, auditLog, problemReports, vehicleRequests } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createUser, getUserRow } from "../../tests/factories";
import { sentMails } from "../../tests/dashboard-helpers";
import { application, vehicle, vehicleRequest } from "../../tests/admin-fixtures";
import { failureOf, failWrites } from "../../tests/raw-sql";
import { applicationFilterFrom, reportFilterFrom, requestFilterFrom } from "~/domain/admin-filters";
import { listApplications, pendingApplicationQueue } from "./applications.server";
import { listProblemReports } from "./problem-reports.server";
import { listVehicleRequests } from "./vehicle-requests.server";
import { approveApplications, rejectApplications } from "./applications.server";
import { resolveProblemReports } from "./problem-reports.server";
import { decideVehicleRequests } from "./vehicle-requests.server";

const admin = await createUser({ role: "admin" });
const q = (s: string) => new URLSearchParams(s);
const audits = async (action: string, ids: number[]) =>
  await writerForTests()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), inArray(auditLog.entityId, ids)));

describe("the review queue", () => {
  test("applications default to pending, oldest first, and the queue follows the same order", async () => {
    const older = await application((await createUser({ status: "applied_for_job" })).id);
    const newer = await application((await createUser({ status: "applied_for_job" })).id);
    await writerForTests()
      .update(applications)
      .set({ createdAt: new Date(Date.now() - 20 * 3600_000) })
      .where(eq(applications.id, older.id));
    const decided = await application((await createUser({ status: "working_no_vehicle" })).id);
    await writerForTests().update(applications).set({ status: "approved" }).where(eq(applications.id, decided.id));
    const ids = (await listApplications(applicationFilterFrom(q("")))).rows.map((r) => r.id);
    expect(ids).not.toContain(decided.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
    expect((await listApplications(applicationFilterFrom(q("status=all")))).rows.map((r) => r.id)).toContain(
      decided.id,
    );
    const queue = await pendingApplicationQueue();
    expect(queue.indexOf(older.id)).toBeLessThan(queue.indexOf(newer.id));
  });

  test("search finds people by name, e-mail, phone (spaces ignored) and vehicle", async () => {
    const user = await createUser({
      status: "applied_for_job",
      email: "oleh.koval.q@example.com",
      fullName: "Oleh Kovalqzx",
    });
    const app = (
      await writerForTests()
        .insert(applications)
        .values({
          userId: user.id,
          fullName: "Oleh Kovalqzx",
          age: 30,
          phone: "+421 905 797 123",
          contactMethod: "phone",
        })
        .returning()
    )[0]!;
    const find = async (term: string) =>
      (await listApplications(applicationFilterFrom(q(`q=${encodeURIComponent(term)}`)))).rows.map((r) => r.id);
    expect(await find("kovalqzx")).toEqual([app.id]);
    expect(await find("oleh.koval.q@")).toEqual([app.id]);
    expect(await find("905797")).toEqual([app.id]);
    expect(await find("0905 797 12")).toEqual([]);
    expect(await find("905 797 1")).toEqual([app.id]);

    const rider = await createUser({ status: "working_no_vehicle", fullName: "Rider Searchable" });
    const wanted = await vehicle({ name: "Xiaomi Zeta-Search" });
    const request = await vehicleRequest(rider.id, wanted.id);
    expect((await listVehicleRequests(requestFilterFrom(q("q=zeta-search")))).rows.map((r) => r.id)).toEqual([
      request.id,
    ]);
    expect((await listVehicleRequests(requestFilterFrom(q("q=rider%20searchable")))).rows.map((r) => r.id)).toEqual([
      request.id,
    ]);
    const report = (
      await writerForTests()
        .insert(problemReports)
        .values({ userId: rider.id, vehicleId: wanted.id, description: "Brake squeaks" })
        .returning()
    )[0]!;
    expect((await listProblemReports(reportFilterFrom(q("q=zeta-search")))).rows.map((r) => r.id)).toEqual([report.id]);
    expect((await listProblemReports(reportFilterFrom(q("q=squeaks")))).rows.map((r) => r.id)).toEqual([report.id]);
  });
});

describe("bulk decisions", () => {
  test("approve many applications: one transaction, one audit entry and one e-mail per row, decided rows skipped", async () => {
    const a = await application((await createUser({ status: "applied_for_job" })).id);
    const b = await application((await createUser({ status: "applied_for_job" })).id);
    const gone = await application((await createUser({ status: "working_no_vehicle" })).id);
    await writerForTests().update(applications).set({ status: "approved" }).where(eq(applications.id, gone.id));
    const mailsBefore = (await sentMails()).length;
    const result = await approveApplications(admin.id, [a.id, b.id, gone.id]);
    expect(result).toEqual({ done: [a.id, b.id], skipped: [gone.id] });
    expect(await audits("application.approve", [a.id, b.id, gone.id])).toHaveLength(2);
    expect((await getUserRow(a.userId))?.status).toBe("working_no_vehicle");
    expect((await sentMails()).length - mailsBefore).toBe(2);
  });

  test("a failure that is not a refusal rolls every row back", async () => {
    const a = await application((await createUser({ status: "applied_for_job" })).id);
    const b = await application((await createUser({ status: "applied_for_job" })).id);
    const removeFault = await failWrites("applications", "update", `NEW.id = ${b.id}`, "disk full");
    try {
      expect(await failureOf(approveApplications(admin.id, [a.id, b.id]))).toContain("disk full");
    } finally {
      await removeFault();
    }
    expect((await writerForTests().select().from(applications).where(eq(applications.id, a.id)))[0]?.status).toBe(
      "pending",
    );
    expect(await audits("application.approve", [a.id])).toHaveLength(0);
  });

  test("reject many applications with one reason: row by row, decided ones skipped, e-mails after", async () => {
    const a = await application((await createUser({ status: "applied_for_job", language: "sk" })).id);
    const b = await application((await createUser({ status: "applied_for_job", language: "en" })).id);
    const gone = await application((await createUser({ status: "working_no_vehicle" })).id);
    await writerForTests().update(applications).set({ status: "approved" }).where(eq(applications.id, gone.id));
    await expect(rejectApplications(admin.id, [a.id], { reason: " " })).rejects.toThrow("reasonRequired");
    const mailsBefore = (await sentMails()).length;
    const result = await rejectApplications(admin.id, [a.id, b.id, gone.id], {
      reasonCode: "blurryPhoto",
      reason: "Retake in daylight",
    });
    expect(result).toEqual({ done: [a.id, b.id], skipped: [gone.id] });
    const rows = await writerForTests()
      .select()
      .from(applications)
      .where(inArray(applications.id, [a.id, b.id]))
      .orderBy(applications.id);
    expect(rows.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    // The stock reason in each courier's own language, the written one as it was typed.
    expect(rows[0]!.rejectionReason).not.toBe(rows[1]!.rejectionReason);
    expect(
      rows.every((r) => r.rejectionReason?.endsWith("Retake in daylight") && r.rejectionReasonCode === "blurryPhoto"),
    ).toBe(true);
    expect(await audits("application.reject", [a.id, b.id, gone.id])).toHaveLength(2);
    expect((await getUserRow(a.userId))?.status).toBe("job_rejected");
    expect((await sentMails()).length - mailsBefore).toBe(2);
  });

  test("reject many vehicle requests with one reason, resolve many reports", async () => {
    const r1 = await vehicleRequest((await createUser({ status: "applied_for_vehicle" })).id, (await vehicle()).id);
    const r2 = await vehicleRequest((await createUser({ status: "applied_for_vehicle" })).id, (await vehicle()).id);
    await expect(decideVehicleRequests(admin.id, [r1.id], "reject", " ")).rejects.toThrow("reasonRequired");
    expect(await decideVehicleRequests(admin.id, [r1.id, r2.id], "reject", "No scooters this week")).toMatchObject({
      done: [r1.id, r2.id],
      skipped: [],
    });
    expect(
      (
        await writerForTests()
          .select()
          .from(vehicleRequests)
          .where(inArray(vehicleRequests.id, [r1.id, r2.id]))
          .orderBy(vehicleRequests.id)
      ).map((r) => r.status),
    ).toEqual(["rejected", "rejected"]);
    expect(await audits("vehicle_request.reject", [r1.id, r2.id])).toHaveLength(2);

    const approved = await vehicleRequest(
      (await createUser({ status: "applied_for_vehicle" })).id,
      (await vehicle()).id,
    );
    expect((await decideVehicleRequests(admin.id, [approved.id], "approve")).done).toEqual([approved.id]);

    const user = await createUser();
    const p1 = (
      await writerForTests().insert(problemReports).values({ userId: user.id, description: "one" }).returning()
    )[0]!;
    const p2 = (
      await writerForTests()
        .insert(problemReports)
        .values({ userId: user.id, description: "two", status: "resolved" })
        .returning()
    )[0]!;
    expect(await resolveProblemReports(admin.id, [p1.id, p2.id])).toEqual({ done: [p1.id], skipped: [p2.id] });
    expect(await audits("problem_report.resolve", [p1.id, p2.id])).toHaveLength(1);
  });
});
