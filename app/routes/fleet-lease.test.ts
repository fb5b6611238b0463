import { afterEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { handovers, vehicleRequests, vehicles } from "~db/schema";
import { setClockOffset } from "~/infra/clock.server";
import { writerForTests } from "~/infra/db.server";
import { getPendingHandover } from "~/models/handovers.server";
import { approveVehicleRequest, createVehicleRequest } from "~/models/vehicle-requests.server";
import { agreedRent, createUser, enrolSecondFactor, sessionCookieHeader } from "../../tests/factories";
import { createVehicle } from "../../tests/dashboard-helpers";
import { png } from "../../tests/media-fixtures";
import { call, readJson } from "../../tests/route-harness";
import * as handoverRoute from "./admin/vehicle-handover";
import * as vehicleForm from "./admin/vehicle-form";
import * as dashboard from "./dashboard";
import * as leaseRenewalRoute from "./dashboard/lease-renewal";
import * as handoverConfirmation from "./dashboard/handover";
import * as files from "./files";

type Handler = Parameters<typeof call>[0];
const DAY = 24 * 60 * 60 * 1000;
const admin = await createUser({ role: "admin" });
await enrolSecondFactor(admin.id);
const adminCookie = await sessionCookieHeader(admin.id);

async function leaseStarted() {
  const user = await createUser({ status: "working_no_vehicle" });
  const vehicle = await createVehicle();
  const request = await createVehicleRequest(user.id, vehicle.id, await agreedRent());
  await approveVehicleRequest(admin.id, request.id);
  return { user, vehicle, cookie: await sessionCookieHeader(user.id) };
}

async function handoverForm(fields: Record<string, string>, photos = 0) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (let i = 0; i < photos; i++)
    form.append("photos", new File([new Uint8Array(await png(48 + i, 32))], `side-${i}.png`, { type: "image/png" }));
  return form;
}

afterEach(() => setClockOffset(0));

describe("the admin's handover screen", () => {
  test("a moped's check-out asks for the licence seen; without it the admin is told why and nothing is recorded", async () => {
    const user = await createUser({ status: "working_no_vehicle" });
    const vehicle = await createVehicle({ licenceCategory: "AM" });
    await approveVehicleRequest(admin.id, (await createVehicleRequest(user.id, vehicle.id, await agreedRent())).id);
    const path = `/admin/vehicles/${vehicle.id}/handover?kind=check_out`;
    const params = { id: String(vehicle.id) };
    const page = await readJson<{ vehicle: { licenceCategory: string } }>(
      await call(handoverRoute.loader as Handler, path, { params, cookie: adminCookie }),
    );
    expect(page.vehicle.licenceCategory).toBe("AM");
    const refused = await call(handoverRoute.action as Handler, path, {
      form: await handoverForm({ batteryPercent: "90", odometerKm: "10" }),
      params,
      cookie: adminCookie,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { formError: string }).formError).toContain("moped");
    expect(await getPendingHandover(vehicle.id, "check_out")).not.toBeNull();
    const badNumber = await call(handoverRoute.action as Handler, path, {
      form: await handoverForm({ batteryPercent: "90", odometerKm: "10", licenceCategory: "B", licenceLast4: "1-2" }),
      params,
      cookie: adminCookie,
    });
    expect(badNumber.status).toBe(400);
    const ok = await call(handoverRoute.action as Handler, path, {
      form: await handoverForm({ batteryPercent: "90", odometerKm: "10", licenceCategory: "AM", licenceLast4: "x7k2" }),
      params,
      cookie: adminCookie,
    });
    expect(ok.status).toBe(302);
    const detail = await readJson<{ handovers: { licenceSeen: unknown }[] }>(
      await call(vehicleForm.loader as Handler, `/admin/vehicles/${vehicle.id}`, { params, cookie: adminCookie }),
    );
    expect(detail.handovers[0]!.licenceSeen).toEqual({ category: "AM", last4: "X7K2" });
  });

  test("records the check-out with two photos; a courier cannot post it; bad numbers are refused", async () => {
    const { user, vehicle, cookie } = await leaseStarted();
    const path = `/admin/vehicles/${vehicle.id}/handover?kind=check_out`;
    const params = { id: String(vehicle.id) };
    expect(
      (
        await call(handoverRoute.action as Handler, path, {
          form: await handoverForm({ batteryPercent: "90", odometerKm: "10" }),
          params,
          cookie,
        })
      ).status,
    ).toBe(403);
    const invalid = await call(handoverRoute.action as Handler, path, {
      form: await handoverForm({ batteryPercent: "140", odometerKm: "" }),
      params,
      cookie: adminCookie,
    });
    expect(invalid.status).toBe(400);
    const ok = await call(handoverRoute.action as Handler, path, {
      form: await handoverForm({ batteryPercent: "90", odometerKm: "10", damage_deck: "scratch" }, 2),
      params,
      cookie: adminCookie,
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(`/admin/vehicles/${vehicle.id}#handovers`);
    expect(await getPendingHandover(vehicle.id, "check_out")).toBeNull();

    const page = await readJson<{ handovers: { kind: string; photos: { id: number }[]; damages: object }[] }>(
      await call(vehicleForm.loader as Handler, `/admin/vehicles/${vehicle.id}`, { params, cookie: adminCookie }),
    );
    expect(page.handovers[0]).toMatchObject({ kind: "check_out", damages: { deck: "scratch" } });
    const photoId = page.handovers[0]!.photos[0]!.id;
    // The photo: the courier concerned and admins, nobody else.
    expect(
      (await call(files.loader as Handler, `/files/${photoId}`, { params: { id: String(photoId) }, cookie })).status,
    ).toBe(200);
    const other = await createUser({ status: "working_no_vehicle" });
    expect(
      (
        await call(files.loader as Handler, `/files/${photoId}`, {
          params: { id: String(photoId) },
          cookie: await sessionCookieHeader(other.id),
        })
      ).status,
    ).toBe(404);

    // The courier's dashboard asks to confirm; confirming empties the list.
    const before = await readJson<{ handovers: { id: number; recordedBy?: string }[] }>(
      await call(dashboard.loader as Handler, "/dashboard", { cookie }),
    );
    expect(before.handovers).toHaveLength(1);
    expect(before.handovers[0]!.recordedBy).toBeUndefined();
    const strangerConfirm = await call(handoverConfirmation.action as Handler, "/dashboard/handover", {
      form: { handoverId: String(before.handovers[0]!.id) },
      cookie: await sessionCookieHeader(other.id),
    });
    expect(strangerConfirm.status).toBe(404);
    const confirmed = await call(handoverConfirmation.action as Handler, "/dashboard/handover", {
      form: { handoverId: String(before.handovers[0]!.id) },
      cookie,
    });
    expect(confirmed.status).toBe(302);
    expect(
      (await writerForTests().select().from(handovers).where(eq(handovers.userId, user.id)))[0]?.confirmedAt,
    ).toBeInstanceOf(Date);
  });

  test("an unknown kind or a vehicle with nothing pending is not a form", async () => {
    const vehicle = await createVehicle();
    const params = { id: String(vehicle.id) };
    expect(
      (
        await call(handoverRoute.loader as Handler, `/admin/vehicles/${vehicle.id}/handover?kind=repair`, {
          params,
          cookie: adminCookie,
        })
      ).status,
    ).toBe(404);
    const empty = await readJson<{ pending: unknown }>(
      await call(handoverRoute.loader as Handler, `/admin/vehicles/${vehicle.id}/handover?kind=check_in`, {
        params,
        cookie: adminCookie,
      }),
    );
    expect(empty.pending).toBeNull();
    expect(
      (
        await call(handoverRoute.action as Handler, `/admin/vehicles/${vehicle.id}/handover?kind=check_in`, {
          form: await handoverForm({ batteryPercent: "1", odometerKm: "1" }),
          params,
          cookie: adminCookie,
        })
      ).status,
    ).toBe(404);
  });
});

describe("the courier's renewal request", () => {
  test("refused before the window, sent inside it, then shown as waiting", async () => {
    const { user, cookie } = await leaseStarted();
    const early = await call(leaseRenewalRoute.action as Handler, "/dashboard/lease-renewal", { form: {}, cookie });
    expect(early.status).toBe(409);
    expect((await readJson<{ error: string }>(early)).error).toContain("too early");
    const lease = (
      await writerForTests()
        .select({ end: vehicles.leaseEndsAt })
        .from(vehicles)
        .where(eq(vehicles.assignedUserId, user.id))
    )[0]!.end!;
    setClockOffset(lease.getTime() - 4 * DAY - Date.now());
    const before = await readJson<{ renewal: { canAsk: boolean } }>(
      await call(dashboard.loader as Handler, "/dashboard", { cookie }),
    );
    expect(before.renewal.canAsk).toBe(true);
    expect(
      (await call(leaseRenewalRoute.action as Handler, "/dashboard/lease-renewal", { form: {}, cookie })).status,
    ).toBe(302);
    expect(
      (await writerForTests().select().from(vehicleRequests).where(eq(vehicleRequests.userId, user.id))).map((r) => [
        r.kind,
        r.status,
      ]),
    ).toContainEqual(["renewal", "pending"]);
    const after = await readJson<{ renewal: { canAsk: boolean; pending: boolean } }>(
      await call(dashboard.loader as Handler, "/dashboard", { cookie }),
    );
    expect(after.renewal).toMatchObject({ canAsk: false, pending: true });
  });
});
