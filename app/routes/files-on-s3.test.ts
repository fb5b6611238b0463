/**
 * The whole file path with STORAGE_URL pointing at a real S3-compatible server (s3rver): a courier's
 * application with document photos goes through the dashboard action, the files land in the
 * bucket under the prefix (not on the local disk), `/files/:id` streams them to the owner and an
 * admin only, `/media/:id` serves public media, the data export reads them, and the orphan sweep
 * works on the bucket.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { uploads, vehicles } from "~db/schema";
import { config } from "~/infra/config.server";
import { db, writerForTests } from "~/infra/db.server";
import { storage } from "~/infra/storage.server";
import { sweepOrphanFiles } from "~/models/uploads.server";
import { applicationForm } from "../../tests/dashboard-helpers";
import { createUser, sessionCookieHeader } from "../../tests/factories";
import { png } from "../../tests/media-fixtures";
import { call } from "../../tests/route-harness";
import { startS3, useStorage, type TestS3 } from "../../tests/s3-server";
import * as applyRoute from "./dashboard/apply";
import * as dashboardExport from "./dashboard-export";
import * as files from "./files";
import * as media from "./media";

const PREFIX = "courier-fleet/uploads";
let s3: TestS3;
let restore: () => void;

beforeAll(async () => {
  s3 = await startS3();
  restore = useStorage(s3.settings(PREFIX));
});
afterAll(async () => {
  restore();
  await s3.stop();
});

const sha256 = (bytes: ArrayBuffer | Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
const inBucket = async (key: string) => new Uint8Array(await s3.client.file(`${PREFIX}/${key}`).arrayBuffer());
const rowsOf = (userId: number) => db().select().from(uploads).where(eq(uploads.ownerId, userId));
const openFile = (id: number, cookie?: string) =>
  call(files.loader, `/files/${id}`, { cookie, params: { id: String(id) } });

async function appliedCourier() {
  const user = await createUser({ status: "confirmed_account" });
  const cookie = await sessionCookieHeader(user.id);
  const response = await call(applyRoute.action, "/dashboard/apply", { form: await applicationForm(), cookie });
  expect(response.status).toBe(302);
  return { user, cookie, rows: await rowsOf(user.id) };
}

describe("files on S3-compatible storage", () => {
  test("an application's document photos are stored in the bucket under the prefix, none on the local disk", async () => {
    const { rows } = await appliedCourier();
    expect(rows.map((row) => row.kind).sort()).toEqual(["face_photo", "id_back", "id_front", "refugee_document"]);
    for (const row of rows) {
      const bytes = await inBucket(row.storageKey);
      expect(bytes.length).toBe(row.size);
      expect(sha256(bytes)).toBe(row.contentHash!);
    }
    const keys = (await s3.client.list({ prefix: `${PREFIX}/` })).contents!.map((object) =>
      object.key.slice(PREFIX.length + 1),
    );
    for (const row of rows) expect(keys).toContain(row.storageKey);
    expect(keys.filter((key) => key.startsWith(".tmp-"))).toEqual([]);
    // The local folder only ever holds parts being received, and those are gone after the request.
    const local = readdirSync(config().uploadsDir).filter(
      (name) => rows.some((row) => name.includes(row.storageKey)) || name.startsWith(".tmp-recv-"),
    );
    expect(local).toEqual([]);
  });

  test("the owner gets the file streamed with its type, length and private caching; another courier gets 404", async () => {
    const { rows, cookie } = await appliedCourier();
    const face = rows.find((row) => row.kind === "face_photo")!;
    const response = await openFile(face.id, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Content-Length")).toBe(String(face.size));
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Location")).toBeNull();
    expect(sha256(await response.arrayBuffer())).toBe(sha256(await inBucket(face.storageKey)));

    const other = await createUser({ status: "confirmed_account" });
    const refused = await openFile(face.id, await sessionCookieHeader(other.id));
    expect(refused.status).toBe(404);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await refused.text()).not.toContain("JFIF");
  });

  test("over HTTP the answer carries its length and the exact bytes, from the bucket and from the local disk", async () => {
    const { rows, cookie } = await appliedCourier();
    const face = rows.find((row) => row.kind === "face_photo")!;
    // Bun.serve drops the Content-Length of a streamed body, so this goes through a real server.
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => openFile(face.id, cookie) });
    try {
      const fromBucket = await fetch(server.url);
      expect(fromBucket.headers.get("Content-Length")).toBe(String(face.size));
      expect(fromBucket.headers.get("Transfer-Encoding")).toBeNull();
      expect(sha256(await fromBucket.arrayBuffer())).toBe(face.contentHash!);

      const dir = mkdtempSync(path.join(tmpdir(), "courier-local-"));
      writeFileSync(path.join(dir, face.storageKey), await inBucket(face.storageKey));
      const backToBucket = useStorage({ kind: "local", dir });
      try {
        const fromDisk = await fetch(server.url);
        expect(fromDisk.headers.get("Content-Length")).toBe(String(face.size));
        expect(sha256(await fromDisk.arrayBuffer())).toBe(face.contentHash!);
      } finally {
        backToBucket();
      }
    } finally {
      server.stop(true);
    }
  });

  test("an admin opens it too; a row whose object is gone answers 404", async () => {
    const { rows } = await appliedCourier();
    const admin = await createUser({ role: "admin" });
    const adminCookie = await sessionCookieHeader(admin.id);
    const idFront = rows.find((row) => row.kind === "id_front")!;
    expect((await openFile(idFront.id, adminCookie)).status).toBe(200);
    await s3.client.delete(`${PREFIX}/${idFront.storageKey}`);
    const missing = await openFile(idFront.id, adminCookie);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
  });

  test("public media are served from the bucket with a year of public caching", async () => {
    const [vehicle] = await writerForTests()
      .insert(vehicles)
      .values({
        name: "S3 scooter",
        characteristicsSk: "-",
        characteristicsUa: "-",
        characteristicsEn: "-",
        serialNumber: `SN-S3-${Date.now()}`,
        status: "available",
      })
      .returning();
    const bytes = await png(40, 30);
    const key = `vehicle-${Date.now().toString(36)}.png`;
    await storage().put(key, bytes);
    const [row] = await writerForTests()
      .insert(uploads)
      .values({
        storageKey: key,
        kind: "vehicle_image",
        mime: "image/png",
        size: bytes.length,
        width: 40,
        height: 30,
        vehicleId: vehicle!.id,
      })
      .returning();
    const response = await call(media.loader, `/media/${row!.id}`, { params: { id: String(row!.id) } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Content-Length")).toBe(String(bytes.length));
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(sha256(await response.arrayBuffer())).toBe(sha256(bytes));
    await storage().delete(key);
    expect((await call(media.loader, `/media/${row!.id}`, { params: { id: String(row!.id) } })).status).toBe(404);
  });

  test("the courier's data export carries the files read from the bucket", async () => {
    const { rows, cookie } = await appliedCourier();
    const response = await call(dashboardExport.loader, "/dashboard/export", { cookie });
    expect(response.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const face = rows.find((row) => row.kind === "face_photo")!;
    const exported = Buffer.from(entries[`files/${face.id}-face_photo.jpg`]!);
    expect(sha256(exported)).toBe(sha256(await inBucket(face.storageKey)));
  });

  test("the orphan sweep clears the bucket of unreferenced files and moves a committed temporary file into place", async () => {
    const { rows, cookie } = await appliedCourier();
    const face = rows.find((row) => row.kind === "face_photo")!;
    // A crash between the commit and the move leaves the referenced file under its temporary key.
    const bytes = await inBucket(face.storageKey);
    await s3.client.write(`${PREFIX}/.tmp-${face.storageKey}`, bytes);
    await s3.client.delete(`${PREFIX}/${face.storageKey}`);
    await storage().put("orphan-photo.jpg", new Uint8Array([1, 2, 3]));
    await storage().put(".tmp-abandoned.jpg", new Uint8Array([4]));

    expect(await sweepOrphanFiles({ graceMs: 60 * 60 * 1000 })).toBe(0);
    expect(await storage().get("orphan-photo.jpg")).not.toBeNull();

    const removed = await sweepOrphanFiles({ graceMs: 60 * 60 * 1000, now: Date.now() + 2 * 60 * 60 * 1000 });
    expect(removed).toBeGreaterThanOrEqual(2);
    expect(await storage().get("orphan-photo.jpg")).toBeNull();
    expect(await storage().get(".tmp-abandoned.jpg")).toBeNull();
    expect(await storage().get(`.tmp-${face.storageKey}`)).toBeNull();
    for (const row of await rowsOf(face.ownerId!)) expect(await storage().get(row.storageKey)).not.toBeNull();
    const served = await openFile(face.id, cookie);
    expect(served.status).toBe(200);
    expect(sha256(await served.arrayBuffer())).toBe(sha256(bytes));
  });
});
