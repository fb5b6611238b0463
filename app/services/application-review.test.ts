import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { applications } from "~db/schema";
import { applicationVersion, canUndoApproval, UNDO_APPROVAL_MS } from "~/domain/review-queue";
import { writerForTests } from "~/infra/db.server";
import { pendingApplicationQueue } from "~/models/applications.server";
import { undoApproval } from "~/models/approval-undo.server";
import { DecisionError } from "~/models/decisions.server";
import { createUser, refusalKey } from "../../tests/factories";
import { decideApplication, shownVersion } from "./application-review.server";

const admin = await createUser({ role: "admin" });
const refusal = (run: () => unknown) => refusalKey(DecisionError, run);
const appRow = async (id: number) =>
  (await writerForTests().select().from(applications).where(eq(applications.id, id)))[0]!;

/** A waiting application; `createdAt` places it in the queue (oldest first). */
async function pendingApplication(createdAt = new Date()) {
  const user = await createUser({ status: "applied_for_job" });
  const [app] = await writerForTests()
    .insert(applications)
    .values({
      userId: user.id,
      fullName: `Oleh ${user.id}`,
      age: 30,
      phone: "+421903123456",
      contactMethod: "phone",
      createdAt,
    })
    .returning();
  return app!;
}

const approve = { intent: "approve" as const, documentValidUntil: undefined };
const reject = { intent: "reject" as const, reason: "Blurred photo", replace: [] };

describe("the page a decision comes from", () => {
  test("a page that showed another application, or a key press that does not say what it saw, is stale", async () => {
    expect(await refusal(() => shownVersion(7, { shown: "8", version: "pending.0", keyed: false }))).toBe("stalePage");
    expect(await refusal(() => shownVersion(7, { shown: null, version: "pending.0", keyed: true }))).toBe("stalePage");
    expect(await refusal(() => shownVersion(7, { shown: "7", version: null, keyed: true }))).toBe("stalePage");
  });

  test("the page's own application gives the state it showed; a click without one decides as it stands", () => {
    expect(shownVersion(7, { shown: "7", version: "pending.0", keyed: true })).toBe("pending.0");
    expect(shownVersion(7, { shown: "7", version: null, keyed: false })).toBeUndefined();
    expect(shownVersion(7, { shown: null, version: null, keyed: false })).toBeUndefined();
  });

  test("a decision against a state that changed meanwhile is refused and nothing is written", async () => {
    const app = await pendingApplication();
    const options = { shownVersion: "approved.123", keyed: true, openNext: false };
    expect(await refusal(() => decideApplication(admin.id, app.id, approve, options))).toBe("stalePage");
    expect((await appRow(app.id)).status).toBe("pending");
  });
});

describe("… and open the next", () => {
  test("goes to the application that waited after this one, not to the new first of the queue", async () => {
    // Far in the future: these three are the last of the queue, whatever else waits.
    const at = (n: number) => new Date(Date.UTC(2100, 0, 1, 0, 0, n));
    await pendingApplication(at(1));
    const second = await pendingApplication(at(2));
    const third = await pendingApplication(at(3));
    const decided = await decideApplication(admin.id, second.id, reject, { keyed: false, openNext: true });
    expect(decided).toEqual({ approved: false, next: third.id });
    expect((await appRow(second.id)).status).toBe("rejected");
  });

  test("after the last one it goes back to the oldest that still waits; without asking, nowhere", async () => {
    const last = await pendingApplication(new Date(Date.UTC(2100, 0, 2)));
    const decided = await decideApplication(admin.id, last.id, approve, { keyed: false, openNext: true });
    const queue = await pendingApplicationQueue();
    expect(queue).not.toContain(last.id);
    expect(decided.next).toBe(queue[0] ?? null);
    const other = await pendingApplication();
    expect(
      (await decideApplication(admin.id, other.id, approve, { keyed: false, openNext: false })).next,
    ).toBeUndefined();
  });
});

describe("the undo deadline of a keyed approval", () => {
  test("is the moment undo stops accepting it: taken back just before, refused just after", async () => {
    const app = await pendingApplication();
    const options = { shownVersion: applicationVersion(await appRow(app.id)), keyed: true, openNext: false };
    const decided = await decideApplication(admin.id, app.id, approve, options);
    const decidedAt = (await appRow(app.id)).decidedAt!;
    expect(decided.name).toBe(app.fullName);
    expect(decided.undoUntil).toBe(decidedAt.getTime() + UNDO_APPROVAL_MS);
    expect(canUndoApproval(decidedAt, decided.undoUntil!)).toBe(true);
    expect(canUndoApproval(decidedAt, decided.undoUntil! + 1)).toBe(false);
    // Moved back past the deadline, the same approval can no longer be taken back.
    const late = new Date(Date.now() - UNDO_APPROVAL_MS - 1000);
    await writerForTests().update(applications).set({ decidedAt: late }).where(eq(applications.id, app.id));
    expect(await refusal(() => undoApproval(admin.id, app.id))).toBe("undoExpired");
    await writerForTests().update(applications).set({ decidedAt }).where(eq(applications.id, app.id));
    await undoApproval(admin.id, app.id);
    expect((await appRow(app.id)).status).toBe("pending");
  });

  test("an approval by click, or a rejection, offers no undo", async () => {
    const clicked = await pendingApplication();
    expect(await decideApplication(admin.id, clicked.id, approve, { keyed: false, openNext: false })).toEqual({
      approved: true,
    });
    const rejected = await pendingApplication();
    expect(await decideApplication(admin.id, rejected.id, reject, { keyed: true, openNext: false })).toEqual({
      approved: false,
    });
  });
});
