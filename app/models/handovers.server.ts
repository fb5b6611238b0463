/**
 * Handovers (check-out when a lease starts, check-in when it ends): opened pending by the lease
 * models, recorded by an admin with photos, confirmed by the courier.
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { handovers, problemReports, uploads, users, vehicles } from "~db/schema";
import {
  LICENCE_LAST4,
  LICENCE_SEEN_CATEGORIES,
  newDamages,
  normalizeDamages,
  odometerIssue,
  type Damages,
  type HandoverKind,
  type LicenceSeenCategory,
} from "~/domain/handover";
import { MAX_HANDOVER_PHOTOS } from "~/domain/rules";
import { now } from "~/infra/clock.server";
import { db, preparedQuery, transaction, type Database, type Tx } from "~/infra/db.server";
import type { ReceivedFile } from "~/infra/uploads.server";
import { forUpdate } from "~/infra/sql-dialect.server";
import { recordAudit } from "./audit.server";
import { notifyUser } from "./decisions.server";
import type { UploadSummary } from "~/domain/files";
import type { HandoverView } from "~/domain/handover";
import { insertUploadRows, withUploads } from "./uploads.server";

/** Refusals the handover screens translate (`admin:handovers.errors.<key>`, `dashboard:handover.errors.<key>`). */
export class HandoverError extends Error {
  constructor(
    readonly key:
      | "notFound"
      | "notPending"
      | "odometerBelowCheckOut"
      | "tooManyPhotos"
      | "notRecorded"
      | "alreadyConfirmed"
      | "alreadyDisputed"
      | "licenceRequired",
  ) {
    super(key);
  }
  get status() {
    return this.key === "notFound"
      ? 404
      : this.key === "odometerBelowCheckOut" || this.key === "tooManyPhotos" || this.key === "licenceRequired"
        ? 400
        : 409;
  }
}

/**
 * Opens a pending handover inside the transaction that starts or ends the lease. A check-in is
 * tied to the latest check-out of the same vehicle and courier, its point of comparison.
 */
export async function openHandover(
  tx: Tx,
  input: { kind: HandoverKind; vehicleId: number; userId: number; requestId?: number | null },
) {
  const [checkOut] =
    input.kind === "check_in"
      ? await tx
          .select({ id: handovers.id })
          .from(handovers)
          .where(
            and(
              eq(handovers.kind, "check_out"),
              eq(handovers.vehicleId, input.vehicleId),
              eq(handovers.userId, input.userId),
            ),
          )
          .orderBy(desc(handovers.id))
          .limit(1)
      : [];
  await tx.insert(handovers).values({
    kind: input.kind,
    vehicleId: input.vehicleId,
    userId: input.userId,
    requestId: input.requestId ?? null,
    checkOutId: checkOut?.id ?? null,
    createdAt: now(),
  });
}

/** The oldest handover of a kind still waiting to be recorded for a vehicle, with what it is compared with. */
export async function getPendingHandover(vehicleId: number, kind: HandoverKind) {
  const [row] = await db()
    .select({ handover: handovers, userEmail: users.email, userName: users.fullName })
    .from(handovers)
    .innerJoin(users, eq(users.id, handovers.userId))
    .where(and(eq(handovers.vehicleId, vehicleId), eq(handovers.kind, kind), isNull(handovers.recordedAt)))
    .orderBy(asc(handovers.id))
    .limit(1);
  if (!row) return null;
  const [checkOut] = row.handover.checkOutId
    ? await db().select().from(handovers).where(eq(handovers.id, row.handover.checkOutId)).limit(1)
    : [];
  return {
    ...row,
    checkOut: checkOut?.recordedAt
      ? {
          batteryPercent: checkOut.batteryPercent,
          odometerKm: checkOut.odometerKm,
          damages: normalizeDamages(checkOut.damages),
          recordedAt: checkOut.recordedAt,
        }
      : null,
  };
}

export type HandoverRecord = {
  batteryPercent: number;
  odometerKm: number;
  damages: Damages;
  note: string | null;
  /** The driving licence the admin saw: required at the check-out of a vehicle that needs a licence AM. */
  licence?: { category: LicenceSeenCategory; last4: string } | null;
};

/** The licence seen, upper-cased, when it is a category that includes AM and four letters or digits; else null. */
function licenceSeen(licence: HandoverRecord["licence"]) {
  if (!licence) return null;
  const last4 = licence.last4.trim().toUpperCase();
  if (!(LICENCE_SEEN_CATEGORIES as readonly string[]).includes(licence.category) || !LICENCE_LAST4.test(last4))
    return null;
  return { category: licence.category, last4 };
}

/**
 * The admin records a pending handover: values, photos (courier-owned private files), the vehicle's
 * odometer, one audit entry. Files and rows commit together. Returns the new damage of a check-in.
 */
export async function recordHandover(
  adminId: number,
  handoverId: number,
  input: HandoverRecord,
  received: ReceivedFile[],
) {
  return withUploads(received, async (photos) => {
    const result = await transaction(async (tx) => {
      // Locked, so of two admins recording at once on PostgreSQL the second finds it recorded.
      const [handover] = await forUpdate(tx.select().from(handovers).where(eq(handovers.id, handoverId)).limit(1));
      if (!handover) throw new HandoverError("notFound");
      if (handover.recordedAt) throw new HandoverError("notPending");
      if (photos.length > MAX_HANDOVER_PHOTOS) throw new HandoverError("tooManyPhotos");
      const [checkOut] = handover.checkOutId
        ? await tx.select().from(handovers).where(eq(handovers.id, handover.checkOutId)).limit(1)
        : [];
      if (handover.kind === "check_in" && odometerIssue(checkOut?.odometerKm ?? null, input.odometerKm))
        throw new HandoverError("odometerBelowCheckOut");
      const [vehicle] = await tx
        .select({ name: vehicles.name, licenceCategory: vehicles.licenceCategory })
        .from(vehicles)
        .where(eq(vehicles.id, handover.vehicleId))
        .limit(1);
      // A moped is handed over only to a courier whose licence the admin saw (CONTRACT §8).
      const licence =
        handover.kind === "check_out" && vehicle?.licenceCategory === "AM" ? licenceSeen(input.licence) : null;
      if (handover.kind === "check_out" && vehicle?.licenceCategory === "AM" && !licence)
        throw new HandoverError("licenceRequired");
      const at = now();
      await tx
        .update(handovers)
        .set({
          batteryPercent: input.batteryPercent,
          odometerKm: input.odometerKm,
          damages: input.damages,
          note: input.note,
          licenceSeenCategory: licence?.category ?? null,
          licenceSeenLast4: licence?.last4 ?? null,
          recordedById: adminId,
          recordedAt: at,
        })
        .where(eq(handovers.id, handoverId));
      await insertUploadRows(tx, photos, { kind: "handover_photo", ownerId: handover.userId, handoverId });
      await tx
        .update(vehicles)
        .set({ odometerKm: input.odometerKm, updatedAt: at })
        .where(eq(vehicles.id, handover.vehicleId));
      const flagged =
        handover.kind === "check_in"
          ? newDamages(checkOut?.recordedAt ? normalizeDamages(checkOut.damages) : null, input.damages)
          : [];
      await recordAudit(tx, {
        actorId: adminId,
        action: "handover.record",
        entityType: "vehicle",
        entityId: handover.vehicleId,
        subjectUserId: handover.userId,
        before: null,
        after: {
          kind: handover.kind,
          batteryPercent: input.batteryPercent,
          odometerKm: input.odometerKm,
          damages: Object.keys(input.damages).join(", ") || null,
          newDamages: flagged.map((d) => d.part).join(", ") || null,
          photos: photos.length,
          licenceSeen: licence ? `${licence.category} …${licence.last4}` : undefined,
        },
      });
      // The courier is asked to check and confirm it, on the channels they chose.
      if (handover.userId) {
        await notifyUser(tx, handover.userId, "handoverRecorded", { vehicle: vehicle?.name ?? "" });
      }
      return { kind: handover.kind, vehicleId: handover.vehicleId, newDamages: flagged };
    });
    return { result };
  });
}

/** The courier confirms a recorded handover of their own (ownership is part of the query). */
export async function confirmHandover(userId: number, handoverId: number) {
  await transaction(async (tx) => {
    // Locked: a double tap (or confirm and dispute at once) on PostgreSQL decides once; the rest are refused.
    const [handover] = await forUpdate(
      tx
        .select()
        .from(handovers)
        .where(and(eq(handovers.id, handoverId), eq(handovers.userId, userId)))
        .limit(1),
    );
    if (!handover) throw new HandoverError("notFound");
    if (!handover.recordedAt) throw new HandoverError("notRecorded");
    if (handover.confirmedAt) throw new HandoverError("alreadyConfirmed");
    const at = now();
    await tx.update(handovers).set({ confirmedAt: at }).where(eq(handovers.id, handoverId));
    await recordAudit(tx, {
      actorId: userId,
      action: "handover.confirm",
      entityType: "vehicle",
      entityId: handover.vehicleId,
      subjectUserId: userId,
      before: null,
      after: { kind: handover.kind, confirmedAt: at.toISOString() },
    });
  });
}

/**
 * The courier disagrees with a recorded handover (the damage noted, the battery, the km): their note
 * opens a problem report about the vehicle, the conversation with the admin, and the handover leaves
 * the "please confirm" list. Returns the report's id.
 */
export async function disputeHandover(userId: number, handoverId: number, note: string) {
  return await transaction(async (tx) => {
    // Locked: a double tap (or confirm and dispute at once) on PostgreSQL decides once; the rest are refused.
    const [handover] = await forUpdate(
      tx
        .select()
        .from(handovers)
        .where(and(eq(handovers.id, handoverId), eq(handovers.userId, userId)))
        .limit(1),
    );
    if (!handover) throw new HandoverError("notFound");
    if (!handover.recordedAt) throw new HandoverError("notRecorded");
    if (handover.confirmedAt) throw new HandoverError("alreadyConfirmed");
    if (handover.disputeReportId) throw new HandoverError("alreadyDisputed");
    const [report] = await tx
      .insert(problemReports)
      .values({ userId, vehicleId: handover.vehicleId, description: note })
      .returning({ id: problemReports.id });
    await tx.update(handovers).set({ disputeReportId: report!.id }).where(eq(handovers.id, handoverId));
    await recordAudit(tx, {
      actorId: userId,
      action: "handover.dispute",
      entityType: "vehicle",
      entityId: handover.vehicleId,
      subjectUserId: userId,
      before: null,
      after: { kind: handover.kind, problemReportId: report!.id, description: note },
    });
    return report!.id;
  });
}

async function photosOf(ids: number[]): Promise<Map<number, UploadSummary[]>> {
  const map = new Map<number, UploadSummary[]>();
  if (ids.length === 0) return map;
  const rows = await db()
    .select({
      id: uploads.id,
      kind: uploads.kind,
      mime: uploads.mime,
      width: uploads.width,
      height: uploads.height,
      handoverId: uploads.handoverId,
    })
    .from(uploads)
    .where(and(inArray(uploads.handoverId, ids), eq(uploads.kind, "handover_photo")))
    .orderBy(asc(uploads.position), asc(uploads.id));
  for (const { handoverId, ...row } of rows)
    if (handoverId != null) map.set(handoverId, [...(map.get(handoverId) ?? []), row]);
  return map;
}

const recorder = alias(users, "recorder");
const checkOuts = alias(handovers, "check_outs");

function selectHandovers(connection: Database = db()) {
  return connection
    .select({
      handover: handovers,
      vehicleName: vehicles.name,
      userEmail: users.email,
      userName: users.fullName,
      recorderEmail: recorder.email,
      checkOutDamages: checkOuts.damages,
      checkOutRecordedAt: checkOuts.recordedAt,
      checkOutBattery: checkOuts.batteryPercent,
      checkOutKm: checkOuts.odometerKm,
    })
    .from(handovers)
    .innerJoin(vehicles, eq(vehicles.id, handovers.vehicleId))
    .innerJoin(users, eq(users.id, handovers.userId))
    .leftJoin(recorder, eq(recorder.id, handovers.recordedById))
    .leftJoin(checkOuts, eq(checkOuts.id, handovers.checkOutId));
}

type SelectedHandover = Awaited<ReturnType<typeof selectHandovers>>[number];

/** A handover as the screens and the data export show it, with photos and (check-in) new damage. */
function toView(row: SelectedHandover, photos: Map<number, UploadSummary[]>): HandoverView {
  const h = row.handover;
  const damages = normalizeDamages(h.damages);
  const compared = h.kind === "check_in" && h.recordedAt;
  return {
    id: h.id,
    kind: h.kind,
    vehicleId: h.vehicleId,
    vehicleName: row.vehicleName,
    userId: h.userId,
    userLabel: row.userName ?? row.userEmail,
    batteryPercent: h.batteryPercent,
    odometerKm: h.odometerKm,
    damages,
    note: h.note,
    licenceSeen:
      h.licenceSeenCategory && h.licenceSeenLast4
        ? { category: h.licenceSeenCategory, last4: h.licenceSeenLast4 }
        : null,
    recordedAt: h.recordedAt?.toISOString() ?? null,
    recordedBy: row.recorderEmail,
    confirmedAt: h.confirmedAt?.toISOString() ?? null,
    disputeReportId: h.disputeReportId,
    createdAt: h.createdAt.toISOString(),
    photos: photos.get(h.id) ?? [],
    checkOut: row.checkOutRecordedAt ? { batteryPercent: row.checkOutBattery, odometerKm: row.checkOutKm } : null,
    newDamages: compared
      ? newDamages(row.checkOutRecordedAt ? normalizeDamages(row.checkOutDamages) : null, damages)
      : [],
  };
}

async function views(rows: SelectedHandover[]) {
  const photos = await photosOf(rows.map((r) => r.handover.id));
  return rows.map((row) => toView(row, photos));
}

/** A vehicle's handovers, newest first: pending ones to record and the recorded history. */
export async function listVehicleHandovers(vehicleId: number, limit = 50) {
  return views(
    await selectHandovers()
      .where(eq(handovers.vehicleId, vehicleId))
      .orderBy(desc(handovers.createdAt), desc(handovers.id))
      .limit(limit),
  );
}

/** Recorded handovers the courier has not confirmed yet: the dashboard's "Please confirm" cards. */
const handoversToConfirm = preparedQuery((connection) =>
  selectHandovers(connection)
    .where(
      and(
        eq(handovers.userId, sql.placeholder("userId")),
        isNotNull(handovers.recordedAt),
        isNull(handovers.confirmedAt),
        isNull(handovers.disputeReportId),
      ),
    )
    .orderBy(asc(handovers.id))
    .prepare(),
);

export async function listHandoversToConfirm(userId: number) {
  return views(await handoversToConfirm().execute({ userId }));
}

/** Every recorded handover of the courier, oldest first, for the data export. */
export async function listUserHandovers(userId: number) {
  return views(
    await selectHandovers()
      .where(and(eq(handovers.userId, userId), isNotNull(handovers.recordedAt)))
      .orderBy(asc(handovers.id)),
  );
}
