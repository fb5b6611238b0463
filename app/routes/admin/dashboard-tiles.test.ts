/** The admin dashboard has a tile for the vehicle requests waiting for a decision. */
import { expect, test } from "bun:test";
import { actors, courier, vehicle, vehicleRequest } from "../../../tests/admin-fixtures";
import { call, readJson } from "../../../tests/route-harness";
import * as dashboard from "./dashboard";

test("the pending vehicle requests tile counts the requests waiting", async () => {
  const { adminCookie } = await actors();
  const tiles = async () =>
    (
      await readJson<{ tiles: { pendingVehicleRequests: number } }>(
        await call(dashboard.loader, "/admin", { cookie: adminCookie }),
      )
    ).tiles;
  const before = (await tiles()).pendingVehicleRequests;
  expect(typeof before).toBe("number");
  await vehicleRequest((await courier()).id, (await vehicle()).id);
  expect((await tiles()).pendingVehicleRequests).toBe(before + 1);
});
