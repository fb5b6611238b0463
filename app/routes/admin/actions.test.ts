import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import {
  applications,
  auditLog,
  newsPosts,
  problemReports,
  referralLinks,
  sessions,
  uploads,
  users,
  vehicleRequests,
  vehicles,
} from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { createUser, getUserRow, sessionCookieHeader } from "../../../tests/factories";
import { png } from "../../../tests/media-fixtures";
import { call } from "../../../tests/route-harness";
import { actors, application, courier, problemReport, vehicle, vehicleRequest } from "../../../tests/admin-fixtures";
import * as applicationDetail from "./application-detail";
import * as newsForm from "./news-form";
import * as news from "./news";
import * as problemReportsRoute from "./problem-reports";
import * as referrals from "./referrals";
import * as userDetail from "./user-detail";
import * as vehicleForm from "./vehicle-form";
import * as vehicleDelete from "./vehicle-delete";
import * as vehicleImageRemoval from "./vehicle-image-removal";
import * as vehicleProblem from "./vehicle-problem";
import * as vehicleRequestsRoute from "./vehicle-requests";

type Handler = Parameters<typeof call>[0];
let adminId = 0;
let adminCookie = "";
let userCookie = "";
let adminCode: (step?: number) => string = () => "";

beforeAll(async () => {
  const a = await actors();
  adminId = a.admin.id;
  adminCookie = a.adminCookie;
  userCookie = a.userCookie;
  adminCode = a.adminCode;
});

async function auditFor(action: string, entityId: number) {
  return (
    await writerForTests()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)))
  )[0];
}

/** Posts as admin (and, once, as a plain user, who must be refused with nothing changed). */
async function post(
  handler: unknown,
  path: string,
  form: Record<string, string> | FormData,
  params?: Record<string, string>,
) {
  const refused = await call(handler as Handler, path, { form, params, cookie: userCookie });
  expect(refused.status).toBe(403);
  return call(handler as Handler, path, { form, params, cookie: adminCookie });
}

async function formError(response: Response) {
  return (await response.json()) as { formError?: string; result?: { error?: Record<string, string[]> } };
}

describe("user detail actions", () => {
  test("deactivate ends the user's sessions at once; activate restores the account", async () => {
    const target = await courier();
    await sessionCookieHeader(target.id);
    const path = `/admin/users/${target.id}`;
    const res = await post(userDetail.action, path, { intent: "deactivate" }, { id: String(target.id) });
    expect(res.status).toBe(302);
    expect((await getUserRow(target.id))?.active).toBe(false);
    expect(await writerForTests().select().from(sessions).where(eq(sessions.userId, target.id))).toHaveLength(0);
    expect((await auditFor("user.deactivate", target.id))?.actorId).toBe(adminId);
    await post(userDetail.action, path, { intent: "activate" }, { id: String(target.id) });
    expect((await getUserRow(target.id))?.active).toBe(true);
  });

  test("role change, a validation error, and an admin cannot demote or erase themselves", async () => {
    const target = await courier();
    const params = { id: String(target.id) };
    const ok = await post(
      userDetail.action,
      `/admin/users/${target.id}`,
      { intent: "role", role: "admin", code: adminCode(-1) },
      params,
    );
    expect(ok.status).toBe(302);
    expect((await getUserRow(target.id))?.role).toBe("admin");
    const bad = await call(userDetail.action as Handler, `/admin/users/${target.id}`, {
      form: { intent: "role", role: "owner", code: adminCode() },
      params,
      cookie: adminCookie,
    });
    expect(bad.status).toBe(400);
    const self = await call(userDetail.action as Handler, `/admin/users/${adminId}`, {
      form: { intent: "role", role: "user", code: adminCode() },
      params: { id: String(adminId) },
      cookie: adminCookie,
    });
    expect(self.status).toBe(403);
    expect((await formError(self)).formError).toBe("You cannot change or erase your own account here.");
    expect((await getUserRow(adminId))?.role).toBe("admin");
  });

  test("erase needs the e-mail typed, then removes the account, its rows and its files", async () => {
    const target = await courier("applied_for_job");
    const app = await application(target.id);
    const params = { id: String(target.id) };
    const mismatch = await call(userDetail.action as Handler, `/admin/users/${target.id}`, {
      form: { intent: "erase", confirmEmail: "x@example.com", code: adminCode(1) },
      params,
      cookie: adminCookie,
    });
    expect(mismatch.status).toBe(400);
    expect(await getUserRow(target.id)).toBeDefined();
    const ok = await post(
      userDetail.action,
      `/admin/users/${target.id}`,
      { intent: "erase", confirmEmail: target.email, code: adminCode(1) },
      params,
    );
    expect(ok.status).toBe(302);
    expect(await getUserRow(target.id)).toBeUndefined();
    expect((await writerForTests().select().from(applications).where(eq(applications.id, app.id)))[0]).toBeUndefined();
    const entry = await auditFor("user.erase", target.id);
    expect(JSON.stringify(entry)).not.toContain(target.email);
  });
});

describe("applications", () => {
  test("approve moves the user to working_no_vehicle; reject needs a reason", async () => {
    const target = await courier("applied_for_job");
    const app = await application(target.id);
    const params = { id: String(app.id) };
    const empty = await call(applicationDetail.action as Handler, `/admin/applications/${app.id}`, {
      form: { intent: "reject", reason: " " },
      params,
      cookie: adminCookie,
    });
    expect(empty.status).toBe(400);
    expect((await formError(empty)).result?.error?.reason).toEqual(["admin:rejection.reasonOrStock"]);
    const ok = await post(applicationDetail.action, `/admin/applications/${app.id}`, { intent: "approve" }, params);
    expect(ok.status).toBe(302);
    expect((await getUserRow(target.id))?.status).toBe("working_no_vehicle");
    const again = await call(applicationDetail.action as Handler, `/admin/applications/${app.id}`, {
      form: { intent: "approve" },
      params,
      cookie: adminCookie,
    });
    expect(again.status).toBe(409);
  });
});

describe("vehicles", () => {
  test("the form sets the licence category a moped needs; an unknown one is refused", async () => {
    const form = {
      intent: "save",
      name: "Urban Pro 1000",
      characteristicsSk: "1000 W, dojazd až 80 km",
      serialNumber: `AM-${Date.now()}`,
      licenceCategory: "AM",
      status: "available",
    };
    expect((await post(vehicleForm.action, "/admin/vehicles/new", form)).status).toBe(302);
    const [created] = await writerForTests()
      .select()
      .from(vehicles)
      .where(eq(vehicles.serialNumber, form.serialNumber));
    expect(created!.licenceCategory).toBe("AM");
    const bad = await call(vehicleForm.action as Handler, "/admin/vehicles/new", {
      form: { ...form, serialNumber: `${form.serialNumber}-X`, licenceCategory: "C" },
      cookie: adminCookie,
    });
    expect(bad.status).toBe(400);
  });

  test("create assigns a courier through the status machine; serial numbers are unique", async () => {
    const target = await courier("working_no_vehicle");
    const form = {
      intent: "save",
      name: "Kugoo G2",
      characteristicsSk: "Motor 1000 W",
      serialNumber: `UNI-${target.id}`,
      status: "available",
      assignedUserId: String(target.id),
    };
    const ok = await post(vehicleForm.action, "/admin/vehicles/new", form);
    expect(ok.status).toBe(302);
    const created = (
      await writerForTests().select().from(vehicles).where(eq(vehicles.serialNumber, form.serialNumber))
    )[0]!;
    expect(created.status).toBe("in_use");
    expect([created.characteristicsSk, created.characteristicsUa, created.characteristicsEn]).toEqual([
      "Motor 1000 W",
      null,
      null,
    ]);
    expect(created.leaseEndsAt).not.toBeNull();
    expect((await getUserRow(target.id))?.status).toBe("working_with_vehicle");
    const dup = await call(vehicleForm.action as Handler, "/admin/vehicles/new", {
      form: { ...form, assignedUserId: "" },
      cookie: adminCookie,
    });
    expect(dup.status).toBe(409);
    expect((await formError(dup)).formError).toBe("Another vehicle already has this serial number.");
    const invalid = await call(vehicleForm.action as Handler, "/admin/vehicles/new", {
      form: { intent: "save", name: "", serialNumber: "X", status: "future" },
      cookie: adminCookie,
    });
    expect(invalid.status).toBe(400);
    // The Slovak characteristics are required; Ukrainian and English are not.
    const noSlovak = await call(vehicleForm.action as Handler, "/admin/vehicles/new", {
      form: { ...form, serialNumber: "NO-SK", assignedUserId: "", characteristicsSk: " ", characteristicsEn: "Motor" },
      cookie: adminCookie,
    });
    expect(noSlovak.status).toBe(400);
    // Unassigning gives the courier's status back.
    const params = { id: String(created.id) };
    await call(vehicleForm.action as Handler, `/admin/vehicles/${created.id}`, {
      form: { ...form, assignedUserId: "", status: "maintenance" },
      params,
      cookie: adminCookie,
    });
    expect((await getUserRow(target.id))?.status).toBe("working_no_vehicle");
  });

  test("at most three images; a fourth is refused and nothing is stored", async () => {
    const v = await vehicle();
    const params = { id: String(v.id) };
    const form = async (count: number) => {
      const data = new FormData();
      for (const [k, val] of Object.entries({
        intent: "save",
        name: v.name,
        characteristicsSk: v.characteristicsSk,
        serialNumber: v.serialNumber,
        status: "available",
      }))
        data.set(k, val);
      for (let i = 0; i < count; i++)
        data.append(
          "images",
          new File([await png(40 + i + (count === 1 ? 10 : 0))], `p${i}.png`, { type: "image/png" }),
        );
      return data;
    };
    expect((await post(vehicleForm.action, `/admin/vehicles/${v.id}`, await form(3), params)).status).toBe(302);
    const stored = await writerForTests().select().from(uploads).where(eq(uploads.vehicleId, v.id));
    expect(stored).toHaveLength(3);
    const fourth = await call(vehicleForm.action as Handler, `/admin/vehicles/${v.id}`, {
      form: await form(1),
      params,
      cookie: adminCookie,
    });
    expect(fourth.status).toBe(409);
    expect((await formError(fourth)).formError).toBe("A vehicle can have at most 3 images. Remove one first.");
    expect(await writerForTests().select().from(uploads).where(eq(uploads.vehicleId, v.id))).toHaveLength(3);
    const removed = await post(
      vehicleImageRemoval.action,
      `/admin/vehicles/${v.id}/images/remove`,
      { intent: "removeImage", id: String(stored[0]!.id) },
      params,
    );
    expect(removed.status).toBe(302);
    expect(await writerForTests().select().from(uploads).where(eq(uploads.vehicleId, v.id))).toHaveLength(2);
  });

  test("an image is stored once: saving again with the same files still selected adds nothing", async () => {
    const v = await vehicle();
    const params = { id: String(v.id) };
    const front = await png(41, 30);
    const side = await png(42, 30);
    const save = (...images: Awaited<ReturnType<typeof png>>[]) => {
      const data = new FormData();
      for (const [k, val] of Object.entries({
        intent: "save",
        name: v.name,
        characteristicsSk: v.characteristicsSk,
        serialNumber: v.serialNumber,
        status: "available",
      }))
        data.set(k, val);
      images.forEach((bytes, i) => data.append("images", new File([bytes], `img${i}.png`, { type: "image/png" })));
      return call(vehicleForm.action as Handler, `/admin/vehicles/${v.id}`, {
        form: data,
        params,
        cookie: adminCookie,
      });
    };
    const count = async () => (await writerForTests().select().from(uploads).where(eq(uploads.vehicleId, v.id))).length;
    expect((await save(front, side)).status).toBe(302);
    expect(await count()).toBe(2);
    // The browser kept both files selected after the save and the admin saves again (with a third one).
    expect((await save(front, side)).status).toBe(302);
    expect(await count()).toBe(2);
    expect((await save(front, side, await png(43, 30))).status).toBe(302);
    expect(await count()).toBe(3);
    expect((await save(front)).status).toBe(302);
    expect(await count()).toBe(3);
  });

  test("add a problem; delete is refused for a vehicle in use and works otherwise", async () => {
    const rider = await courier("working_with_vehicle");
    const busy = await vehicle({ status: "in_use", assignedUserId: rider.id });
    const free = await vehicle();
    const empty = await call(vehicleProblem.action as Handler, `/admin/vehicles/${free.id}/problems`, {
      form: { intent: "problem", description: "" },
      params: { id: String(free.id) },
      cookie: adminCookie,
    });
    expect(empty.status).toBe(400);
    expect(
      (
        await post(
          vehicleProblem.action,
          `/admin/vehicles/${free.id}/problems`,
          { intent: "problem", description: "Flat tyre" },
          { id: String(free.id) },
        )
      ).status,
    ).toBe(302);
    expect(
      await writerForTests().select().from(problemReports).where(eq(problemReports.vehicleId, free.id)),
    ).toHaveLength(1);
    const refused = await call(vehicleDelete.action as Handler, `/admin/vehicles/${busy.id}/delete`, {
      form: {},
      params: { id: String(busy.id) },
      cookie: adminCookie,
    });
    expect(refused.status).toBe(409);
    expect((await formError(refused)).formError).toStartWith("Failed to delete vehicle.");
    expect(
      (await post(vehicleDelete.action, `/admin/vehicles/${free.id}/delete`, {}, { id: String(free.id) })).status,
    ).toBe(302);
    expect((await writerForTests().select().from(vehicles).where(eq(vehicles.id, free.id)))[0]).toBeUndefined();
    expect((await auditFor("vehicle.delete", free.id))?.actorId).toBe(adminId);
  });
});

describe("vehicle requests and leases", () => {
  test("approve assigns the vehicle; reject needs a reason; renew and end the lease", async () => {
    const target = await courier("applied_for_vehicle");
    const v = await vehicle();
    const request = await vehicleRequest(target.id, v.id);
    const empty = await call(vehicleRequestsRoute.action as Handler, "/admin/vehicle-requests", {
      form: { intent: "reject", requestId: String(request.id), reason: "" },
      cookie: adminCookie,
    });
    expect(empty.status).toBe(400);
    expect(
      (
        await post(vehicleRequestsRoute.action, "/admin/vehicle-requests", {
          intent: "approve",
          requestId: String(request.id),
        })
      ).status,
    ).toBe(302);
    expect((await getUserRow(target.id))?.status).toBe("working_with_vehicle");
    await writerForTests().update(users).set({ status: "lease_expired" }).where(eq(users.id, target.id));
    const past = await call(vehicleRequestsRoute.action as Handler, "/admin/vehicle-requests", {
      form: { intent: "renew", vehicleId: String(v.id), endsAt: "2001-01-01" },
      cookie: adminCookie,
    });
    expect(past.status).toBe(409);
    const renew = await post(vehicleRequestsRoute.action, "/admin/vehicle-requests", {
      intent: "renew",
      vehicleId: String(v.id),
      endsAt: "2099-01-01",
    });
    expect(renew.status).toBe(302);
    expect((await getUserRow(target.id))?.status).toBe("working_with_vehicle");
    expect(
      (await post(vehicleRequestsRoute.action, "/admin/vehicle-requests", { intent: "end", vehicleId: String(v.id) }))
        .status,
    ).toBe(302);
    expect((await getUserRow(target.id))?.status).toBe("working_no_vehicle");
    expect((await writerForTests().select().from(vehicles).where(eq(vehicles.id, v.id)))[0]?.status).toBe("available");
  });

  test("reject with a reason", async () => {
    const target = await courier("applied_for_vehicle");
    const request = await vehicleRequest(target.id, (await vehicle()).id);
    expect(
      (
        await post(vehicleRequestsRoute.action, "/admin/vehicle-requests", {
          intent: "reject",
          requestId: String(request.id),
          reason: "No licence",
        })
      ).status,
    ).toBe(302);
    expect(
      (await writerForTests().select().from(vehicleRequests).where(eq(vehicleRequests.id, request.id)))[0]?.status,
    ).toBe("rejected");
  });
});

describe("problem reports", () => {
  test("an empty reply is refused with the spec's message; a reply keeps the report open; resolve and reopen are their own actions", async () => {
    const target = await courier();
    const report = await problemReport(target.id);
    const empty = await call(problemReportsRoute.action as Handler, "/admin/problem-reports", {
      form: { intent: "reply", reportId: String(report.id), response: "  " },
      cookie: adminCookie,
    });
    expect(empty.status).toBe(400);
    expect((await formError(empty)).result?.error?.response).toEqual(["admin:reports.replyEmpty"]);
    expect(
      (
        await post(problemReportsRoute.action, `/admin/problem-reports?report=${report.id}`, {
          intent: "reply",
          reportId: String(report.id),
          response: "Fixed, come by.",
        })
      ).status,
    ).toBe(302);
    const row = async () =>
      (await writerForTests().select().from(problemReports).where(eq(problemReports.id, report.id)))[0]!;
    expect([(await row()).status, (await row()).resolvedById]).toEqual(["open", null]);
    expect(
      (
        await post(problemReportsRoute.action, `/admin/problem-reports?report=${report.id}`, {
          intent: "resolve",
          reportId: String(report.id),
        })
      ).status,
    ).toBe(302);
    expect([(await row()).status, (await row()).resolvedById, (await row()).resolvedAt !== null]).toEqual([
      "resolved",
      adminId,
      true,
    ]);
    const again = await call(problemReportsRoute.action as Handler, "/admin/problem-reports", {
      form: { intent: "resolve", reportId: String(report.id) },
      cookie: adminCookie,
    });
    expect(again.status).toBe(409);
    expect(
      (
        await post(problemReportsRoute.action, `/admin/problem-reports?report=${report.id}`, {
          intent: "reopen",
          reportId: String(report.id),
        })
      ).status,
    ).toBe(302);
    expect((await row()).status).toBe("open");
    // A plain user cannot resolve.
    const asUser = await call(problemReportsRoute.action as Handler, "/admin/problem-reports", {
      form: { intent: "resolve", reportId: String(report.id) },
      cookie: await sessionCookieHeader(target.id),
    });
    expect(asUser.status).toBe(403);
  });
});

describe("news", () => {
  test("create, validation error, remove and delete", async () => {
    const form = {
      intent: "save",
      titleSk: "Jarná flotila",
      titleUa: "  ",
      titleEn: "Spring fleet",
      contentSk: "Nové skútre.\n\n<b>Not HTML</b>",
      contentEn: "New scooters.",
      textPosition: "center",
      language: "all",
      published: "on",
    };
    expect((await post(newsForm.action, "/admin/news/new", form)).status).toBe(302);
    const post1 = (await writerForTests().select().from(newsPosts).where(eq(newsPosts.titleSk, "Jarná flotila")))[0]!;
    expect([post1.language, post1.published, post1.textPosition, post1.contentSk]).toEqual([
      null,
      true,
      "center",
      form.contentSk,
    ]);
    // A blank optional language is stored as missing, not as spaces.
    expect([post1.titleUa, post1.titleEn, post1.contentUa, post1.contentEn]).toEqual([
      null,
      "Spring fleet",
      null,
      "New scooters.",
    ]);
    const bad = await call(newsForm.action as Handler, "/admin/news/new", {
      form: { ...form, titleSk: "" },
      cookie: adminCookie,
    });
    expect(bad.status).toBe(400);
    const unpublish = await call(newsForm.action as Handler, `/admin/news/${post1.id}`, {
      form: { ...form, language: "en", published: "" },
      params: { id: String(post1.id) },
      cookie: adminCookie,
    });
    expect(unpublish.status).toBe(302);
    expect((await writerForTests().select().from(newsPosts).where(eq(newsPosts.id, post1.id)))[0]?.published).toBe(
      false,
    );
    const badDelete = await call(news.action as Handler, "/admin/news", {
      form: { intent: "delete", id: "x" },
      cookie: adminCookie,
    });
    expect(badDelete.status).toBe(400);
    expect((await post(news.action, "/admin/news", { intent: "delete", id: String(post1.id) })).status).toBe(302);
    expect((await auditFor("news.delete", post1.id))?.actorId).toBe(adminId);
  });
});

describe("referrals", () => {
  test("create gives a unique code; counts come from real registrations; delete with the spec's errors", async () => {
    const empty = await call(referrals.action as Handler, "/admin/referrals", {
      form: { intent: "create", name: "" },
      cookie: adminCookie,
    });
    expect(empty.status).toBe(400);
    expect((await post(referrals.action, "/admin/referrals", { intent: "create", name: "Flyers" })).status).toBe(302);
    const link = (await writerForTests().select().from(referralLinks).where(eq(referralLinks.name, "Flyers")))[0]!;
    expect(link.code).toMatch(/^[A-Z2-9]{8}$/);
    const referred = await createUser({ status: "created_account" });
    const activated = await createUser({ status: "confirmed_account" });
    for (const u of [referred, activated])
      await writerForTests().update(users).set({ referralLinkId: link.id }).where(eq(users.id, u.id));
    await writerForTests().update(referralLinks).set({ clicks: 7 }).where(eq(referralLinks.id, link.id));
    const page = await call(referrals.loader as Handler, "/admin/referrals", { cookie: adminCookie });
    const row = (
      (await page.json()) as {
        links: {
          id: number;
          url: string;
          clicks: number;
          totalRegistrations: number;
          activatedRegistrations: number;
        }[];
      }
    ).links.find((l) => l.id === link.id)!;
    expect(row).toMatchObject({
      clicks: 7,
      totalRegistrations: 2,
      activatedRegistrations: 1,
      url: `http://localhost:3999/?ref=${link.code}`,
    });
    const missing = await call(referrals.action as Handler, "/admin/referrals", {
      form: { intent: "delete", id: "999999" },
      cookie: adminCookie,
    });
    expect((await formError(missing)).formError).toBe("Failed to delete link");
    expect((await post(referrals.action, "/admin/referrals", { intent: "delete", id: String(link.id) })).status).toBe(
      302,
    );
    expect((await getUserRow(referred.id))?.referralLinkId).toBeNull();
  });
});
