import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { applications, auditLog, statusHistory, uploads } from "~db/schema";
import { UPLOAD_LIMITS } from "~/domain/rules";
import { writerForTests } from "~/infra/db.server";
import { approveApplication } from "~/models/applications.server";
import { replyToProblemReport, setProblemReportStatus } from "~/models/problem-reports.server";
import { approveVehicleRequest } from "~/models/vehicle-requests.server";
import { createUser, getUserRow, sessionCookieHeader } from "../../tests/factories";
import { applicationForm, createVehicle, rentAgreementFields } from "../../tests/dashboard-helpers";
import { fakeJpeg, mp4, png, webm } from "../../tests/media-fixtures";
import { call, readJson } from "../../tests/route-harness";
import * as dashboard from "./dashboard";
import * as applyRoute from "./dashboard/apply";
import * as vehicleRequestRoute from "./dashboard/vehicle-request";
import * as reportRoute from "./dashboard/report";
import * as replyRoute from "./dashboard/reply";
import * as files from "./files";
import * as media from "./media";

type ActionBody = { intent: string; error?: string; lastResult?: { error?: Record<string, string[]> } };

async function courier(
  status: Parameters<typeof createUser>[0] extends infer O
    ? O extends { status?: infer S }
      ? S
      : never
    : never = "confirmed_account",
) {
  const user = await createUser({ status });
  return { user, cookie: await sessionCookieHeader(user.id) };
}

const apply = (cookie: string, form: FormData) => call(applyRoute.action, "/dashboard/apply", { form, cookie });
const drafts = async (userId: number) =>
  await writerForTests().select().from(uploads).where(eq(uploads.ownerId, userId));

describe("the forms' old address", () => {
  test("a post to /dashboard?intent=… is sent on, method and body kept (307), to the form's own route", async () => {
    const { cookie } = await courier();
    const moved = async (path: string) => {
      const response = await call(dashboard.action, path, { form: new FormData(), cookie });
      return [response.status, response.headers.get("Location")];
    };
    expect(await moved("/dashboard?intent=apply&lng=en")).toEqual([307, "/dashboard/apply?lng=en"]);
    expect(await moved("/dashboard?intent=renewDocument")).toEqual([307, "/dashboard/document-renewal"]);
    expect(await moved("/dashboard?intent=handoverDispute")).toEqual([307, "/dashboard/handover-dispute"]);
    expect((await moved("/dashboard?intent=nothing"))[0]).toBe(405);
    expect((await moved("/dashboard"))[0]).toBe(405);
  });
});

describe("dashboard loader", () => {
  test("a visitor is sent to log in", async () => {
    const response = await call(dashboard.loader, "/dashboard");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toContain("/?auth=login");
  });
  test("shows the user's status", async () => {
    const { cookie } = await courier("working_no_vehicle");
    const data = await readJson<{ status: string }>(await call(dashboard.loader, "/dashboard", { cookie }));
    expect(data.status).toBe("working_no_vehicle");
  });
});

describe("job application", () => {
  test("a failed field keeps the documents as drafts; the resubmission needs no files", async () => {
    const { user, cookie } = await courier();
    const first = await apply(cookie, await applicationForm({ phone: "12" }));
    expect(first.status).toBe(400);
    const body = await readJson<ActionBody>(first);
    expect(body.lastResult?.error?.phone).toEqual(["errors.phoneInvalid"]);
    expect((await drafts(user.id)).map((d) => d.kind).sort()).toEqual([
      "face_photo",
      "id_back",
      "id_front",
      "refugee_document",
    ]);
    expect((await getUserRow(user.id))?.status).toBe("confirmed_account");

    const loader = await readJson<{ drafts: { kind: string }[] }>(
      await call(dashboard.loader, "/dashboard", { cookie }),
    );
    expect(loader.drafts).toHaveLength(4);

    const second = await apply(
      cookie,
      await applicationForm({}, { face_photo: null, id_front: null, id_back: null, refugee_document: null }),
    );
    expect(second.status).toBe(302);
    expect((await getUserRow(user.id))?.status).toBe("applied_for_job");
    const app = (await writerForTests().select().from(applications).where(eq(applications.userId, user.id)))[0]!;
    expect(app.phone).toBe("+421903123456");
    expect((await drafts(user.id)).every((d) => d.applicationId === app.id)).toBe(true);
    const history = await writerForTests()
      .select()
      .from(statusHistory)
      .where(eq(statusHistory.userId, user.id))
      .orderBy(statusHistory.id);
    expect(history.at(-1)?.toStatus).toBe("applied_for_job");
  });

  test("a replaced draft removes the old row", async () => {
    const { user, cookie } = await courier();
    await apply(cookie, await applicationForm({ age: "" }));
    const before = (await drafts(user.id)).find((d) => d.kind === "id_front")!;
    await apply(
      cookie,
      await applicationForm(
        { age: "" },
        { face_photo: null, id_back: null, refugee_document: null, id_front: await png(30, 30) },
      ),
    );
    const after = (await drafts(user.id)).filter((d) => d.kind === "id_front");
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(before.id);
  });

  test("under 16, missing identity documents and residence without refugee document are refused", async () => {
    const { user, cookie } = await courier();
    const young = await readJson<ActionBody>(await apply(cookie, await applicationForm({ age: "15" })));
    expect(young.lastResult?.error?.age).toEqual(["errors.ageMin"]);
    const other = await courier();
    const missing = await apply(
      other.cookie,
      await applicationForm({}, { id_back: null, refugee_document: null, residence_front: await png() }),
    );
    const errors = (await readJson<ActionBody>(missing)).lastResult?.error ?? {};
    expect(errors.id_back).toEqual(["errors.documentRequired"]);
    expect(errors.residence_back).toEqual(["errors.residenceBothSides"]);
    expect((await getUserRow(user.id))?.status).toBe("confirmed_account");
  });

  test("a Slovak or EU citizen applies with identity documents alone; 'other' needs a right to stay", async () => {
    for (const citizenship of ["sk", "eu"] as const) {
      const { user, cookie } = await courier();
      const response = await apply(
        cookie,
        await applicationForm(
          { citizenship, contactMethod: "phone", contactUsername: null },
          { refugee_document: null },
        ),
      );
      expect(response.status).toBe(302);
      expect((await getUserRow(user.id))?.status).toBe("applied_for_job");
      expect(
        (await writerForTests().select().from(applications).where(eq(applications.userId, user.id)))[0]?.citizenship,
      ).toBe(citizenship);
    }
    const other = await courier();
    const refused = await apply(
      other.cookie,
      await applicationForm({ citizenship: "other" }, { refugee_document: null }),
    );
    expect(refused.status).toBe(400);
    expect((await readJson<ActionBody>(refused)).lastResult?.error?.residence_front).toEqual([
      "errors.residenceOrRefugee",
    ]);
    const missing = await apply(other.cookie, await applicationForm({ citizenship: null }));
    expect((await readJson<ActionBody>(missing)).lastResult?.error?.citizenship).toEqual([
      "errors.citizenshipRequired",
    ]);
    expect((await getUserRow(other.user.id))?.status).toBe("confirmed_account");
  });

  test("a messenger reached by username needs the username (translated field error without JS)", async () => {
    const { cookie } = await courier();
    const response = await apply(cookie, await applicationForm({ contactMethod: "telegram", contactUsername: "" }));
    expect(response.status).toBe(400);
    expect((await readJson<ActionBody>(response)).lastResult?.error?.contactUsername).toEqual([
      "errors.usernameRequired",
    ]);
  });

  test("16 exactly is accepted (inclusive)", async () => {
    const { user, cookie } = await courier();
    expect((await apply(cookie, await applicationForm({ age: "16" }))).status).toBe(302);
    expect((await getUserRow(user.id))?.status).toBe("applied_for_job");
  });

  test("a renamed non-image is refused with 400, named by its field; only it is not stored", async () => {
    const { user, cookie } = await courier();
    const response = await apply(cookie, await applicationForm({}, { id_front: fakeJpeg() }));
    expect(response.status).toBe(400);
    const error = (await readJson<ActionBody>(response)).error ?? "";
    expect(error).toContain("not a photo we accept (JPEG, PNG, WebP or HEIC)");
    // An identity document takes photos only: the refusal does not list video formats.
    expect(error).not.toMatch(/MP4|MOV|WebM|video/i);
    expect(error.split(":")[0]).toContain("ID card");
    expect((await drafts(user.id)).map((d) => d.kind).sort()).toEqual(["face_photo", "id_back", "refugee_document"]);
    expect((await getUserRow(user.id))?.status).toBe("confirmed_account");
  });

  test("an oversized photo is refused with 413 and costs neither the text after it nor the other photos", async () => {
    const { user, cookie } = await courier();
    const huge = new Uint8Array(UPLOAD_LIMITS.imageBytes + 1);
    huge.set(await png());
    // Files first, text last: the parser must read on past the refused photo.
    const complete = await applicationForm({}, { face_photo: huge });
    const form = new FormData();
    const entries = [...complete.entries()] as [string, string | File][];
    for (const [name, value] of entries) if (typeof value !== "string") form.append(name, value);
    for (const [name, value] of entries) if (typeof value === "string") form.append(name, value);
    const response = await apply(cookie, form);
    expect(response.status).toBe(413);
    const body = await readJson<ActionBody>(response);
    expect(body.error).toMatch(/^[^:]+: /);
    expect(body.error).toContain("10 MB");
    expect((await drafts(user.id)).map((d) => d.kind).sort()).toEqual(["id_back", "id_front", "refugee_document"]);
    const loader = await readJson<{ draft: Record<string, string> }>(
      await call(dashboard.loader, "/dashboard", { cookie }),
    );
    expect(loader.draft).toMatchObject({
      fullName: "Olena Kovalenko",
      phone: "0903 123 456",
      contactUsername: "olena_k",
      comment: "I can start next week.",
    });
    expect((await getUserRow(user.id))?.status).toBe("confirmed_account");
  });

  test("applying while already applied is refused and changes nothing", async () => {
    const { user, cookie } = await courier("applied_for_job");
    const response = await apply(cookie, await applicationForm());
    expect(response.status).toBe(403);
    expect(await writerForTests().select().from(applications).where(eq(applications.userId, user.id))).toHaveLength(0);
    // The transaction rolled back: the documents stay unattached drafts.
    expect((await drafts(user.id)).every((d) => d.applicationId === null)).toBe(true);
  });
});

describe("private files", () => {
  async function appliedCourier() {
    const c = await courier();
    await apply(c.cookie, await applicationForm());
    const face = (await drafts(c.user.id)).find((d) => d.kind === "face_photo")!;
    return { ...c, face };
  }

  test("the owner sees the file, re-encoded without GPS, never cached publicly", async () => {
    const { cookie, face } = await appliedCourier();
    const response = await call(files.loader, `/files/${face.id}`, { cookie, params: { id: String(face.id) } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Content-Disposition")).toBe("inline");
    const meta = await sharp(new Uint8Array(await response.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
  });

  test("a second user gets 404 for the first user's file and application", async () => {
    const first = await appliedCourier();
    const second = await courier();
    const response = await call(files.loader, `/files/${first.face.id}`, {
      cookie: second.cookie,
      params: { id: String(first.face.id) },
    });
    expect(response.status).toBe(404);
    const app = (await writerForTests().select().from(applications).where(eq(applications.userId, first.user.id)))[0]!;
    const data = await readJson<{ application: unknown; applicationDetail: unknown }>(
      await call(dashboard.loader, `/dashboard?modal=application&id=${app.id}`, { cookie: second.cookie }),
    );
    expect(data.application).toBeNull();
    expect(data.applicationDetail).toBeNull();
  });

  test("an admin sees it and the view is audited", async () => {
    const { face, user } = await appliedCourier();
    const admin = await createUser({ role: "admin" });
    const response = await call(files.loader, `/files/${face.id}`, {
      cookie: await sessionCookieHeader(admin.id),
      params: { id: String(face.id) },
    });
    expect(response.status).toBe(200);
    const audit = await writerForTests()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "file.view"), eq(auditLog.entityId, face.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.subjectUserId).toBe(user.id);
  });

  test("a visitor is sent to log in; the public media route never serves private kinds", async () => {
    const { face } = await appliedCourier();
    expect((await call(files.loader, `/files/${face.id}`, { params: { id: String(face.id) } })).status).toBe(302);
    expect((await call(media.loader, `/media/${face.id}`, { params: { id: String(face.id) } })).status).toBe(404);
  });
});

describe("vehicle requests", () => {
  test("request, one open at a time, approval shows the vehicle; the second user sees none of it", async () => {
    const { user, cookie } = await courier("working_no_vehicle");
    const vehicle = await createVehicle();
    const other = await createVehicle();
    const agreement = await rentAgreementFields();
    const send = (id: number, c = cookie) =>
      call(vehicleRequestRoute.action, "/dashboard/vehicle-request", {
        form: { vehicleId: String(id), ...agreement },
        cookie: c,
      });
    expect((await send(vehicle.id)).status).toBe(302);
    expect((await getUserRow(user.id))?.status).toBe("applied_for_vehicle");
    const again = await send(other.id);
    expect(again.status).toBe(409);

    const second = await courier("working_no_vehicle");
    const seen = await readJson<{ requests: unknown[]; vehicle: unknown }>(
      await call(dashboard.loader, "/dashboard", { cookie: second.cookie }),
    );
    expect(seen.requests).toHaveLength(0);
    // The first user's vehicle is no longer offered once it is taken.
    const requestId = (
      await readJson<{ requests: { id: number }[] }>(await call(dashboard.loader, "/dashboard", { cookie }))
    ).requests[0]!.id;
    const admin = await createUser({ role: "admin" });
    await approveVehicleRequest(admin.id, requestId);
    const mine = await readJson<{ status: string; vehicle: { id: number; leaseEndsAt: string } }>(
      await call(dashboard.loader, "/dashboard", { cookie }),
    );
    expect(mine.status).toBe("working_with_vehicle");
    expect(mine.vehicle.id).toBe(vehicle.id);
    expect(new Date(mine.vehicle.leaseEndsAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect((await send(vehicle.id, second.cookie)).status).toBe(409);
  });

  test("the request dialog shows the rent agreement; without the tick the request is refused, translated", async () => {
    const { user, cookie } = await courier("working_no_vehicle");
    const page = await readJson<{ rentPerDayCents: number | null }>(
      await call(dashboard.loader, "/dashboard?modal=vehicle", { cookie }),
    );
    expect(page.rentPerDayCents).toBeGreaterThan(0);
    const vehicle = await createVehicle();
    const refused = await call(vehicleRequestRoute.action, "/dashboard/vehicle-request", {
      form: { vehicleId: String(vehicle.id) },
      cookie,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ActionBody).error).toContain("rent");
    expect((await getUserRow(user.id))?.status).toBe("working_no_vehicle");
    const agreed = await call(vehicleRequestRoute.action, "/dashboard/vehicle-request", {
      form: { vehicleId: String(vehicle.id), ...(await rentAgreementFields()) },
      cookie,
    });
    expect(agreed.status).toBe(302);
    expect((await getUserRow(user.id))?.status).toBe("applied_for_vehicle");
  });

  test("a user still applying for the job cannot request a vehicle", async () => {
    const { cookie } = await courier("applied_for_job");
    const response = await call(vehicleRequestRoute.action, "/dashboard/vehicle-request", {
      form: { vehicleId: String((await createVehicle()).id) },
      cookie,
    });
    expect(response.status).toBe(403);
  });

  test("an unknown vehicle is 404, a missing id 400", async () => {
    const { cookie } = await courier("working_no_vehicle");
    expect(
      (await call(vehicleRequestRoute.action, "/dashboard/vehicle-request", { form: { vehicleId: "999999" }, cookie }))
        .status,
    ).toBe(404);
    expect(
      (await call(vehicleRequestRoute.action, "/dashboard/vehicle-request", { form: { vehicleId: "x" }, cookie }))
        .status,
    ).toBe(400);
  });
});

describe("problem reports", () => {
  async function riding() {
    const c = await courier("working_no_vehicle");
    const vehicle = await createVehicle();
    await call(vehicleRequestRoute.action, "/dashboard/vehicle-request", {
      form: { vehicleId: String(vehicle.id), ...(await rentAgreementFields()) },
      cookie: c.cookie,
    });
    const admin = await createUser({ role: "admin" });
    const requestId = (
      await readJson<{ requests: { id: number }[] }>(await call(dashboard.loader, "/dashboard", { cookie: c.cookie }))
    ).requests[0]!.id;
    await approveVehicleRequest(admin.id, requestId);
    return { ...c, vehicle, admin };
  }
  const report = (cookie: string, description: string, attachments: Uint8Array[] = []) => {
    const form = new FormData();
    form.set("description", description);
    attachments.forEach((bytes, i) => form.append("attachments", new File([new Uint8Array(bytes)], `file${i}.bin`)));
    return call(reportRoute.action, "/dashboard/report?modal=report", { form, cookie });
  };

  test("an empty description and a third attachment are refused with the spec's messages", async () => {
    const { cookie } = await riding();
    const empty = await readJson<ActionBody>(await report(cookie, "   "));
    expect(empty.lastResult?.error?.description).toEqual(["errors.descriptionRequired"]);
    const three = await report(cookie, "Flat tyre", [await png(), await png(), await png()]);
    expect(three.status).toBe(400);
    expect((await readJson<ActionBody>(three)).error).toBe("You can upload a maximum of 2 files.");
  });

  test("a report with a photo and a video, then the cooldown; the second user sees nothing", async () => {
    const { user, cookie } = await riding();
    const sent = await report(cookie, "Flat tyre on the front wheel", [await png(), mp4()]);
    expect(sent.status).toBe(302);
    const data = await readJson<{
      reports: { description: string; attachments: { mime: string; id: number }[] }[];
      nextReportAt: string;
    }>(await call(dashboard.loader, "/dashboard", { cookie }));
    expect(data.reports[0]!.attachments.map((a) => a.mime)).toEqual(["image/png", "video/mp4"]);
    expect(new Date(data.nextReportAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
    const again = await report(cookie, "Brakes", [webm()]);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(3600);

    const second = await courier("working_with_vehicle");
    const theirs = await readJson<{ reports: unknown[] }>(
      await call(dashboard.loader, "/dashboard?modal=report", { cookie: second.cookie }),
    );
    expect(theirs.reports).toHaveLength(0);
    const video = data.reports[0]!.attachments[1]!;
    expect(
      (await call(files.loader, `/files/${video.id}`, { cookie: second.cookie, params: { id: String(video.id) } }))
        .status,
    ).toBe(404);
    const own = await call(files.loader, `/files/${video.id}`, { cookie, params: { id: String(video.id) } });
    expect([own.status, own.headers.get("Content-Type")]).toEqual([200, "video/mp4"]);
    expect((await getUserRow(user.id))?.status).toBe("working_with_vehicle");
  });

  test("the conversation: the thread on the dashboard, replies only to one's own open report", async () => {
    const { cookie, admin } = await riding();
    expect((await report(cookie, "Brakes squeak")).status).toBe(302);
    type Thread = {
      reports: { id: number; status: string; canReply: boolean; thread: { from: string; body: string }[] }[];
    };
    const load = async (c = cookie) => readJson<Thread>(await call(dashboard.loader, "/dashboard", { cookie: c }));
    const reportId = (await load()).reports[0]!.id;
    await replyToProblemReport(admin.id, reportId, "We will fix it tomorrow.");
    const reply = (c: string, body: string, id = reportId) =>
      call(replyRoute.action, "/dashboard/reply", { form: { reportId: String(id), body }, cookie: c });

    const empty = await reply(cookie, "   ");
    expect(empty.status).toBe(400);
    expect(await readJson<ActionBody>(empty)).toMatchObject({
      intent: "reply",
      reportId,
      error: "Reply cannot be empty.",
    });
    const sent = await reply(cookie, "Thanks, I will bring it at 9.");
    expect([sent.status, sent.headers.get("Location")]).toEqual([302, `/dashboard#report-${reportId}`]);
    const mine = (await load()).reports[0]!;
    expect(mine.status).toBe("open");
    expect(mine.thread.map((m) => `${m.from}: ${m.body}`)).toEqual([
      "courier: Brakes squeak",
      "admin: We will fix it tomorrow.",
      "courier: Thanks, I will bring it at 9.",
    ]);

    const stranger = await courier("working_with_vehicle");
    expect((await reply(stranger.cookie, "Hijack")).status).toBe(404);
    expect((await load()).reports[0]!.thread).toHaveLength(3);

    await setProblemReportStatus(admin.id, reportId, "resolved");
    expect((await load()).reports[0]!.canReply).toBe(false);
    expect((await reply(cookie, "Still broken")).status).toBe(409);
  });

  test("without a vehicle nothing can be reported", async () => {
    const { cookie } = await courier("working_no_vehicle");
    expect((await report(cookie, "Flat tyre")).status).toBe(409);
  });
});

test("approval via the model is what the dashboard shows next", async () => {
  const { user, cookie } = await courier();
  await apply(cookie, await applicationForm());
  const app = (await writerForTests().select().from(applications).where(eq(applications.userId, user.id)))[0]!;
  const admin = await createUser({ role: "admin" });
  await approveApplication(admin.id, app.id);
  const data = await readJson<{ status: string }>(await call(dashboard.loader, "/dashboard", { cookie }));
  expect(data.status).toBe("working_no_vehicle");
});
