/**
 * Which rows of a bulk approval compete for one thing, so the admin is warned before approving them
 * together. Vehicle requests: two or more waiting new or swap requests for the same vehicle (a renewal
 * keeps the courier's own vehicle and competes with nobody). The bulk decides in id order, so the
 * first of each group gets the vehicle and the others are closed with a reason.
 *
 * Applications cannot conflict: a courier has at most one pending application (a unique index), and
 * approving one takes nothing another needs.
 */
export type RequestForBulk = { id: number; status: string; kind: string; vehicleId: number | null };

/** Groups of competing request ids (each sorted ascending, the winner first), one per shared vehicle. */
export function sameVehicleGroups<Row extends RequestForBulk>(
  rows: readonly Row[],
): { vehicleId: number; rows: Row[] }[] {
  const byVehicle = new Map<number, Row[]>();
  for (const row of rows) {
    if (row.status !== "pending" || row.kind === "renewal" || !row.vehicleId) continue;
    byVehicle.set(row.vehicleId, [...(byVehicle.get(row.vehicleId) ?? []), row]);
  }
  return [...byVehicle]
    .filter(([, group]) => group.length > 1)
    .map(([vehicleId, group]) => ({ vehicleId, rows: [...group].sort((a, b) => a.id - b.id) }))
    .sort((a, b) => a.rows[0]!.id - b.rows[0]!.id);
}

/** Ids of rows that share their vehicle with another row of `rows` (for a "same vehicle" badge). */
export function sameVehicleIds(rows: readonly RequestForBulk[]) {
  return new Set(sameVehicleGroups(rows).flatMap((group) => group.rows.map((row) => row.id)));
}
