import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { applications, auditLog, statusHistory, uploads } from "~db/schema";
import { config } from "~/infra/config.server";
import { storage } from "~/infra/storage.server";
import { writerForTests } from "~/infra/db.server";
import { rejectApplication, rejectApplications } from "~/models/applications.server";
import { createUser, getUserRow, sessionCookieHeader } from "../../tests/factories";
import { applicationForm, sentMails } from "../../tests/dashboard-helpers";
import { parseMail } from "../../tests/mail-capture";
import { failureOf, failWrites } from "../../tests/raw-sql";
import { png } from "../../tests/media-fixtures";
import { call, readJson } from "../../tests/route-harness";
import * as dashboard from "./dashboard";
import * as applyRoute from "./dashboard/apply";
import * as draftRoute from "./dashboard/draft";
import * as documents from "./dashboard-documents";

type Loader = {
  draft: Record<string, string> | null;
  drafts: { id: number; kind: string }[];
  replaceDocuments: string[];
};

async function courier(language: "sk" | "ua" | "en" = "en") {
  const user = await createUser({ status: "confirmed_account", language });
  return { user, cookie: await sessionCookieHeader(user.id) };
}
const load = async (cookie: string) => readJson<Loader>(await call(dashboard.loader, "/dashboard", { cookie }));
const apply = (cookie: string, form: FormData) => call(applyRoute.action, "/dashboard/apply", { form, cookie });
const documentDrafts = async (userId: number) =>
  await writerForTests()
    .select()
    .from(uploads)
    .where(and(eq(uploads.ownerId, userId), isNull(uploads.applicationId)));
const admin = await createUser({ role: "admin" });

describe("drafts that survive", () => {
  test("typed fields are saved as the draft and come back on the next load (any session)", async () => {
    const { user, cookie } = await courier();
    const form = new FormData();
    form.set("fullName", "Olena Kovalenko");
    form.set("phone", "0903 123 456");
    form.set("citizenship", "other");
    form.set("password", "not a draft field");
    expect((await call(draftRoute.action, "/dashboard/draft", { form, cookie })).status).toBe(200);
    const other = await sessionCookieHeader(user.id);
    expect((await load(other)).draft).toEqual({
      fullName: "Olena Kovalenko",
      phone: "0903 123 456",
      citizenship: "other",
    });
  });

  test("a failed submit without JS keeps the typed fields; a successful one clears the draft", async () => {
    const { cookie } = await courier();
    expect((await apply(cookie, await applicationForm({ phone: "12" }))).status).toBe(400);
    expect((await load(cookie)).draft).toMatchObject({
      fullName: "Olena Kovalenko",
      phone: "12",
      contactUsername: "olena_k",
    });
    expect(
      (
        await apply(
          cookie,
          await applicationForm({}, { face_photo: null, id_front: null, id_back: null, refugee_document: null }),
        )
      ).status,
    ).toBe(302);
    expect((await load(cookie)).draft).toBeNull();
  });
});

describe("one document at a time", () => {
  test("an uploaded document becomes the draft of its kind; a bad one names the problem", async () => {
    const { user, cookie } = await courier();
    const form = new FormData();
    form.append("id_front", new File([new Uint8Array(await png(300, 200))], "front.png", { type: "image/png" }));
    const ok = await call(documents.action, "/dashboard/documents", { form, cookie });
    expect(ok.status).toBe(201);
    expect((await readJson<{ kind: string }>(ok)).kind).toBe("id_front");
    expect((await documentDrafts(user.id)).map((d) => d.kind)).toEqual(["id_front"]);

    const bad = new FormData();
    bad.append("face_photo", new File(["not an image at all, just text"], "face.jpg", { type: "image/jpeg" }));
    const refused = await call(documents.action, "/dashboard/documents", { form: bad, cookie });
    expect(refused.status).toBe(400);
    expect(await readJson(refused)).toMatchObject({ field: "face_photo" });
  });

  test("a HEIC photo the server cannot decode gets a clear, translated answer", async () => {
    const { cookie } = await courier("sk");
    // An ISO-BMFF header with the iPhone's "heic" brand and no decodable image behind it.
    const header = new Uint8Array([
      0,
      0,
      0,
      24,
      ...new TextEncoder().encode("ftypheic"),
      0,
      0,
      0,
      0,
      ...new TextEncoder().encode("mif1heic"),
      ...new Uint8Array(64),
    ]);
    const form = new FormData();
    form.append("face_photo", new File([header], "IMG_0001.HEIC", { type: "image/heic" }));
    const refused = await call(documents.action, "/dashboard/documents", { form, cookie });
    expect(refused.status).toBe(400);
    expect((await readJson<{ error: string }>(refused)).error).toContain("HEIC");
  });
});

describe("resubmission after a rejection", () => {
  test("the form opens with the previous application; only the ticked documents must be replaced", async () => {
    const { user, cookie } = await courier("ua");
    expect((await apply(cookie, await applicationForm())).status).toBe(302);
    const first = (await writerForTests().select().from(applications).where(eq(applications.userId, user.id)))[0]!;
    await rejectApplication(admin.id, first.id, { reasonCode: "blurryPhoto", reason: "", replace: ["face_photo"] });

    const row = (await writerForTests().select().from(applications).where(eq(applications.id, first.id)))[0]!;
    expect(row.rejectionReasonCode).toBe("blurryPhoto");
    expect(row.rejectionReason).toBe("Фото розмите або нечитабельне");
    expect(parseMail((await sentMails()).at(-1)!).text).toContain("Фото розмите або нечитабельне");

    const data = await load(cookie);
    expect(data.draft).toMatchObject({
      fullName: "Olena Kovalenko",
      phone: "+421903123456",
      contactUsername: "olena_k",
    });
    expect(data.replaceDocuments).toEqual(["face_photo"]);
    expect(data.drafts.map((d) => d.kind).sort()).toEqual(["id_back", "id_front", "refugee_document"]);

    // The courier sends only the new face photo.
    const again = await apply(
      cookie,
      await applicationForm({}, { id_front: null, id_back: null, refugee_document: null }),
    );
    expect(again.status).toBe(302);
    const second = (
      await writerForTests()
        .select()
        .from(applications)
        .where(eq(applications.userId, user.id))
        .orderBy(applications.id)
    ).at(-1)!;
    expect(second.id).not.toBe(first.id);
    const kinds = async (id: number) =>
      (await writerForTests().select({ kind: uploads.kind }).from(uploads).where(eq(uploads.applicationId, id)))
        .map((r) => r.kind)
        .sort();
    expect(await kinds(second.id)).toEqual(["face_photo", "id_back", "id_front", "refugee_document"]);
    expect(await kinds(first.id)).toEqual(["face_photo", "id_back", "id_front", "refugee_document"]);
    const history = (
      await writerForTests()
        .select()
        .from(statusHistory)
        .where(eq(statusHistory.userId, user.id))
        .orderBy(statusHistory.id)
    ).map((h) => h.toStatus);
    expect(history.filter((s) => s === "applied_for_job")).toHaveLength(2);
    expect((await getUserRow(user.id))?.status).toBe("applied_for_job");
  });

  test("a written reason alone still works; neither is refused", async () => {
    const { user, cookie } = await courier();
    await apply(cookie, await applicationForm());
    const app = (await writerForTests().select().from(applications).where(eq(applications.userId, user.id)))[0]!;
    await expect(rejectApplication(admin.id, app.id, { reason: " ", replace: [] })).rejects.toThrow("reasonRequired");
    await rejectApplication(admin.id, app.id, { reason: "Please call us first", replace: ["id_front", "id_back"] });
    expect((await load(cookie)).drafts.map((d) => d.kind).sort()).toEqual(["face_photo", "refugee_document"]);
  });

  test("a bulk rejection is one transaction: a failure in any row leaves every row and file as it was", async () => {
    const applied = [];
    for (let i = 0; i < 3; i++) {
      const { user, cookie } = await courier();
      await apply(cookie, await applicationForm());
      applied.push((await writerForTests().select().from(applications).where(eq(applications.userId, user.id)))[0]!);
    }
    const ids = applied.map((a) => a.id);
    // Received parts wait on the local disk, prepared copies in the store (the bucket with STORAGE_URL).
    const temporaryFiles = async () => {
      const names = new Set([
        ...readdirSync(config().uploadsDir),
        ...(await storage().list()).map((entry) => entry.key),
      ]);
      return [...names].filter((name) => name.startsWith(".tmp")).length;
    };
    const before = await temporaryFiles();
    // The last row fails for a reason that is not a decision (a broken write), after two rows succeeded.
    const removeFault = await failWrites("audit_log", "insert", `NEW.entity_id = ${ids[2]}`, "disk full");
    try {
      expect(
        await failureOf(rejectApplications(admin.id, ids, { reasonCode: "blurryPhoto", replace: ["face_photo"] })),
      ).toContain("disk full");
    } finally {
      await removeFault();
    }
    const rows = await writerForTests()
      .select()
      .from(applications)
      .where(inArray(applications.id, ids))
      .orderBy(applications.id);
    expect(rows.map((r) => r.status)).toEqual(["pending", "pending", "pending"]);
    expect(
      await writerForTests()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "application.reject"), inArray(auditLog.entityId, ids))),
    ).toHaveLength(0);
    expect(await Promise.all(applied.map(async (a) => (await documentDrafts(a.userId)).length))).toEqual([0, 0, 0]);
    expect(await temporaryFiles()).toBe(before);

    // The same bulk action without the fault: every row decided, the kept documents carried over.
    expect(await rejectApplications(admin.id, ids, { reasonCode: "blurryPhoto", replace: ["face_photo"] })).toEqual({
      done: ids,
      skipped: [],
    });
    expect(
      await Promise.all(applied.map(async (a) => (await documentDrafts(a.userId)).map((d) => d.kind).sort())),
    ).toEqual(Array(3).fill(["id_back", "id_front", "refugee_document"]));
    expect(await temporaryFiles()).toBe(before);
  });
});
