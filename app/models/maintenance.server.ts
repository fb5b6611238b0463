/**
 * Vehicle maintenance: service records, putting a vehicle in service (status `maintenance`, shown
 * as "In service", not requestable) and back, the odometer, and what is due. A vehicle in service
 * stays assigned to its courier: their lease and status do not change, and the admin decides
 * whether to offer a swap (see docs/fleet-rules.md, "Maintenance").
 */
import { and, asc, count, desc, eq, isNull, or, isNotNull } from "drizzle-orm";
import { problemReports, serviceRecords, users, vehicles } from "~db/schema";
import { serviceDue, type NextService } from "~/domain/maintenance";
import { now as serverNow } from "~/infra/clock.server";
import { db, transaction, type Tx } from "~/infra/db.server";
import { forUpdate } from "~/infra/sql-dialect.server";
import { recordAudit } from "./audit.server";

export class MaintenanceError extends Error {
  constructor(readonly key: "notFound" | "alreadyInService" | "notInService" | "noVehicle") {
    super(key);
  }
  get status() {
    return this.key === "notFound" ? 404 : 409;
  }
}

export type ServiceRecordInput = {
  serviceDate: Date;
  description: string;
  costCents: number | null;
  nextDueAt: Date | null;
  nextDueKm: number | null;
};

export async function listServiceRecords(vehicleId: number) {
  const rows = await db()
    .select({ record: serviceRecords, createdByEmail: users.email })
    .from(serviceRecords)
    .leftJoin(users, eq(users.id, serviceRecords.createdById))
    .where(eq(serviceRecords.vehicleId, vehicleId))
    .orderBy(desc(serviceRecords.serviceDate), desc(serviceRecords.id));
  return rows.map(({ record, createdByEmail }) => ({ ...record, createdByEmail }));
}

/** The vehicle, locked: of two admins starting or completing a service at once, the second is refused. */
async function vehicleIn(tx: Tx, vehicleId: number) {
  const [vehicle] = await forUpdate(tx.select().from(vehicles).where(eq(vehicles.id, vehicleId)).limit(1));
  if (!vehicle) throw new MaintenanceError("notFound");
  return vehicle;
}

/** Adds a record of work done (completed), audited. */
export async function addServiceRecord(
  adminId: number,
  vehicleId: number,
  input: ServiceRecordInput,
  now = serverNow(),
) {
  return transaction(async (tx) => {
    await vehicleIn(tx, vehicleId);
    const [row] = await tx
      .insert(serviceRecords)
      .values({ vehicleId, ...input, completedAt: now, createdById: adminId })
      .returning();
    await recordAudit(tx, {
      actorId: adminId,
      action: "vehicle.service_record",
      entityType: "vehicle",
      entityId: vehicleId,
      after: {
        serviceDate: input.serviceDate.toISOString().slice(0, 10),
        description: input.description,
        costCents: input.costCents,
        nextDueAt: input.nextDueAt?.toISOString().slice(0, 10) ?? null,
        nextDueKm: input.nextDueKm,
      },
    });
    return row!.id;
  });
}

/**
 * Puts a vehicle in service (`maintenance`). With a description (a problem report sent it) an open
 * service record is created, linked to the report. The courier riding it keeps it assigned.
 */
async function startServiceIn(
  tx: Tx,
  adminId: number,
  vehicleId: number,
  now: Date,
  record?: { description: string; problemReportId: number },
) {
  const vehicle = await vehicleIn(tx, vehicleId);
  if (vehicle.status === "maintenance") throw new MaintenanceError("alreadyInService");
  await tx.update(vehicles).set({ status: "maintenance", updatedAt: now }).where(eq(vehicles.id, vehicleId));
  const [created] = record
    ? await tx
        .insert(serviceRecords)
        .values({
          vehicleId,
          problemReportId: record.problemReportId,
          serviceDate: now,
          description: record.description,
          createdById: adminId,
        })
        .returning({ id: serviceRecords.id })
    : [];
  await recordAudit(tx, {
    actorId: adminId,
    action: "vehicle.service_start",
    entityType: "vehicle",
    entityId: vehicleId,
    subjectUserId: vehicle.assignedUserId,
    before: { status: vehicle.status },
    after: { status: "maintenance", problemReportId: record?.problemReportId, serviceRecordId: created?.id },
  });
  return created?.id ?? null;
}

export async function putVehicleInService(adminId: number, vehicleId: number, now = serverNow()) {
  await transaction(async (tx) => startServiceIn(tx, adminId, vehicleId, now));
}

/** "Send vehicle to service" from a problem report: an open service record linked to the report, vehicle in service. */
export async function sendReportVehicleToService(
  adminId: number,
  reportId: number,
  description: string,
  now = serverNow(),
) {
  return transaction(async (tx) => {
    const [report] = await tx
      .select({ id: problemReports.id, vehicleId: problemReports.vehicleId })
      .from(problemReports)
      .where(eq(problemReports.id, reportId))
      .limit(1);
    if (!report) throw new MaintenanceError("notFound");
    if (!report.vehicleId) throw new MaintenanceError("noVehicle");
    const recordId = await startServiceIn(tx, adminId, report.vehicleId, now, {
      description,
      problemReportId: reportId,
    });
    return { vehicleId: report.vehicleId, recordId };
  });
}

/** The service is done: open records are closed and the vehicle is back — in use by its courier, else available. */
export async function completeService(adminId: number, vehicleId: number, now = serverNow()) {
  await transaction(async (tx) => {
    const vehicle = await vehicleIn(tx, vehicleId);
    if (vehicle.status !== "maintenance") throw new MaintenanceError("notInService");
    const status = vehicle.assignedUserId ? "in_use" : "available";
    await tx.update(vehicles).set({ status, updatedAt: now }).where(eq(vehicles.id, vehicleId));
    await tx
      .update(serviceRecords)
      .set({ completedAt: now })
      .where(and(eq(serviceRecords.vehicleId, vehicleId), isNull(serviceRecords.completedAt)));
    await recordAudit(tx, {
      actorId: adminId,
      action: "vehicle.service_complete",
      entityType: "vehicle",
      entityId: vehicleId,
      subjectUserId: vehicle.assignedUserId,
      before: { status: "maintenance" },
      after: { status },
    });
  });
}

/** The admin updates the odometer reading (km). */
export async function recordOdometer(adminId: number, vehicleId: number, odometerKm: number, now = serverNow()) {
  await transaction(async (tx) => {
    const vehicle = await vehicleIn(tx, vehicleId);
    await tx.update(vehicles).set({ odometerKm, updatedAt: now }).where(eq(vehicles.id, vehicleId));
    await recordAudit(tx, {
      actorId: adminId,
      action: "vehicle.odometer",
      entityType: "vehicle",
      entityId: vehicleId,
      before: { odometerKm: vehicle.odometerKm },
      after: { odometerKm },
    });
  });
}

/** The next service of each vehicle: named by its most recent record that names a date or a km. */
async function nextServices(vehicleIds?: number[]) {
  const rows = await db()
    .select({
      vehicleId: serviceRecords.vehicleId,
      nextDueAt: serviceRecords.nextDueAt,
      nextDueKm: serviceRecords.nextDueKm,
    })
    .from(serviceRecords)
    .where(or(isNotNull(serviceRecords.nextDueAt), isNotNull(serviceRecords.nextDueKm)))
    .orderBy(asc(serviceRecords.serviceDate), asc(serviceRecords.id));
  const next = new Map<number, NextService>();
  for (const row of rows)
    if (!vehicleIds || vehicleIds.includes(row.vehicleId))
      next.set(row.vehicleId, { nextDueAt: row.nextDueAt, nextDueKm: row.nextDueKm });
  return next;
}

export async function vehicleNextService(vehicleId: number, odometerKm: number | null, now = serverNow()) {
  const next = (await nextServices([vehicleId])).get(vehicleId) ?? null;
  return { next, due: serviceDue(next, { now, odometerKm }) };
}

/** Vehicles whose service is due (date within 7 days or passed, or km close or past), with why. */
export async function vehiclesWithServiceDue(now = serverNow()) {
  const next = await nextServices();
  if (next.size === 0) return [];
  const fleet = await db().select({ id: vehicles.id, odometerKm: vehicles.odometerKm }).from(vehicles);
  return fleet.flatMap((v) => {
    const due = serviceDue(next.get(v.id) ?? null, { now, odometerKm: v.odometerKm });
    return due ? [{ vehicleId: v.id, due }] : [];
  });
}

/** The admin dashboard's maintenance tile. */
export async function maintenanceTile(now = serverNow()) {
  const [inService] = await db().select({ n: count() }).from(vehicles).where(eq(vehicles.status, "maintenance"));
  return { inService: inService?.n ?? 0, due: (await vehiclesWithServiceDue(now)).length };
}

/** The vehicle (and its service state) a problem report concerns, for the report's dialog. */
export async function reportServiceState(reportId: number) {
  const [row] = await db()
    .select({ vehicleId: vehicles.id, vehicleStatus: vehicles.status, recordId: serviceRecords.id })
    .from(problemReports)
    .innerJoin(vehicles, eq(vehicles.id, problemReports.vehicleId))
    .leftJoin(serviceRecords, eq(serviceRecords.problemReportId, problemReports.id))
    .where(eq(problemReports.id, reportId))
    .limit(1);
  return row ?? null;
}
