import { describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { applications, auditLog, uploads } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { storage } from "~/infra/storage.server";

const storedBytes = async (key: string) => {
  const file = await storage().get(key);
  return file ? Buffer.from(await file.arrayBuffer()) : null;
};
import * as applyRoute from "~/routes/dashboard/apply";
import * as dashboardExport from "~/routes/dashboard-export";
import { applicationForm } from "../../tests/dashboard-helpers";
import { createUser, sessionCookieHeader } from "../../tests/factories";
import { call } from "../../tests/route-harness";
import { rejectApplication } from "./applications.server";
import { deleteExpiredRejectedDocuments } from "./privacy.server";

const DAY = 24 * 60 * 60 * 1000;

async function applied() {
  const user = await createUser({ fullName: "Olena Kovalenko" });
  const cookie = await sessionCookieHeader(user.id);
  const res = await call(applyRoute.action, "/dashboard/apply", { form: await applicationForm(), cookie });
  expect(res.status).toBeLessThan(400);
  const app = (await writerForTests().select().from(applications).where(eq(applications.userId, user.id)))[0]!;
  return { user, cookie, app };
}

/** Unpacks the ZIP (it must start with a ZIP's local file header, "PK\x03\x04") into a fresh folder. */
function extract(bytes: ArrayBuffer) {
  const zip = new Uint8Array(bytes);
  expect([...zip.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  const dir = mkdtempSync(path.join(tmpdir(), "export-test-"));
  for (const [name, content] of Object.entries(unzipSync(zip))) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

describe("download my data (docs/security.md, Privacy)", () => {
  test("a user gets their profile, application, history and files — and nothing of anyone else", async () => {
    const other = await applied();
    const { user, cookie, app } = await applied();
    const res = await call(dashboardExport.loader, "/dashboard/export", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    expect(res.headers.get("Content-Disposition")).toMatch(/filename="courier-fleet-data-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(res.headers.get("Content-Disposition")).toContain("attachment");
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    const dir = extract(await res.arrayBuffer());
    const data = JSON.parse(readFileSync(path.join(dir, "data.json"), "utf8"));
    expect(data.profile.email).toBe(user.email);
    expect(data.profile).not.toHaveProperty("passwordHash");
    expect(data.applications.map((a: { id: number }) => a.id)).toEqual([app.id]);
    expect(data.statusHistory.map((h: { toStatus: string }) => h.toStatus)).toContain("applied_for_job");
    expect(Array.isArray(data.vehicleRequests) && Array.isArray(data.problemReports)).toBe(true);
    const ownRows = await writerForTests().select().from(uploads).where(eq(uploads.applicationId, app.id));
    expect(data.files).toHaveLength(ownRows.length);
    const archived = readdirSync(path.join(dir, "files"));
    expect(archived).toHaveLength(ownRows.length);
    for (const row of ownRows) {
      const entry = data.files.find((f: { id: number }) => f.id === row.id);
      expect(entry.storageKey).toBeUndefined();
      expect(readFileSync(path.join(dir, entry.path))).toEqual((await storedBytes(row.storageKey))!);
    }
    expect(JSON.stringify(data)).not.toContain(other.user.email);
  });

  test("visitors are sent to log in; the export is rate-limited with Retry-After", async () => {
    const visitor = await call(dashboardExport.loader, "/dashboard/export");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toContain("auth=login");
    const user = await createUser({ language: "en" });
    const cookie = await sessionCookieHeader(user.id);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await call(dashboardExport.loader, "/dashboard/export?lng=en", { cookie })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const refused = await call(dashboardExport.loader, "/dashboard/export?lng=en", { cookie });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await refused.json()).error).toMatch(/Too many attempts/);
  });
});

describe("retention of rejected applications' identity documents", () => {
  test("documents go after the retention period, rows and files alike, with an audit entry", async () => {
    const admin = await createUser({ role: "admin" });
    const fresh = await applied();
    const old = await applied();
    await rejectApplication(admin.id, fresh.app.id, "Blurry photos");
    await rejectApplication(admin.id, old.app.id, "Blurry photos");
    await writerForTests()
      .update(applications)
      .set({ decidedAt: new Date(Date.now() - 91 * DAY) })
      .where(eq(applications.id, old.app.id));
    const oldKeys = (await writerForTests().select().from(uploads).where(eq(uploads.applicationId, old.app.id))).map(
      (u) => u.storageKey,
    );
    expect(oldKeys.length).toBeGreaterThan(0);
    expect((await Promise.all(oldKeys.map(storedBytes))).every(Boolean)).toBe(true);

    expect(await deleteExpiredRejectedDocuments()).toBe(oldKeys.length);
    expect(await writerForTests().select().from(uploads).where(eq(uploads.applicationId, old.app.id))).toEqual([]);
    expect((await Promise.all(oldKeys.map(storedBytes))).some(Boolean)).toBe(false);
    expect(
      (await writerForTests().select().from(applications).where(eq(applications.id, old.app.id)))[0]
        ?.documentsDeletedAt,
    ).toBeInstanceOf(Date);
    const audit = await writerForTests().select().from(auditLog).where(eq(auditLog.entityId, old.app.id));
    expect(audit.some((a) => a.action === "application.documentsDeleted")).toBe(true);
    // Rejected 0 days ago: kept. A second run changes nothing.
    expect(
      (await writerForTests().select().from(uploads).where(eq(uploads.applicationId, fresh.app.id))).length,
    ).toBeGreaterThan(0);
    expect(await deleteExpiredRejectedDocuments()).toBe(0);
  });

  test("the retention period is the operator's setting", async () => {
    const admin = await createUser({ role: "admin" });
    const { app } = await applied();
    await rejectApplication(admin.id, app.id, "Incomplete");
    await writerForTests()
      .update(applications)
      .set({ decidedAt: new Date(Date.now() - 10 * DAY) })
      .where(eq(applications.id, app.id));
    expect(await deleteExpiredRejectedDocuments()).toBe(0);
    expect(await deleteExpiredRejectedDocuments(Date.now() + 81 * DAY)).toBeGreaterThan(0);
  });
});
