import { describe, expect, test } from "bun:test";
import { and, eq, inArray } from "drizzle-orm";
import {
  applications,
  auditLog,
  documentReminders,
  settings,
  statusHistory,
  uploads,
  users,
  vehicleRequests,
  vehicles,
} from "~db/schema";
import { parseValidUntil } from "~/domain/document-expiry";
import { writerForTests } from "~/infra/db.server";
import { createVehicle, sentMails } from "../../tests/dashboard-helpers";
import { agreedRent, createUser, getUserRow, refusalKey } from "../../tests/factories";
import { parseMail } from "../../tests/mail-capture";
import { approveApplication } from "./applications.server";
import { DecisionError } from "./decisions.server";
import {
  acceptDocumentRenewal,
  countExpiringDocuments,
  rejectDocumentRenewal,
  runDocumentExpiry,
  submitDocumentRenewal,
} from "./documents.server";
import { deleteReplacedDocuments } from "./privacy.server";
import { createVehicleRequest } from "./vehicle-requests.server";

const DAY = 24 * 60 * 60 * 1000;
const admin = await createUser({ role: "admin" });
const validUntil = parseValidUntil("2031-06-30")!;
const at = (daysBefore: number) => new Date(validUntil.getTime() - daysBefore * DAY);
let fileSerial = 0;

async function courier(
  status: "working_no_vehicle" | "working_with_vehicle" = "working_no_vehicle",
  language: "sk" | "ua" | "en" = "en",
) {
  const user = await createUser({ status, language });
  await writerForTests().update(users).set({ documentValidUntil: validUntil }).where(eq(users.id, user.id));
  return user;
}

/** A right-to-stay file as the upload pipeline leaves it: a draft (or attached to an application). */
async function file(
  ownerId: number,
  kind: "residence_front" | "residence_back" | "refugee_document",
  link: { applicationId?: number } = {},
) {
  return (
    await writerForTests()
      .insert(uploads)
      .values({
        storageKey: `doc-test-${++fileSerial}-${Date.now()}.jpg`,
        kind,
        mime: "image/jpeg",
        size: 10,
        ownerId,
        applicationId: link.applicationId ?? null,
      })
      .returning()
  )[0]!;
}

const mailsTo = async (email: string) => (await sentMails()).map(parseMail).filter((m) => m.to.includes(email));
const remindersOf = async (userId: number) =>
  await writerForTests().select().from(documentReminders).where(eq(documentReminders.userId, userId));

const refusal = (run: () => unknown) => refusalKey(DecisionError, run);

describe("approval confirms the document's date", () => {
  test("the admin's corrected date becomes the courier's valid-until; a past date is refused", async () => {
    const user = await createUser({ status: "applied_for_job" });
    const app = (
      await writerForTests()
        .insert(applications)
        .values({
          userId: user.id,
          fullName: "Oleh Koval",
          age: 30,
          citizenship: "other",
          phone: "+421903123456",
          contactMethod: "phone",
          documentValidUntil: parseValidUntil("2031-01-31"),
        })
        .returning()
    )[0]!;
    expect(
      await refusal(() => approveApplication(admin.id, app.id, { documentValidUntil: parseValidUntil("2020-01-01") })),
    ).toBe("validUntilPast");
    await approveApplication(admin.id, app.id, { documentValidUntil: validUntil });
    expect((await getUserRow(user.id))?.documentValidUntil?.toISOString()).toBe(validUntil.toISOString());
    expect(
      (
        await writerForTests().select().from(applications).where(eq(applications.id, app.id))
      )[0]?.documentValidUntil?.toISOString(),
    ).toBe(validUntil.toISOString());
  });
});

describe("the document-expiry job", () => {
  test("reminds on the operator's days from the rules page (40 and 10 instead of 30 and 7)", async () => {
    const keys = ["documentReminderFirstDays", "documentReminderSecondDays"];
    await writerForTests()
      .insert(settings)
      .values([
        { key: keys[0]!, value: 40 },
        { key: keys[1]!, value: 10 },
      ]);
    try {
      const user = await courier("working_no_vehicle", "en");
      await runDocumentExpiry(at(41));
      expect(await remindersOf(user.id)).toHaveLength(0);
      await runDocumentExpiry(at(40));
      await runDocumentExpiry(at(30));
      expect((await remindersOf(user.id)).map((r) => r.thresholdDays)).toEqual([40]);
      await runDocumentExpiry(at(10));
      await runDocumentExpiry(at(7));
      expect((await remindersOf(user.id)).map((r) => r.thresholdDays).sort()).toEqual([10, 40]);
    } finally {
      await writerForTests().delete(settings).where(inArray(settings.key, keys));
    }
  });

  test("reminds 30 and 7 days before, once each, in the courier's language", async () => {
    const user = await courier("working_no_vehicle", "sk");
    expect(await runDocumentExpiry(at(31))).toEqual({ reminded: 0, expired: 0 });
    await runDocumentExpiry(at(30));
    await runDocumentExpiry(at(29));
    await runDocumentExpiry(at(20));
    expect((await remindersOf(user.id)).map((r) => r.thresholdDays)).toEqual([30]);
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect((await mailsTo(user.email))[0]!.subject).toContain("Váš doklad o pobyte platí do");
    expect((await mailsTo(user.email))[0]!.text).toContain("zostáva dní: 30");
    await runDocumentExpiry(at(7));
    await runDocumentExpiry(at(6));
    expect((await remindersOf(user.id)).map((r) => r.thresholdDays).sort()).toEqual([30, 7]);
    expect(await mailsTo(user.email)).toHaveLength(2);
    expect((await getUserRow(user.id))?.status).toBe("working_no_vehicle");
  });

  test("on the day it ends: documents_expired with history and audit, a pending request refused, one e-mail; idempotent", async () => {
    const user = await courier();
    const vehicle = await createVehicle();
    const request = await createVehicleRequest(user.id, vehicle.id, await agreedRent());
    expect((await getUserRow(user.id))?.status).toBe("applied_for_vehicle");
    expect(await countExpiringDocuments(at(1))).toBeGreaterThanOrEqual(1);
    await runDocumentExpiry(validUntil);
    await runDocumentExpiry(new Date(validUntil.getTime() + DAY));
    expect((await getUserRow(user.id))?.status).toBe("documents_expired");
    const history = (
      await writerForTests()
        .select()
        .from(statusHistory)
        .where(eq(statusHistory.userId, user.id))
        .orderBy(statusHistory.id)
    ).at(-1)!;
    expect([history.fromStatus, history.toStatus]).toEqual(["applied_for_vehicle", "documents_expired"]);
    expect(
      await writerForTests()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "document.expire"), eq(auditLog.subjectUserId, user.id))),
    ).toHaveLength(1);
    expect(
      (await writerForTests().select().from(vehicleRequests).where(eq(vehicleRequests.id, request.id)))[0]?.status,
    ).toBe("rejected");
    expect((await mailsTo(user.email)).filter((m) => m.subject.includes("expired"))).toHaveLength(1);
    // Blocked: no new request until the new document is accepted.
    expect(
      await refusal(async () => createVehicleRequest(user.id, (await createVehicle()).id, await agreedRent())),
    ).toBe("documentsExpired");
  });

  test("a courier riding a vehicle keeps it but cannot swap", async () => {
    const user = await courier("working_with_vehicle");
    const vehicle = await createVehicle();
    await writerForTests()
      .update(vehicles)
      .set({ status: "in_use", assignedUserId: user.id, leaseEndsAt: new Date(validUntil.getTime() + 20 * DAY) })
      .where(eq(vehicles.id, vehicle.id));
    await runDocumentExpiry(validUntil);
    expect((await getUserRow(user.id))?.status).toBe("documents_expired");
    expect((await writerForTests().select().from(vehicles).where(eq(vehicles.id, vehicle.id)))[0]?.assignedUserId).toBe(
      user.id,
    );
    expect(
      await refusal(async () => createVehicleRequest(user.id, (await createVehicle()).id, await agreedRent())),
    ).toBe("documentsExpired");
  });
});

describe("a new document", () => {
  test("needs both residence sides or a refugee document, a future date, one at a time", async () => {
    const user = await courier();
    const now = at(10);
    expect(await refusal(() => submitDocumentRenewal(user.id, parseValidUntil("2032-06-30")!, now))).toBe(
      "documentsMissing",
    );
    await file(user.id, "residence_front");
    expect(await refusal(() => submitDocumentRenewal(user.id, parseValidUntil("2032-06-30")!, now))).toBe(
      "documentsMissing",
    );
    expect(await refusal(() => submitDocumentRenewal(user.id, at(11), now))).toBe("validUntilPast");
    await file(user.id, "residence_back");
    await submitDocumentRenewal(user.id, parseValidUntil("2032-06-30")!, now);
    await file(user.id, "refugee_document");
    expect(await refusal(() => submitDocumentRenewal(user.id, parseValidUntil("2032-06-30")!, now))).toBe(
      "pendingExists",
    );
  });

  test("accepted after expiry: status back with the vehicle, old files replaced and later deleted by retention", async () => {
    const user = await courier("working_with_vehicle");
    const vehicle = await createVehicle();
    await writerForTests()
      .update(vehicles)
      .set({ status: "in_use", assignedUserId: user.id, leaseEndsAt: new Date(validUntil.getTime() + 20 * DAY) })
      .where(eq(vehicles.id, vehicle.id));
    const app = (
      await writerForTests()
        .insert(applications)
        .values({
          userId: user.id,
          fullName: "Iryna",
          age: 25,
          phone: "+421903123456",
          contactMethod: "phone",
          status: "approved",
        })
        .returning()
    )[0]!;
    const old = await file(user.id, "refugee_document", { applicationId: app.id });
    await runDocumentExpiry(validUntil);
    const fresh = await file(user.id, "refugee_document");
    const renewal = await submitDocumentRenewal(user.id, parseValidUntil("2032-06-30")!, validUntil);
    const newDate = parseValidUntil("2032-07-15")!;
    await acceptDocumentRenewal(admin.id, renewal.id, newDate, validUntil);
    const row = (await getUserRow(user.id))!;
    expect(row.status).toBe("working_with_vehicle");
    expect(row.documentValidUntil?.toISOString()).toBe(newDate.toISOString());
    expect((await writerForTests().select().from(uploads).where(eq(uploads.id, old.id)))[0]?.replacedAt).toBeInstanceOf(
      Date,
    );
    expect((await writerForTests().select().from(uploads).where(eq(uploads.id, fresh.id)))[0]?.replacedAt).toBeNull();
    expect(
      await writerForTests()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "document.accept"), eq(auditLog.subjectUserId, user.id))),
    ).toHaveLength(1);
    expect((await mailsTo(user.email)).some((m) => m.subject.includes("accepted"))).toBe(true);
    expect(await refusal(() => acceptDocumentRenewal(admin.id, renewal.id, null, validUntil))).toBe("notPending");
    // Retention: 90 days after it was replaced, the old file goes; the new one stays.
    await deleteReplacedDocuments(validUntil.getTime() + 91 * DAY);
    expect((await writerForTests().select().from(uploads).where(eq(uploads.id, old.id)))[0]).toBeUndefined();
    expect((await writerForTests().select().from(uploads).where(eq(uploads.id, fresh.id)))[0]).toBeDefined();
  });

  test("accepted before expiry: only the date moves; reminders start over for the new date", async () => {
    const user = await courier();
    await runDocumentExpiry(at(30));
    await file(user.id, "refugee_document");
    const renewal = await submitDocumentRenewal(user.id, parseValidUntil("2032-06-30")!, at(25));
    // While a new document waits, no reminder is sent.
    await runDocumentExpiry(at(7));
    expect((await remindersOf(user.id)).map((r) => r.thresholdDays)).toEqual([30]);
    await acceptDocumentRenewal(admin.id, renewal.id, null, at(5));
    expect((await getUserRow(user.id))?.status).toBe("working_no_vehicle");
    await runDocumentExpiry(at(0));
    expect((await getUserRow(user.id))?.status).toBe("working_no_vehicle");
  });

  test("refused with a reason: files marked for retention, the courier may send another", async () => {
    const user = await courier();
    const sent = await file(user.id, "refugee_document");
    const renewal = await submitDocumentRenewal(user.id, parseValidUntil("2032-06-30")!, at(10));
    expect(await refusal(() => rejectDocumentRenewal(admin.id, renewal.id, " "))).toBe("reasonRequired");
    await rejectDocumentRenewal(admin.id, renewal.id, "The photo is blurred", at(9));
    expect(
      (await writerForTests().select().from(uploads).where(eq(uploads.id, sent.id)))[0]?.replacedAt,
    ).toBeInstanceOf(Date);
    expect((await mailsTo(user.email)).at(-1)?.text).toContain("The photo is blurred");
    await file(user.id, "refugee_document");
    expect((await submitDocumentRenewal(user.id, parseValidUntil("2032-06-30")!, at(8))).status).toBe("pending");
  });
});
