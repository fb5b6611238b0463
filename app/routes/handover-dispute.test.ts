/** A courier who disagrees with a recorded handover says so with a note, which opens a conversation. */
import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { handovers, problemReports } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { getPendingHandover, recordHandover } from "~/models/handovers.server";
import { approveVehicleRequest, createVehicleRequest } from "~/models/vehicle-requests.server";
import { createVehicle } from "../../tests/dashboard-helpers";
import { agreedRent, createUser, sessionCookieHeader } from "../../tests/factories";
import { call, readJson } from "../../tests/route-harness";
import * as dashboard from "./dashboard";
import * as handoverDisputeRoute from "./dashboard/handover-dispute";

type Data = { formKey: string; handovers: { id: number }[]; reports: { id: number; description: string }[] };

test("'I disagree' with a note: one problem report, the handover leaves the list, a second post of the form changes nothing", async () => {
  const admin = await createUser({ role: "admin" });
  const courier = await createUser({ status: "working_no_vehicle", language: "en" });
  const cookie = await sessionCookieHeader(courier.id);
  const vehicle = await createVehicle();
  await approveVehicleRequest(admin.id, (await createVehicleRequest(courier.id, vehicle.id, await agreedRent())).id);
  const pending = (await getPendingHandover(vehicle.id, "check_out"))!;
  await recordHandover(
    admin.id,
    pending.handover.id,
    { batteryPercent: 90, odometerKm: 10, damages: { deck: "dent" }, note: null },
    [],
  );
  const before = await readJson<Data>(await call(dashboard.loader, "/dashboard", { cookie }));
  expect(before.handovers.map((h) => h.id)).toEqual([pending.handover.id]);

  const post = (note: string) =>
    call(handoverDisputeRoute.action, "/dashboard/handover-dispute", {
      cookie,
      form: { handoverId: String(pending.handover.id), note, formKey: before.formKey },
    });
  const empty = await post("   ");
  expect(empty.status).toBe(400);
  expect((await readJson<{ error: string }>(empty)).error).toBe("Write what is not right.");

  const first = await post("The dent on the deck was there before I took it.");
  expect(first.status).toBe(302);
  const second = await post("The dent on the deck was there before I took it.");
  expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
  const reports = await writerForTests().select().from(problemReports).where(eq(problemReports.userId, courier.id));
  expect(reports.map((r) => r.description)).toEqual(["The dent on the deck was there before I took it."]);
  expect(first.headers.get("Location")).toBe(`/dashboard#report-${reports[0]!.id}`);
  const row = (await writerForTests().select().from(handovers).where(eq(handovers.id, pending.handover.id)))[0]!;
  expect(row).toMatchObject({ disputeReportId: reports[0]!.id, confirmedAt: null });

  const after = await readJson<Data>(await call(dashboard.loader, "/dashboard", { cookie }));
  expect(after.handovers).toEqual([]);
  expect(after.reports.map((r) => r.id)).toContain(reports[0]!.id);
  // A new render, a new key: disagreeing again with the same handover is refused.
  const again = await call(handoverDisputeRoute.action, "/dashboard/handover-dispute", {
    cookie,
    form: { handoverId: String(pending.handover.id), note: "Again", formKey: after.formKey },
  });
  expect(again.status).toBe(409);
});

test("someone else's handover cannot be disputed", async () => {
  const stranger = await createUser({ status: "working_no_vehicle" });
  const response = await call(handoverDisputeRoute.action, "/dashboard/handover-dispute", {
    cookie: await sessionCookieHeader(stranger.id),
    form: { handoverId: "999999", note: "Not mine" },
  });
  expect(response.status).toBe(404);
});
