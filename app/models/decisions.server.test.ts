import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { applications, auditLog, problemReports, statusHistory, users, vehicleRequests, vehicles } from "~db/schema";
import { db } from "~/infra/db.server";
import { createUser, getUserRow, refusalKey } from "../../tests/factories";
import { createVehicle, sentMails } from "../../tests/dashboard-helpers";
import { parseMail } from "../../tests/mail-capture";
import { approveApplication, rejectApplication, submitApplication } from "./applications.server";
import { DecisionError } from "./decisions.server";
import { addCourierMessage, createProblemReport, listOwnReports, replyToProblemReport, setProblemReportStatus } from "./problem-reports.server";
import { approveVehicleRequest, createVehicleRequest, rejectVehicleRequest } from "./vehicle-requests.server";

const admin = await createUser({ role: "admin" });
const vehicleOf = (id: number) => db().select().from(vehicles).where(eq(vehicles.id, id)).get()!;
const auditFor = (action: string, entityId: number) =>
  db().select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId))).all();

function pendingApplication(userId: number) {
  return db()
    .insert(applications)
    .values({ userId, fullName: "Ivan Petrenko", age: 30, phone: "+421903123456", contactMethod: "phone" })
    .returning()
    .get();
}

const refusal = (run: () => unknown) => refusalKey(DecisionError, run);

describe("application decisions", () => {
  test("approve: status, history, audit and an e-mail in the user's language", async () => {
    const user = await createUser({ status: "applied_for_job", language: "sk" });
    const app = pendingApplication(user.id);
    await approveApplication(admin.id, app.id);
    expect(getUserRow(user.id)?.status).toBe("working_no_vehicle");
    const history = db().select().from(statusHistory).where(eq(statusHistory.userId, user.id)).all().at(-1)!;
    expect([history.fromStatus, history.toStatus, history.actorId]).toEqual(["applied_for_job", "working_no_vehicle", admin.id]);
    expect(auditFor("application.approve", app.id)).toHaveLength(1);
    const mail = sentMails().at(-1)!;
    expect(mail).toContain(`To: ${user.email}`);
    expect(mail).toContain("Dobr");
    expect(await refusal(() => approveApplication(admin.id, app.id))).toBe("notPending");
  });

  test("reject needs a reason; the user may apply again", async () => {
    const user = await createUser({ status: "applied_for_job" });
    const app = pendingApplication(user.id);
    expect(await refusal(() => rejectApplication(admin.id, app.id, "  "))).toBe("reasonRequired");
    await rejectApplication(admin.id, app.id, "The ID photo is blurred");
    expect(getUserRow(user.id)?.status).toBe("job_rejected");
    expect(sentMails().at(-1)).toContain("The ID photo is blurred");
    // Applying again needs documents: without drafts nothing changes.
    expect(await refusal(() => submitApplication(user.id, { fullName: "Ivan", age: 30, citizenship: "other", phone: "+421903123456", contactMethod: "phone" }))).toBe("documentsMissing");
    expect(await refusal(() => approveApplication(admin.id, 999999))).toBe("notFound");
  });
});

describe("vehicle decisions", () => {
  async function courierWithRequest(status: "working_no_vehicle" = "working_no_vehicle", vehicleStatus: "available" | "future" = "available") {
    const user = await createUser({ status });
    const vehicle = createVehicle({ status: vehicleStatus, availableSince: vehicleStatus === "future" ? new Date(Date.now() + 7 * 864e5) : null });
    const request = createVehicleRequest(user.id, vehicle.id);
    return { user, vehicle, request };
  }

  test("approve assigns the vehicle with the lease; the audit names the request", async () => {
    const { user, vehicle, request } = await courierWithRequest();
    expect(request.kind).toBe("request");
    const { expiresAt } = await approveVehicleRequest(admin.id, request.id, { leaseDays: 10 });
    const v = vehicleOf(vehicle.id);
    expect([v.status, v.assignedUserId, v.leaseEndsAt?.getTime()]).toEqual(["in_use", user.id, expiresAt.getTime()]);
    expect(Math.round((expiresAt.getTime() - Date.now()) / 864e5)).toBe(10);
    expect(getUserRow(user.id)?.status).toBe("working_with_vehicle");
    expect(auditFor("vehicle_request.approve", request.id)).toHaveLength(1);
    expect(sentMails().at(-1)).toContain("Your vehicle is ready");
  });

  test("swap keeps the user riding, approval frees the old vehicle", async () => {
    const { user, vehicle, request } = await courierWithRequest();
    await approveVehicleRequest(admin.id, request.id);
    const next = createVehicle();
    const swap = createVehicleRequest(user.id, next.id);
    expect([swap.kind, swap.currentVehicleId, swap.requestedVehicleId]).toEqual(["swap", vehicle.id, next.id]);
    expect(getUserRow(user.id)?.status).toBe("working_with_vehicle");
    await approveVehicleRequest(admin.id, swap.id);
    expect(vehicleOf(vehicle.id)).toMatchObject({ status: "available", assignedUserId: null, leaseEndsAt: null });
    expect(vehicleOf(next.id)).toMatchObject({ status: "in_use", assignedUserId: user.id });
    expect(getUserRow(user.id)?.status).toBe("working_with_vehicle");
  });

  test("a rejected swap leaves the vehicle; a rejected request allows a new one", async () => {
    const { user, request } = await courierWithRequest();
    await rejectVehicleRequest(admin.id, request.id, "Not in your area");
    expect(getUserRow(user.id)?.status).toBe("vehicle_rejected");
    expect(sentMails().at(-1)).toContain("Not in your area");
    const again = createVehicleRequest(user.id, createVehicle().id);
    await approveVehicleRequest(admin.id, again.id);
    const swap = createVehicleRequest(user.id, createVehicle().id);
    await rejectVehicleRequest(admin.id, swap.id, "Keep the current one");
    expect(getUserRow(user.id)?.status).toBe("working_with_vehicle");
    expect(db().select().from(vehicleRequests).where(eq(vehicleRequests.id, swap.id)).get()?.status).toBe("rejected");
  });

  test("a reserved future vehicle is approvable only once it is available", async () => {
    const { user, vehicle, request } = await courierWithRequest("working_no_vehicle", "future");
    expect(request.kind).toBe("reserve");
    expect(await refusal(() => approveVehicleRequest(admin.id, request.id))).toBe("vehicleNotYetAvailable");
    // Nothing changed: the refusal rolled the whole decision back.
    expect(getUserRow(user.id)?.status).toBe("applied_for_vehicle");
    db().update(vehicles).set({ status: "available" }).where(eq(vehicles.id, vehicle.id)).run();
    await approveVehicleRequest(admin.id, request.id);
    expect(vehicleOf(vehicle.id).assignedUserId).toBe(user.id);
  });

  test("after the lease ends no swap can be requested", async () => {
    const { user, request } = await courierWithRequest();
    await approveVehicleRequest(admin.id, request.id);
    db().update(users).set({ status: "lease_expired" }).where(eq(users.id, user.id)).run();
    expect(await refusal(() => createVehicleRequest(user.id, createVehicle().id))).toBe("notAllowed");
  });

  test("a vehicle taken meanwhile cannot be approved twice", async () => {
    const a = await createUser({ status: "working_no_vehicle" });
    const b = await createUser({ status: "working_no_vehicle" });
    const vehicle = createVehicle();
    const ra = createVehicleRequest(a.id, vehicle.id);
    const rb = createVehicleRequest(b.id, vehicle.id);
    await approveVehicleRequest(admin.id, ra.id);
    expect(await refusal(() => approveVehicleRequest(admin.id, rb.id))).toBe("vehicleUnavailable");
    expect(getUserRow(b.id)?.status).toBe("applied_for_vehicle");
  });
});

describe("problem report conversation", () => {
  async function courierWithReport(language: "sk" | "ua" | "en" = "en") {
    const user = await createUser({ status: "working_no_vehicle", language });
    const request = createVehicleRequest(user.id, createVehicle().id);
    await approveVehicleRequest(admin.id, request.id);
    const report = await createProblemReport(user.id, "Flat tyre", []);
    return { user, report };
  }
  const reportRow = (id: number) => db().select().from(problemReports).where(eq(problemReports.id, id)).get()!;

  test("an admin reply is a message, not a resolution: audited and e-mailed in the courier's language", async () => {
    const { user, report } = await courierWithReport("ua");
    expect(await refusal(() => createProblemReport(user.id, "Again", []))).toBe("cooldown");
    expect(await refusal(() => replyToProblemReport(admin.id, report.id, " "))).toBe("replyRequired");
    await replyToProblemReport(admin.id, report.id, "A mechanic comes tomorrow at 9.");
    await replyToProblemReport(admin.id, report.id, "He is on his way.");
    expect(reportRow(report.id).status).toBe("open");
    expect(auditFor("problem_report.reply", report.id)).toHaveLength(2);
    const mail = parseMail(sentMails().at(-1)!);
    expect(mail.to).toContain(user.email);
    expect(mail.subject).toBe("Відповідь на ваше повідомлення про проблему");
    expect(mail.text).toContain("He is on his way.");
    expect(listOwnReports(user.id)[0]!.thread.map((m) => [m.from, m.body])).toEqual([
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
    addCourierMessage(user.id, report.id, "The back wheel too.");
    expect(listOwnReports(user.id)[0]!.thread.at(-1)).toMatchObject({ from: "courier", body: "The back wheel too." });
    expect(listOwnReports(other.id)).toEqual([]);
    setProblemReportStatus(admin.id, report.id, "resolved");
    expect(await refusal(() => addCourierMessage(user.id, report.id, "Still broken"))).toBe("notPending");
  });

  test("resolving and reopening are separate admin actions, each audited in the same transaction", async () => {
    const { report } = await courierWithReport();
    setProblemReportStatus(admin.id, report.id, "resolved");
    expect([reportRow(report.id).status, reportRow(report.id).resolvedById]).toEqual(["resolved", admin.id]);
    expect(await refusal(() => setProblemReportStatus(admin.id, report.id, "resolved"))).toBe("notPending");
    setProblemReportStatus(admin.id, report.id, "open");
    expect([reportRow(report.id).status, reportRow(report.id).resolvedAt]).toEqual(["open", null]);
    expect(auditFor("problem_report.resolve", report.id)).toHaveLength(1);
    expect(auditFor("problem_report.reopen", report.id)).toHaveLength(1);
    expect(await refusal(() => setProblemReportStatus(admin.id, 999999, "open"))).toBe("notFound");
  });
});
