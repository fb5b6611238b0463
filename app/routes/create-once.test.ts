/**
 * Every create form carries a key per render; posting the same form twice (a double click, Back and
 * resend) creates one row and sends the second post where the first one went.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { newsPosts, platforms, problemReports, referralLinks, serviceRecords, vehicles } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { approveVehicleRequest } from "~/models/vehicle-requests.server";
import { actors, vehicle } from "../../tests/admin-fixtures";
import { createVehicle, rentAgreementFields } from "../../tests/dashboard-helpers";
import { createUser, sessionCookieHeader } from "../../tests/factories";
import { call, readJson } from "../../tests/route-harness";
import * as newsForm from "./admin/news-form";
import * as platformsRoute from "./admin/platforms";
import * as referrals from "./admin/referrals";
import * as vehicleForm from "./admin/vehicle-form";
import * as vehicleProblem from "./admin/vehicle-problem";
import * as vehicleService from "./admin/vehicle-service";
import * as dashboard from "./dashboard";
import * as vehicleRequestRoute from "./dashboard/vehicle-request";
import * as reportRoute from "./dashboard/report";

type Handler = Parameters<typeof call>[0];
const w = () => writerForTests();

/** The key the page rendered (from its loader), as a browser would post it back. */
async function renderedKey(loader: unknown, path: string, cookie: string, params?: Record<string, string>) {
  const data = await readJson<{ formKey?: string }>(await call(loader as Handler, path, { cookie, params }));
  expect(typeof data.formKey).toBe("string");
  return data.formKey!;
}

async function postTwice(
  action: unknown,
  path: string,
  cookie: string,
  form: () => Record<string, string> | FormData,
  params?: Record<string, string>,
) {
  const first = await call(action as Handler, path, { form: form(), cookie, params });
  const second = await call(action as Handler, path, { form: form(), cookie, params });
  expect(first.status).toBe(302);
  expect(second.status).toBe(302);
  expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
  return { first, second };
}

describe("create forms post once per render", () => {
  test("a service record posted twice is recorded once; a new render gets a new key", async () => {
    const { adminCookie } = await actors();
    const v = await vehicle();
    const params = { id: String(v.id) };
    const key = await renderedKey(vehicleForm.loader, `/admin/vehicles/${v.id}`, adminCookie, params);
    const form = {
      intent: "serviceRecord",
      formKey: key,
      serviceDate: "2026-11-20",
      description: "New brake pads",
      cost: "25.50",
    };
    await postTwice(vehicleService.action, `/admin/vehicles/${v.id}/service`, adminCookie, () => form, params);
    expect(await w().select().from(serviceRecords).where(eq(serviceRecords.vehicleId, v.id))).toHaveLength(1);
    const next = await renderedKey(vehicleForm.loader, `/admin/vehicles/${v.id}`, adminCookie, params);
    expect(next).not.toBe(key);
    await call(vehicleService.action, `/admin/vehicles/${v.id}/service`, {
      form: { ...form, formKey: next },
      cookie: adminCookie,
      params,
    });
    expect(await w().select().from(serviceRecords).where(eq(serviceRecords.vehicleId, v.id))).toHaveLength(2);
  });

  test("a refused post frees its key: the corrected form goes through once", async () => {
    const { adminCookie } = await actors();
    const v = await vehicle();
    const params = { id: String(v.id) };
    const key = await renderedKey(vehicleForm.loader, `/admin/vehicles/${v.id}`, adminCookie, params);
    const refused = await call(vehicleService.action, `/admin/vehicles/${v.id}/service`, {
      form: { intent: "serviceRecord", formKey: key, serviceDate: "", description: "" },
      cookie: adminCookie,
      params,
    });
    expect(refused.status).toBe(400);
    await postTwice(
      vehicleService.action,
      `/admin/vehicles/${v.id}/service`,
      adminCookie,
      () => ({ intent: "serviceRecord", formKey: key, serviceDate: "2026-11-20", description: "Tyre" }),
      params,
    );
    expect(await w().select().from(serviceRecords).where(eq(serviceRecords.vehicleId, v.id))).toHaveLength(1);
  });

  test("a vehicle problem, a new vehicle, a news post, a referral link and a platform: one each", async () => {
    const { adminCookie } = await actors();
    const v = await vehicle();
    const params = { id: String(v.id) };
    const problemKey = await renderedKey(vehicleForm.loader, `/admin/vehicles/${v.id}`, adminCookie, params);
    await postTwice(
      vehicleProblem.action,
      `/admin/vehicles/${v.id}/problems`,
      adminCookie,
      () => ({ intent: "problem", formKey: problemKey, description: "Rattle" }),
      params,
    );
    expect(await w().select().from(problemReports).where(eq(problemReports.vehicleId, v.id))).toHaveLength(1);

    const serial = `SN-ONCE-${Date.now()}`;
    const vehicleKey = await renderedKey(vehicleForm.loader, "/admin/vehicles/new", adminCookie);
    const vehicleFields = () => {
      const f = new FormData();
      for (const [k, value] of Object.entries({
        intent: "save",
        formKey: vehicleKey,
        name: "Once",
        characteristicsSk: "Motor",
        serialNumber: serial,
        status: "available",
      }))
        f.set(k, value);
      return f;
    };
    await postTwice(vehicleForm.action, "/admin/vehicles/new", adminCookie, vehicleFields);
    expect(await w().select().from(vehicles).where(eq(vehicles.serialNumber, serial))).toHaveLength(1);

    const title = `Once ${Date.now()}`;
    const newsKey = await renderedKey(newsForm.loader, "/admin/news/new", adminCookie);
    const newsFields = () => {
      const f = new FormData();
      for (const [k, value] of Object.entries({
        intent: "save",
        formKey: newsKey,
        titleSk: title,
        contentSk: "Text",
        textPosition: "bottom_left",
        language: "all",
      }))
        f.set(k, value);
      return f;
    };
    await postTwice(newsForm.action, "/admin/news/new", adminCookie, newsFields);
    expect(await w().select().from(newsPosts).where(eq(newsPosts.titleSk, title))).toHaveLength(1);

    const name = `Once ${Date.now()}`;
    const referralKey = await renderedKey(referrals.loader, "/admin/referrals", adminCookie);
    await postTwice(referrals.action, "/admin/referrals", adminCookie, () => ({
      intent: "create",
      formKey: referralKey,
      name,
    }));
    expect(await w().select().from(referralLinks).where(eq(referralLinks.name, name))).toHaveLength(1);

    const platform = `P${Date.now() % 1e9}`;
    const platformKey = await renderedKey(platformsRoute.loader, "/admin/payouts/platforms", adminCookie);
    await postTwice(platformsRoute.action, "/admin/payouts/platforms", adminCookie, () => ({
      intent: "create",
      formKey: platformKey,
      name: platform,
    }));
    expect(await w().select().from(platforms).where(eq(platforms.name, platform))).toHaveLength(1);
  });

  test("a courier's problem report posted twice is one report, the second post answered like the first", async () => {
    const courier = await createUser({ status: "working_no_vehicle" });
    const cookie = await sessionCookieHeader(courier.id);
    const v = await createVehicle();
    await call(vehicleRequestRoute.action, "/dashboard/vehicle-request", {
      form: { vehicleId: String(v.id), ...(await rentAgreementFields()) },
      cookie,
    });
    const admin = await createUser({ role: "admin" });
    const requestId = (
      await readJson<{ requests: { id: number }[] }>(await call(dashboard.loader, "/dashboard", { cookie }))
    ).requests[0]!.id;
    await approveVehicleRequest(admin.id, requestId);
    const key = await renderedKey(dashboard.loader, "/dashboard", cookie);
    const form = () => {
      const f = new FormData();
      f.set("description", "Flat tyre");
      return f;
    };
    await postTwice(reportRoute.action, `/dashboard/report?modal=report&formKey=${key}`, cookie, form);
    expect(await w().select().from(problemReports).where(eq(problemReports.userId, courier.id))).toHaveLength(1);
  });
});
