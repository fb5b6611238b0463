/**
 * Vehicle maintenance: service records, putting a vehicle in service (status `maintenance`, shown
 * as "In service", not requestable) and back, the odometer, and what is due. A vehicle in service
 * stays assigned to its courier: their lease and status do not change, and the admin decides
 * whether to offer a swap (see README "Maintenance").
 */
import { and, asc, count, desc, eq, isNull, or, isNotNull } from "drizzle-orm";
import { problemReports, serviceRecords, users, vehicles } from "~db/schema";
import { serviceDue, type NextService } from "~/domain/maintenance";
import { now as serverNow } from "~/infra/clock.server";
import { db, writeTransaction } from "~/infra/db.server";
import { recordAudit } from "./audit.server";
import type { Tx } from "./status.server";

export class MaintenanceError extends Error {
  constructor(readonly key: "notFound" | "alreadyInService" | "notInService" | "noVehicle") {
    super(key);
  }
  get status() {
    return this.key === "notFound" ? 404 : 409;
  }
}

export type ServiceRecordInput = { serviceDate: Date; description: string; costCents: number | null; nextDueAt: Date | null; nextDueKm: number | null };

export function listServiceRecords(vehicleId: number) {
  return db()
    .select({ record: serviceRecords, createdByEmail: users.email })
    .from(serviceRecords)
    .leftJoin(users, eq(users.id, serviceRecords.createdById))
    .where(eq(serviceRecords.vehicleId, vehicleId))
    .orderBy(desc(serviceRecords.serviceDate), desc(serviceRecords.id))
    .all()
    .map(({ record, createdByEmail }) => ({ ...record, createdByEmail }));
}

function vehicleIn(tx: Tx, vehicleId: number) {
  const vehicle = tx.select().from(vehicles).where(eq(vehicles.id, vehicleId)).get();
  if (!vehicle) throw new MaintenanceError("notFound");
  return vehicle;
}

/** Adds a record of work done (completed), audited. */
export function addServiceRecord(adminId: number, vehicleId: number, input: ServiceRecordInput, now = serverNow()) {
  return writeTransaction((tx) => {
    vehicleIn(tx, vehicleId);
    const row = tx
      .insert(serviceRecords)
      .values({ vehicleId, ...input, completedAt: now, createdById: adminId })
      .returning()
      .get();
    recordAudit(tx, {
      actorId: adminId,
      action: "vehicle.service_record",
      entityType: "vehicle",
      entityId: vehicleId,
      after: { serviceDate: input.serviceDate.toISOString().slice(0, 10), description: input.description, costCents: input.costCents, nextDueAt: input.nextDueAt?.toISOString().slice(0, 10) ?? null, nextDueKm: input.nextDueKm },
    });
    return row.id;
  });
}

/**
 * Puts a vehicle in service (`maintenance`). With a description (a problem report sent it) an open
 * service record is created, linked to the report. The courier riding it keeps it assigned.
 */
function startServiceIn(tx: Tx, adminId: number, vehicleId: number, now: Date, record?: { description: string; problemReportId: number }) {
  const vehicle = vehicleIn(tx, vehicleId);
  if (vehicle.status === "maintenance") throw new MaintenanceError("alreadyInService");
  tx.update(vehicles).set({ status: "maintenance", updatedAt: now }).where(eq(vehicles.id, vehicleId)).run();
  const created = record
    ? tx.insert(serviceRecords).values({ vehicleId, problemReportId: record.problemReportId, serviceDate: now, description: record.description, createdById: adminId }).returning({ id: serviceRecords.id }).get()
    : undefined;
  recordAudit(tx, {
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

export function putVehicleInService(adminId: number, vehicleId: number, now = serverNow()) {
  writeTransaction((tx) => startServiceIn(tx, adminId, vehicleId, now));
}

/** "Send vehicle to service" from a problem report: an open service record linked to the report, vehicle in service. */
export function sendReportVehicleToService(adminId: number, reportId: number, description: string, now = serverNow()) {
  return writeTransaction((tx) => {
    const report = tx.select({ id: problemReports.id, vehicleId: problemReports.vehicleId }).from(problemReports).where(eq(problemReports.id, reportId)).get();
    if (!report) throw new MaintenanceError("notFound");
    if (!report.vehicleId) throw new MaintenanceError("noVehicle");
    const recordId = startServiceIn(tx, adminId, report.vehicleId, now, { description, problemReportId: reportId });
    return { vehicleId: report.vehicleId, recordId };
  });
}

/** The service is done: open records are closed and the vehicle is back — in use by its courier, else available. */
export function completeService(adminId: number, vehicleId: number, now = serverNow()) {
  writeTransaction((tx) => {
    const vehicle = vehicleIn(tx, vehicleId);
    if (vehicle.status !== "maintenance") throw new MaintenanceError("notInService");
    const status = vehicle.assignedUserId ? "in_use" : "available";
    tx.update(vehicles).set({ status, updatedAt: now }).where(eq(vehicles.id, vehicleId)).run();
    tx.update(serviceRecords).set({ completedAt: now }).where(and(eq(serviceRecords.vehicleId, vehicleId), isNull(serviceRecords.completedAt))).run();
    recordAudit(tx, { actorId: adminId, action: "vehicle.service_complete", entityType: "vehicle", entityId: vehicleId, subjectUserId: vehicle.assignedUserId, before: { status: "maintenance" }, after: { status } });
  });
}

/** The admin updates the odometer reading (km). */
export function recordOdometer(adminId: number, vehicleId: number, odometerKm: number, now = serverNow()) {
  writeTransaction((tx) => {
    const vehicle = vehicleIn(tx, vehicleId);
    tx.update(vehicles).set({ odometerKm, updatedAt: now }).where(eq(vehicles.id, vehicleId)).run();
    recordAudit(tx, { actorId: adminId, action: "vehicle.odometer", entityType: "vehicle", entityId: vehicleId, before: { odometerKm: vehicle.odometerKm }, after: { odometerKm } });
  });
}

/** The next service of each vehicle: named by its most recent record that names a date or a km. */
function nextServices(vehicleIds?: number[]) {
  const rows = db()
    .select({ vehicleId: serviceRecords.vehicleId, nextDueAt: serviceRecords.nextDueAt, nextDueKm: serviceRecords.nextDueKm })
    .from(serviceRecords)
    .where(or(isNotNull(serviceRecords.nextDueAt), isNotNull(serviceRecords.nextDueKm)))
    .orderBy(asc(serviceRecords.serviceDate), asc(serviceRecords.id))
    .all();
  const next = new Map<number, NextService>();
  for (const row of rows) if (!vehicleIds || vehicleIds.includes(row.vehicleId)) next.set(row.vehicleId, { nextDueAt: row.nextDueAt, nextDueKm: row.nextDueKm });
  return next;
}

export function vehicleNextService(vehicleId: number, odometerKm: number | null, now = serverNow()) {
  const next = nextServices([vehicleId]).get(vehicleId) ?? null;
  return { next, due: serviceDue(next, { now, odometerKm }) };
}

/** Vehicles whose service is due (date within 7 days or passed, or km close or past), with why. */
export function vehiclesWithServiceDue(now = serverNow()) {
  const next = nextServices();
  if (next.size === 0) return [];
  const fleet = db().select({ id: vehicles.id, odometerKm: vehicles.odometerKm }).from(vehicles).all();
  return fleet.flatMap((v) => {
    const due = serviceDue(next.get(v.id) ?? null, { now, odometerKm: v.odometerKm });
    return due ? [{ vehicleId: v.id, due }] : [];
  });
}

/** The admin dashboard's maintenance tile. */
export function maintenanceTile(now = serverNow()) {
  const inService = db().select({ n: count() }).from(vehicles).where(eq(vehicles.status, "maintenance")).get()?.n ?? 0;
  return { inService, due: vehiclesWithServiceDue(now).length };
}

/** The vehicle (and its service state) a problem report concerns, for the report's dialog. */
export function reportServiceState(reportId: number) {
  return (
    db()
      .select({ vehicleId: vehicles.id, vehicleStatus: vehicles.status, recordId: serviceRecords.id })
      .from(problemReports)
      .innerJoin(vehicles, eq(vehicles.id, problemReports.vehicleId))
      .leftJoin(serviceRecords, eq(serviceRecords.problemReportId, problemReports.id))
      .where(eq(problemReports.id, reportId))
      .get() ?? null
  );
}
