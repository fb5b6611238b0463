import { agreedRent } from "./factories";
/** Shared set-up for the dashboard's integration tests and journeys. */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { uploads, vehicles } from "~db/schema";
import type { DocumentKind } from "~/domain/documents";
import type { VehicleStatus } from "~/domain/status";
import { config } from "~/infra/config.server";
import { writerForTests } from "~/infra/db.server";
import { commitUploads, prepareUpload } from "~/infra/uploads.server";
import { flushOutbox } from "~/services/outbox.server";
import { jpegWithGps, png } from "./media-fixtures";

let serial = 0;
// A worker that restarts after a failure counts from 0 again on the same database: names stay unique.
const RUN = Math.random().toString(36).slice(2, 6);

/**
 * A document photo stored as an upload would store it: a draft of the courier's, or part of an
 * application. PNG of `size` pixels (a face photo is a JPEG with GPS data, as a phone takes it).
 */
export async function storedDocument(
  userId: number,
  kind: DocumentKind,
  { applicationId = null, size = [400, 260] }: { applicationId?: number | null; size?: [number, number] } = {},
) {
  const face = kind === "face_photo";
  const prepared = await prepareUpload({
    field: kind,
    name: kind,
    ...receivedFile(face ? await jpegWithGps(640, 480) : await png(...size)),
    type: face ? { class: "image", mime: "image/jpeg", ext: "jpg" } : { class: "image", mime: "image/png", ext: "png" },
  });
  const [stored] = writerForTests()
    .insert(uploads)
    .values({
      storageKey: prepared.storageKey,
      kind,
      mime: prepared.mime,
      size: prepared.size,
      width: prepared.width,
      height: prepared.height,
      ownerId: userId,
      applicationId,
    })
    .returning({ id: uploads.id })
    .all();
  await commitUploads([prepared]);
  return stored!;
}

/** A file as the upload parser leaves it: spooled into the uploads folder under a temporary name. */
export function receivedFile(bytes: Uint8Array) {
  mkdirSync(config().uploadsDir, { recursive: true });
  const file = path.join(config().uploadsDir, `.tmp-recv-fixture-${Date.now().toString(36)}-${++serial}`);
  writeFileSync(file, bytes);
  return { path: file, size: bytes.length };
}

export async function createVehicle(
  overrides: Partial<{
    name: string;
    status: VehicleStatus;
    availableSince: Date | null;
    licenceCategory: "none" | "AM";
  }> = {},
) {
  serial += 1;
  return (
    await writerForTests()
      .insert(vehicles)
      .values({
        name: overrides.name ?? `Scooter ${serial}-${RUN}`,
        characteristicsSk: "1000 W, dojazd až 80 km",
        characteristicsUa: "1000 Вт, запас ходу до 80 км",
        characteristicsEn: "1000 W, range up to 80 km",
        serialNumber: `SN-${Date.now().toString(36)}-${serial}`,
        status: overrides.status ?? "available",
        availableSince: overrides.availableSince ?? null,
        licenceCategory: overrides.licenceCategory ?? "none",
      })
      .returning()
  )[0]!;
}

/** A complete application form with real photos (the face photo carries EXIF GPS). */
export async function applicationForm(
  overrides: Record<string, string | null> = {},
  files: Record<string, Uint8Array | null> = {},
) {
  const form = new FormData();
  const fields: Record<string, string | null> = {
    fullName: "Olena Kovalenko",
    age: "24",
    phone: "0903 123 456",
    citizenship: "other",
    contactMethod: "telegram",
    contactUsername: "olena_k",
    comment: "I can start next week.",
    documentValidUntil: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
    ...overrides,
  };
  for (const [name, value] of Object.entries(fields)) if (value !== null) form.set(name, value);
  const defaults: Record<string, Uint8Array | null> = {
    face_photo: await jpegWithGps(),
    id_front: await png(),
    id_back: await png(),
    refugee_document: await png(),
    ...files,
  };
  for (const [name, bytes] of Object.entries(defaults))
    if (bytes) form.append(name, new File([new Uint8Array(bytes)], `${name}.jpg`, { type: "image/jpeg" }));
  return form;
}

/** The e-mails written so far (no SMTP in tests), newest last, once the outbox has sent what was queued. */
export async function sentMails() {
  await flushOutbox();
  const dir = config().mailDir;
  let names: string[] = [];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith(".eml"))
      .sort();
  } catch {
    return [];
  }
  return names.map((name) => readFileSync(path.join(dir, name), "utf8"));
}

/** The vehicle request form's ticked rent agreement, with the rent per day in force (CONTRACT §8). */
export async function rentAgreementFields() {
  const { version, rentPerDayCents } = await agreedRent();
  return { rentAgreement: version, rentPerDayCents: String(rentPerDayCents) };
}
