import { describe, expect, test } from "bun:test";
import { sameVehicleGroups, sameVehicleIds } from "./bulk-conflicts";

const row = (id: number, vehicleId: number | null, kind = "request", status = "pending") => ({
  id,
  vehicleId,
  kind,
  status,
});

describe("requests competing for one vehicle in a bulk approval", () => {
  test("two waiting requests for one vehicle form a group, the oldest id first", () => {
    expect(sameVehicleGroups([row(7, 1), row(3, 1), row(5, 2)])).toEqual([
      { vehicleId: 1, rows: [row(3, 1), row(7, 1)] },
    ]);
  });

  test("a swap competes like a new request; a renewal, a decided row or a row without a vehicle do not", () => {
    expect(sameVehicleGroups([row(1, 4, "swap"), row(2, 4)]).map((g) => g.rows.map((r) => r.id))).toEqual([[1, 2]]);
    expect(sameVehicleGroups([row(1, 4, "renewal"), row(2, 4)])).toEqual([]);
    expect(sameVehicleGroups([row(1, 4, "request", "approved"), row(2, 4)])).toEqual([]);
    expect(sameVehicleGroups([row(1, null), row(2, null)])).toEqual([]);
  });

  test("several groups come in the order of their first row; the ids of every competing row", () => {
    const rows = [row(9, 2), row(4, 1), row(8, 2), row(6, 1), row(5, 3)];
    expect(sameVehicleGroups(rows).map((g) => g.vehicleId)).toEqual([1, 2]);
    expect([...sameVehicleIds(rows)].sort()).toEqual([4, 6, 8, 9]);
  });
});
