import { and, asc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { earningImports, payoutBatches, uploads } from "~db/schema";
import { DOCUMENT_KINDS, type DocumentKind } from "~/domain/documents";
import type { UploadKind, UploadSummary } from "~/domain/files";
import { db, preparedQuery, transaction, type Database, type Tx } from "~/infra/db.server";
import {
  commitUploads,
  deleteStoredFiles,
  discardUploads,
  prepareUploads,
  readStoredFile,
  removeUnreferencedFiles,
  type PreparedUpload,
  type ReceivedFile,
} from "~/infra/uploads.server";
import { recordAudit } from "./audit.server";

const PUBLIC_KINDS: UploadKind[] = ["vehicle_image", "news_media", "fleet_image", "partner_logo"];

export type UploadRow = typeof uploads.$inferSelect;

/**
 * The owner's document drafts of the given kinds: files uploaded for a submission (a job
 * application or a new right-to-stay document) that is not attached to one yet. `owner` is a
 * user id, a prepared-statement placeholder, or several user ids.
 */
export function unattachedDrafts(owner: number | SQLWrapper | number[], kinds: readonly DocumentKind[]) {
  const ownedBy = Array.isArray(owner) ? inArray(uploads.ownerId, owner) : eq(uploads.ownerId, owner);
  return and(
    ownedBy,
    isNull(uploads.applicationId),
    isNull(uploads.documentRenewalId),
    inArray(uploads.kind, [...kinds]),
  );
}
const summary = {
  id: uploads.id,
  kind: uploads.kind,
  mime: uploads.mime,
  width: uploads.width,
  height: uploads.height,
};

/** Inserts the rows of prepared files inside the caller's transaction. */
export async function insertUploadRows(
  tx: Tx,
  prepared: PreparedUpload[],
  link: {
    kind: UploadKind | ((file: PreparedUpload) => UploadKind);
    ownerId?: number | null;
    applicationId?: number;
    problemReportId?: number;
    vehicleId?: number;
    newsPostId?: number;
    handoverId?: number;
  },
) {
  if (prepared.length === 0) return;
  await tx.insert(uploads).values(
    prepared.map((file, position) => ({
      storageKey: file.storageKey,
      kind: typeof link.kind === "function" ? link.kind(file) : link.kind,
      mime: file.mime,
      size: file.size,
      width: file.width,
      height: file.height,
      contentHash: file.contentHash,
      ownerId: link.ownerId ?? null,
      applicationId: link.applicationId ?? null,
      problemReportId: link.problemReportId ?? null,
      vehicleId: link.vehicleId ?? null,
      newsPostId: link.newsPostId ?? null,
      handoverId: link.handoverId ?? null,
      position,
    })),
  );
}

/**
 * Runs `write` (which commits the transaction that inserts the rows) and keeps files and rows in
 * step: on failure the temporary files are removed, on success they are moved into place and the
 * files of rows the body replaced (returned keys) are deleted.
 */
export async function withPreparedUploads<T>(
  prepared: PreparedUpload[],
  write: () => Promise<{ result: T; replacedKeys?: string[] }>,
) {
  let outcome: { result: T; replacedKeys?: string[] };
  try {
    outcome = await write();
  } catch (error) {
    await discardUploads(prepared);
    throw error;
  }
  await commitUploads(prepared);
  if (outcome.replacedKeys?.length) await deleteStoredFiles(outcome.replacedKeys);
  return outcome.result;
}

/**
 * Stores received files with their rows: each is processed and written under a temporary key,
 * `write` (the transaction) inserts the rows, then the files move into place. A file
 * refused on the way, or a failed transaction, leaves no file behind.
 */
export async function withUploads<T>(
  received: ReceivedFile[],
  write: (prepared: PreparedUpload[]) => Promise<{ result: T; replacedKeys?: string[] }>,
) {
  const prepared = await prepareUploads(received);
  return withPreparedUploads(prepared, () => write(prepared));
}

/**
 * New public media of a vehicle or post: the same picture twice (a resubmitted form, a repeated
 * file) is stored once; `save` gets the new ones.
 */
export function withNewMedia<T>(
  received: ReceivedFile[],
  link: { vehicleId: number } | { newsPostId: number } | null,
  save: (fresh: PreparedUpload[]) => Promise<T>,
) {
  return withUploads(received, async (prepared) => {
    const { fresh, duplicates } = await splitDuplicateMedia(prepared, link);
    return { result: await save(fresh), replacedKeys: duplicates.map((d) => d.storageKey) };
  });
}

/**
 * Deletes the upload rows `where` picks, inside the caller's transaction, and returns them with what
 * the caller counts them by; their files go once the transaction has committed (`deleteFilesOf`).
 */
export function deleteUploadRows(tx: Tx, where: SQL | undefined) {
  return tx
    .delete(uploads)
    .where(where)
    .returning({ storageKey: uploads.storageKey, applicationId: uploads.applicationId, ownerId: uploads.ownerId });
}

/** Removes the files of rows a committed transaction deleted; passes the keys on. */
export async function deleteFilesOf<T extends string[] | string | null>(keys: T): Promise<T> {
  if (keys !== null) await deleteStoredFiles(typeof keys === "string" ? [keys] : keys);
  return keys;
}

/** The bytes of a stored file (null when it is missing). */
export function openStoredFile(file: Pick<UploadRow, "storageKey">) {
  return readStoredFile(file.storageKey);
}

/**
 * Keeps identity documents of a submission that failed validation as the user's drafts (no
 * application yet), one per kind: a new file of a kind replaces the older draft.
 */
export async function saveDocumentDrafts(userId: number, received: ReceivedFile[]) {
  if (received.length === 0) return;
  await withUploads(received, async (prepared) => {
    const replacedKeys = await transaction(async (tx) => {
      const kinds = prepared.map((file) => file.field as DocumentKind);
      const old = await tx
        .select({ id: uploads.id, storageKey: uploads.storageKey })
        .from(uploads)
        .where(unattachedDrafts(userId, kinds));
      if (old.length)
        await tx.delete(uploads).where(
          inArray(
            uploads.id,
            old.map((row) => row.id),
          ),
        );
      await insertUploadRows(tx, prepared, { kind: (file) => file.field as DocumentKind, ownerId: userId });
      return old.map((row) => row.storageKey);
    });
    return { result: undefined, replacedKeys };
  });
}

/** The user's document drafts (files of a submission that has not gone through yet). */
const documentDrafts = preparedQuery((connection) =>
  connection
    .select(summary)
    .from(uploads)
    .where(unattachedDrafts(sql.placeholder("userId"), DOCUMENT_KINDS))
    .orderBy(asc(uploads.id))
    .prepare(),
);

export async function listDocumentDrafts(userId: number): Promise<UploadSummary[]> {
  return await documentDrafts().execute({ userId });
}

/** Files of one application; the owner id is part of the query. */
export async function listApplicationFiles(
  userId: number,
  applicationId: number,
  q: Database = db(),
): Promise<UploadSummary[]> {
  return await q
    .select(summary)
    .from(uploads)
    .where(and(eq(uploads.ownerId, userId), eq(uploads.applicationId, applicationId)))
    .orderBy(asc(uploads.kind), asc(uploads.id));
}

/** Attachments of the given reports, by report id. */
export async function listReportAttachments(reportIds: number[]): Promise<Map<number, UploadSummary[]>> {
  const map = new Map<number, UploadSummary[]>();
  if (reportIds.length === 0) return map;
  const rows = await db()
    .select({ ...summary, reportId: uploads.problemReportId })
    .from(uploads)
    .where(inArray(uploads.problemReportId, reportIds))
    .orderBy(asc(uploads.position));
  for (const { reportId, ...row } of rows) {
    if (reportId == null) continue;
    map.set(reportId, [...(map.get(reportId) ?? []), row]);
  }
  return map;
}

// One vehicle (the courier's own, a vehicle's page) is the common case.
const imagesOfVehicle = preparedQuery((connection) =>
  connection
    .select({ ...summary, vehicleId: uploads.vehicleId })
    .from(uploads)
    .where(and(eq(uploads.vehicleId, sql.placeholder("vehicleId")), eq(uploads.kind, "vehicle_image")))
    .orderBy(asc(uploads.position))
    .prepare(),
);

/** Public images of vehicles, by vehicle id. */
export async function listVehicleImages(vehicleIds: number[]): Promise<Map<number, UploadSummary[]>> {
  const map = new Map<number, UploadSummary[]>();
  if (vehicleIds.length === 0) return map;
  const rows =
    vehicleIds.length === 1
      ? await imagesOfVehicle().execute({ vehicleId: vehicleIds[0] })
      : await db()
          .select({ ...summary, vehicleId: uploads.vehicleId })
          .from(uploads)
          .where(and(inArray(uploads.vehicleId, vehicleIds), eq(uploads.kind, "vehicle_image")))
          .orderBy(asc(uploads.position));
  for (const { vehicleId, ...row } of rows) {
    if (vehicleId == null) continue;
    map.set(vehicleId, [...(map.get(vehicleId) ?? []), row]);
  }
  return map;
}

/**
 * A private file for a viewer: admins see every private file, a user only their own (the owner
 * id is in the query, so another user's id finds nothing). Handover photos are owned by the
 * courier the vehicle was handed to.
 */
export async function findPrivateFile(
  id: number,
  viewer: { id: number; role: string },
): Promise<UploadRow | undefined> {
  const privateOnly = and(
    eq(uploads.id, id),
    inArray(uploads.kind, [...DOCUMENT_KINDS, "report_attachment", "handover_photo"]),
  );
  const where = viewer.role === "admin" ? privateOnly : and(privateOnly, eq(uploads.ownerId, viewer.id));
  const [row] = await db().select().from(uploads).where(where).limit(1);
  return row;
}

/** A public medium (vehicle image or news media); private kinds are never found here. */
export async function findPublicMedia(id: number): Promise<UploadRow | undefined> {
  const [row] = await db()
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), inArray(uploads.kind, PUBLIC_KINDS)))
    .limit(1);
  return row;
}

/** Deletes files on disk that no upload row references (run by the scheduler). */
export async function sweepOrphanFiles(options?: { graceMs?: number; now?: number }) {
  const keys = await db().select({ key: uploads.storageKey }).from(uploads);
  // Earnings files (pending and committed imports) are private files too, referenced from their own table.
  const imports = await db().select({ key: earningImports.storageKey }).from(earningImports);
  // And the payout files of exported batches, kept as the record of what went to the bank.
  const payouts = await db().select({ key: payoutBatches.fileKey }).from(payoutBatches);
  return removeUnreferencedFiles(new Set([...keys, ...imports, ...payouts].map((row) => row.key)), options);
}

/**
 * An admin opened someone's private file: identity documents and report attachments are personal
 * data, so it is audited. Handover photos show the vehicle, not the person, and are not.
 */
export async function recordFileView(adminId: number, file: UploadRow) {
  if (file.kind === "handover_photo") return;
  await transaction((tx) =>
    recordAudit(tx, {
      actorId: adminId,
      action: "file.view",
      entityType: "file",
      entityId: file.id,
      subjectUserId: file.ownerId,
      after: { kind: file.kind },
    }),
  );
}

/**
 * Splits new public media into files not yet stored on the vehicle or post (and not repeated in the
 * same form) and duplicates. A form resubmitted with the same files still selected then adds nothing.
 */
async function splitDuplicateMedia(
  prepared: PreparedUpload[],
  link: { vehicleId: number } | { newsPostId: number } | null,
) {
  const stored =
    link === null
      ? []
      : await db()
          .select({ hash: uploads.contentHash })
          .from(uploads)
          .where("vehicleId" in link ? eq(uploads.vehicleId, link.vehicleId) : eq(uploads.newsPostId, link.newsPostId));
  const known = new Set(stored.map((r) => r.hash));
  const fresh: PreparedUpload[] = [];
  const duplicates: PreparedUpload[] = [];
  for (const file of prepared) {
    if (known.has(file.contentHash)) duplicates.push(file);
    else {
      known.add(file.contentHash);
      fresh.push(file);
    }
  }
  return { fresh, duplicates };
}
