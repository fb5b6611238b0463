import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { applications, auditLog, problemReports, statusHistory, users, vehicleRequests, vehicles } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { agreedRent, createUser, getUserRow, refusalKey } from "../../tests/factories";
import { createVehicle, sentMails } from "../../tests/dashboard-helpers";
import { parseMail } from "../../tests/mail-capture";
import { approveApplication, rejectApplication, submitApplication } from "./applications.server";
import { DecisionError } from "./decisions.server";
import {
  addCourierMessage,
  createProblemReport,
  listOwnReports,
  replyToProblemReport,
  setProblemReportStatus,
} from "./problem-reports.server";
import { approveVehicleRequest, createVehicleRequest, rejectVehicleRequest } from "./vehicle-requests.server";

const admin = await createUser({ role: "admin" });
const vehicleOf = async (id: number) => (await writerForTests().select().from(vehicles).where(eq(vehicles.id, id)))[0]!;
const auditFor = async (action: string, entityId: number) =>
  await writerForTests()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

async function pendingApplication(userId: number) {
  return (
    await writerForTests()
      .insert(applications)
      .values({ userId, fullName: "Ivan Petrenko", age: 30, phone: "+421903123456", contactMethod: "phone" })
      .returning()
  )[0]!;
}

const refusal = (run: () => unknown) => refusalKey(DecisionError, run);

describe("application decisions", () => {
  test("approve: status, history, audit and an e-mail in the user's language", async () => {
    const user = await createUser({ status: "applied_for_job", language: "sk" });
    const app = await pendingApplication(user.id);
    await approveApplication(admin.id, app.id);
    expect((await getUserRow(user.id))?.status).toBe("working_no_vehicle");
    const history = (
      await writerForTests()
        .select()
        .from(statusHistory)
        .where(eq(statusHistory.userId, user.id))
        .orderBy(statusHistory.id)
    ).at(-1)!;
    expect([history.fromStatus, history.toStatus, history.actorId]).toEqual([
      "applied_for_job",
      "working_no_vehicle",
      admin.id,
    ]);
    expect(await auditFor("application.approve", app.id)).toHaveLength(1);
    const mail = (await sentMails()).at(-1)!;
    expect(mail).toContain(`To: ${user.email}`);
    expect(mail).toContain("Dobr");
    expect(await refusal(() => approveApplication(admin.id, app.id))).toBe("notPending");
  });

  test("reject needs a reason; the user may apply again", async () => {
    const user = await createUser({ status: "applied_for_job" });
    const app = await pendingApplication(user.id);
    expect(await refusal(() => rejectApplication(admin.id, app.id, "  "))).toBe("reasonRequired");
    await rejectApplication(admin.id, app.id, "The ID photo is blurred");
    expect((await getUserRow(user.id))?.status).toBe("job_rejected");
    expect((await sentMails()).at(-1)).toContain("The ID photo is blurred");
    // Applying again needs documents: without drafts nothing changes.
    expect(
      await refusal(() =>
        submitApplication(user.id, {
          fullName: "Ivan",
          age: 30,
          citizenship: "other",
          phone: "+421903123456",
          contactMethod: "phone",
        }),
      ),
    ).toBe("documentsMissing");
    expect(await refusal(() => approveApplication(admin.id, 999999))).toBe("notFound");
  });
});

describe("vehicle decisions", () => {
  async function courierWithRequest(
    status: "working_no_vehicle" = "working_no_vehicle",
    vehicleStatus: "available" | "future" = "available",
  ) {
    const user = await createUser({ status });
    const vehicle = await createVehicle({
      status: vehicleStatus,
      availableSince: vehicleStatus === "future" ? new Date(Date.now() + 7 * 864e5) : null,
    });
    const request = await createVehicleRequest(user.id, vehicle.id, await agreedRent());
    return { user, vehicle, request };
  }

  test("approve assigns the vehicle with the lease; the audit names the request", async () => {
    const { user, vehicle, request } = await courierWithRequest();
    expect(request.kind).toBe("request");
    const { expiresAt } = await approveVehicleRequest(admin.id, request.id, { leaseDays: 10 });
    const v = await vehicleOf(vehicle.id);
    expect([v.status, v.assignedUserId, v.leaseEndsAt?.getTime()]).toEqual(["in_use", user.id, expiresAt.getTime()]);
    expect(Math.round((expiresAt.getTime() - Date.now()) / 864e5)).toBe(10);
    expect((await getUserRow(user.id))?.status).toBe("working_with_vehicle");
    expect(await auditFor("vehicle_request.approve", request.id)).toHaveLength(1);
    expect((await sentMails()).at(-1)).toContain("Your vehicle is ready");
  });

  test("swap keeps the user riding, approval frees the old vehicle", async () => {
    const { user, vehicle, request } = await courierWithRequest();
    await approveVehicleRequest(admin.id, request.id);
    const next = await createVehicle();
    const swap = await createVehicleRequest(user.id, next.id, await agreedRent());
    expect([swap.kind, swap.currentVehicleId, swap.requestedVehicleId]).toEqual(["swap", vehicle.id, next.id]);
    expect((await getUserRow(user.id))?.status).toBe("working_with_vehicle");
    await approveVehicleRequest(admin.id, swap.id);
    expect(await vehicleOf(vehicle.id)).toMatchObject({ status: "available", assignedUserId: null, leaseEndsAt: null });
    expect(await vehicleOf(next.id)).toMatchObject({ status: "in_use", assignedUserId: user.id });
    expect((await getUserRow(user.id))?.status).toBe("working_with_vehicle");
  });

  test("a rejected swap leaves the vehicle; a rejected request allows a new one", async () => {
    const { user, request } = await courierWithRequest();
    await rejectVehicleRequest(admin.id, request.id, "Not in your area");
    expect((await getUserRow(user.id))?.status).toBe("vehicle_rejected");
    expect((await sentMails()).at(-1)).toContain("Not in your area");
    const again = await createVehicleRequest(user.id, (await createVehicle()).id, await agreedRent());
    await approveVehicleRequest(admin.id, again.id);
    const swap = await createVehicleRequest(user.id, (await createVehicle()).id, await agreedRent());
    await rejectVehicleRequest(admin.id, swap.id, "Keep the current one");
    expect((await getUserRow(user.id))?.status).toBe("working_with_vehicle");
    expect(
      (await writerForTests().select().from(vehicleRequests).where(eq(vehicleRequests.id, swap.id)))[0]?.status,
    ).toBe("rejected");
  });

  test("a reserved future vehicle is approvable only once it is available", async () => {
    const { user, vehicle, request } = await courierWithRequest("working_no_vehicle", "future");
    expect(request.kind).toBe("reserve");
    expect(await refusal(() => approveVehicleRequest(admin.id, request.id))).toBe("vehicleNotYetAvailable");
    // Nothing changed: the refusal rolled the whole decision back.
    expect((await getUserRow(user.id))?.status).toBe("applied_for_vehicle");
    await writerForTests().update(vehicles).set({ status: "available" }).where(eq(vehicles.id, vehicle.id));
    await approveVehicleRequest(admin.id, request.id);
    expect((await vehicleOf(vehicle.id)).assignedUserId).toBe(user.id);
  });

  test("after the lease ends no swap can be requested", async () => {
    const { user, request } = await courierWithRequest();
    await approveVehicleRequest(admin.id, request.id);
    await writerForTests().update(users).set({ status: "lease_expired" }).where(eq(users.id, user.id));
    expect(
      await refusal(async () => createVehicleRequest(user.id, (await createVehicle()).id, await agreedRent())),
    ).toBe("notAllowed");
  });

  test("a vehicle taken meanwhile cannot be approved twice", async () => {
    const a = await createUser({ status: "working_no_vehicle" });
    const b = await createUser({ status: "working_no_vehicle" });
    const vehicle = await createVehicle();
    const ra = await createVehicleRequest(a.id, vehicle.id, await agreedRent());
    const rb = await createVehicleRequest(b.id, vehicle.id, await agreedRent());
    await approveVehicleRequest(admin.id, ra.id);
    expect(await refusal(() => approveVehicleRequest(admin.id, rb.id))).toBe("vehicleUnavailable");
    expect((await getUserRow(b.id))?.status).toBe("applied_for_vehicle");
  });
});

describe("problem report conversation", () => {
  async function courierWithReport(language: "sk" | "ua" | "en" = "en") {
    const user = await createUser({ status: "working_no_vehicle", language });
    const request = await createVehicleRequest(user.id, (await createVehicle()).id, await agreedRent());
    await approveVehicleRequest(admin.id, request.id);
    const report = await createProblemReport(user.id, "Flat tyre", []);
    return { user, report };
  }
  const reportRow = async (id: number) =>
    (await writerForTests().select().from(problemReports).where(eq(problemReports.id, id)))[0]!;

  test("an admin reply is a message, not a resolution: audited and e-mailed in the courier's language", async () => {
    const { user, report } = await courierWithReport("ua");
    expect(await refusal(() => createProblemReport(user.id, "Again", []))).toBe("cooldown");
    expect(await refusal(() => replyToProblemReport(admin.id, report.id, " "))).toBe("replyRequired");
    await replyToProblemReport(admin.id, report.id, "A mechanic comes tomorrow at 9.");
    await replyToProblemReport(admin.id, report.id, "He is on his way.");
    expect((await reportRow(report.id)).status).toBe("open");
    expect(await auditFor("problem_report.reply", report.id)).toHaveLength(2);
    const mail = parseMail((await sentMails()).at(-1)!);
    expect(mail.to).toContain(user.email);
    expect(mail.subject).toBe("Відповідь на ваше повідомлення про проблему");
    expect(mail.text).toContain("He is on his way.");
    expect((await listOwnReports(user.id))[0]!.thread.map((m) => [m.from, m.body])).toEqual([
      ["courier", "Flat tyre"],
      ["admin", "A mechanic comes tomorrow at 9."],
      ["admin", "He is on his way."],
    ]);
    expect(await refusal(() => replyToProblemReport(admin.id, 999999, "x"))).toBe("notFound");
  });

  test("the courier replies only to their own open report", async () => {
    const { user, report } = await courierWithReport();
    const other = await createUser({ status: "working_no_vehicle" });
    expect(await refusal(() => addCourierMessage(other.id, report.id, "Not mine"))).toBe("notFound");
    expect(await refusal(() => addCourierMessage(user.id, report.id, "  "))).toBe("replyRequired");
    await addCourierMessage(user.id, report.id, "The back wheel too.");
    expect((await listOwnReports(user.id))[0]!.thread.at(-1)).toMatchObject({
      from: "courier",
      body: "The back wheel too.",
    });
    expect(await listOwnReports(other.id)).toEqual([]);
    await setProblemReportStatus(admin.id, report.id, "resolved");
    expect(await refusal(() => addCourierMessage(user.id, report.id, "Still broken"))).toBe("notPending");
  });

  test("resolving and reopening are separate admin actions, each audited in the same transaction", async () => {
    const { report } = await courierWithReport();
    await setProblemReportStatus(admin.id, report.id, "resolved");
    expect([(await reportRow(report.id)).status, (await reportRow(report.id)).resolvedById]).toEqual([
      "resolved",
      admin.id,
    ]);
    expect(await refusal(() => setProblemReportStatus(admin.id, report.id, "resolved"))).toBe("notPending");
    await setProblemReportStatus(admin.id, report.id, "open");
    expect([(await reportRow(report.id)).status, (await reportRow(report.id)).resolvedAt]).toEqual(["open", null]);
    expect(await auditFor("problem_report.resolve", report.id)).toHaveLength(1);
    expect(await auditFor("problem_report.reopen", report.id)).toHaveLength(1);
    expect(await refusal(() => setProblemReportStatus(admin.id, 999999, "open"))).toBe("notFound");
  });
});
