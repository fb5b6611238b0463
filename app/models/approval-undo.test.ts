import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { applications, auditLog, outbox, statusHistory } from "~db/schema";
import { applicationVersion } from "~/domain/review-queue";
import { writerForTests } from "~/infra/db.server";
import { agreedRent, createUser, getUserRow, refusalKey } from "../../tests/factories";
import { approveApplication, rejectApplication } from "./applications.server";
import { undoApproval } from "./approval-undo.server";
import { DecisionError } from "./decisions.server";
import { createVehicle } from "../../tests/dashboard-helpers";
import { createVehicleRequest } from "./vehicle-requests.server";

const admin = await createUser({ role: "admin" });
const other = await createUser({ role: "admin" });
const refusal = (run: () => unknown) => refusalKey(DecisionError, run);
const appRow = async (id: number) =>
  (await writerForTests().select().from(applications).where(eq(applications.id, id)))[0]!;

async function pendingApplication() {
  const user = await createUser({ status: "applied_for_job", language: "ua" });
  const [app] = await writerForTests()
    .insert(applications)
    .values({ userId: user.id, fullName: "Oleh Koval", age: 30, phone: "+421903123456", contactMethod: "phone" })
    .returning();
  return { user, app: app! };
}

describe("a decision names the state the page showed", () => {
  test("a decision posted for a state the page did not show is refused, nothing written", async () => {
    const { user, app } = await pendingApplication();
    expect(await refusal(() => approveApplication(admin.id, app.id, { shownVersion: "approved.123" }))).toBe(
      "stalePage",
    );
    expect(await refusal(() => rejectApplication(admin.id, app.id, "Blurred", "rejected.5"))).toBe("stalePage");
    expect((await appRow(app.id)).status).toBe("pending");
    expect((await getUserRow(user.id))?.status).toBe("applied_for_job");
    await approveApplication(admin.id, app.id, { shownVersion: applicationVersion(await appRow(app.id)) });
    expect((await appRow(app.id)).status).toBe("approved");
  });
});

describe("undo an approval", () => {
  test("by the same admin within 10 s: waiting again, history and audit written, the unsent approval mail withdrawn", async () => {
    const { user, app } = await pendingApplication();
    await approveApplication(admin.id, app.id);
    expect(await refusal(() => undoApproval(other.id, app.id))).toBe("undoExpired");
    await undoApproval(admin.id, app.id);
    const row = await appRow(app.id);
    expect([row.status, row.decidedAt, row.decidedById]).toEqual(["pending", null, null]);
    expect((await getUserRow(user.id))?.status).toBe("applied_for_job");
    const last = (
      await writerForTests()
        .select()
        .from(statusHistory)
        .where(eq(statusHistory.userId, user.id))
        .orderBy(statusHistory.id)
    ).at(-1)!;
    expect([last.fromStatus, last.toStatus, last.actorId]).toEqual(["working_no_vehicle", "applied_for_job", admin.id]);
    expect(
      await writerForTests()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "application.undoApprove"), eq(auditLog.entityId, app.id))),
    ).toHaveLength(1);
    const mails = await writerForTests().select().from(outbox).where(eq(outbox.userId, user.id));
    // Either the approval never left (withdrawn) or a correction follows it.
    expect(mails.filter((m) => m.kind === "applicationApproved" && !m.sentAt)).toHaveLength(0);
    if (mails.some((m) => m.kind === "applicationApproved"))
      expect(mails.some((m) => m.kind === "approvalWithdrawn")).toBe(true);
    // Waiting again, so it can be decided again.
    await approveApplication(admin.id, app.id);
    expect((await appRow(app.id)).status).toBe("approved");
  });

  test("refused after 10 s, twice, or once something else happened to the courier", async () => {
    const late = await pendingApplication();
    await approveApplication(admin.id, late.app.id);
    await writerForTests()
      .update(applications)
      .set({ decidedAt: new Date(Date.now() - 11_000) })
      .where(eq(applications.id, late.app.id));
    expect(await refusal(() => undoApproval(admin.id, late.app.id))).toBe("undoExpired");

    const twice = await pendingApplication();
    await approveApplication(admin.id, twice.app.id);
    await undoApproval(admin.id, twice.app.id);
    expect(await refusal(() => undoApproval(admin.id, twice.app.id))).toBe("undoExpired");

    const moved = await pendingApplication();
    await approveApplication(admin.id, moved.app.id);
    await createVehicleRequest(moved.user.id, (await createVehicle()).id, await agreedRent());
    expect(await refusal(() => undoApproval(admin.id, moved.app.id))).toBe("undoExpired");
    expect((await appRow(moved.app.id)).status).toBe("approved");
  });
});
