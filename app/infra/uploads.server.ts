/**
 * Uploaded files (docs/security.md, "Uploads"): streamed multipart parsing with size limits, type detection by
 * content (the `file-type` package), image re-encoding without metadata, and the temporary half
 * of storing: files go to the storage port (storage.server.ts) under random keys.
 *
 * Files and rows must agree (STYLE.md), and the models own that discipline: a model function
 * receives the files, `prepareUpload` writes each processed file under a temporary key, the model
 * commits its rows, then `commitUploads` moves the files into place (`discardUploads` on a failed
 * transaction); `removeUnreferencedFiles` sweeps whatever a crash left over.
 *
 * Received files are spooled to disk as each part arrives (`.tmp-recv-…` in UPLOADS_DIR, on the
 * local disk whatever the storage), so a request holds at most one part in memory, never the whole body. A route only receives the form:
 *
 *   return receiveUploadForm(request, { fields: { photo: "image" }, maxFiles: 1 }, async ({ fields, files }) => {
 *     await saveSomething(user.id, fields, files); // the model prepares, commits and moves
 *   }); // whatever the model did not take is removed here
 */
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
  type FileUpload,
} from "@remix-run/form-data-parser";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { safeFileName } from "~/domain/files";
import { UPLOAD_LIMITS } from "~/domain/rules";
import { config } from "./config.server";
import { randomToken } from "./crypto.server";
import { storage } from "./storage.server";

export type MediaClass = "image" | "video" | "text";
/** What a file field accepts: images, images or videos, or a CSV text file (an earnings import). */
export type FieldAccept = "image" | "media" | "csv";

export type UploadSpec = {
  /** File fields by name; any other file part is refused. */
  fields: Record<string, FieldAccept>;
  /** Most non-empty files in one request. */
  maxFiles: number;
  /**
   * Read past a file refused for its type or size (up to twice the per-file limit) instead of
   * stopping, so the text fields after it still arrive; the refusals are returned. Without JS the
   * post is the only copy of what the courier typed.
   */
  collectRefusals?: boolean;
};

export type DetectedType = { class: MediaClass; mime: string; ext: string };

/** One file as received: spooled to a private temporary file, with its detected type. */
export type ReceivedFile = { field: string; name: string; path: string; size: number; type: DetectedType };

/** A processed file written under a temporary name, ready to be committed with its row. */
export type PreparedUpload = {
  field: string;
  storageKey: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  /** The storage key it waits under until its row commits. */
  tempKey: string;
  /** SHA-256 of the stored bytes, so the same picture is stored once per vehicle or post. */
  contentHash: string;
};

export type UploadErrorCode =
  | "tooLarge"
  | "tooManyPixels"
  | "badType"
  | "heicUnsupported"
  | "tooManyFiles"
  | "tooManyParts"
  | "badForm";

/** A refusal the route turns into 413 (too large) or 400 (the rest) with a translated message. */
export class UploadError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    readonly field?: string,
  ) {
    super(`Upload refused: ${code}${field ? ` (${field})` : ""}`);
  }
  get status() {
    return this.code === "tooLarge" || this.code === "tooManyPixels" || this.code === "tooManyParts" ? 413 : 400;
  }
}

/** The types we store, by the type `file-type` reads from the bytes; anything else is refused. */
const ACCEPTED: Record<string, DetectedType> = {
  "image/jpeg": { class: "image", mime: "image/jpeg", ext: "jpg" },
  "image/png": { class: "image", mime: "image/png", ext: "png" },
  "image/webp": { class: "image", mime: "image/webp", ext: "webp" },
  // HEIF containers (HEIC from iPhones, AVIF) are re-encoded and stored as JPEG.
  "image/heic": { class: "image", mime: "image/heic", ext: "jpg" },
  "image/heif": { class: "image", mime: "image/heic", ext: "jpg" },
  "image/avif": { class: "image", mime: "image/avif", ext: "jpg" },
  "video/mp4": { class: "video", mime: "video/mp4", ext: "mp4" },
  "video/x-m4v": { class: "video", mime: "video/mp4", ext: "mp4" },
  "video/quicktime": { class: "video", mime: "video/quicktime", ext: "mov" },
  "video/webm": { class: "video", mime: "video/webm", ext: "webm" },
};

/** How many leading bytes type detection reads (what `file-type` needs for every type above). */
const SNIFF_BYTES = 4100;

/** The type of a file from its first bytes (magic numbers), never from its name or declared type. */
export async function detectType(bytes: Uint8Array): Promise<DetectedType | null> {
  const found = await fileTypeFromBuffer(bytes).catch(() => undefined);
  return found ? (ACCEPTED[found.mime] ?? null) : null;
}

function limitFor(type: DetectedType) {
  return type.class === "image"
    ? UPLOAD_LIMITS.imageBytes
    : type.class === "text"
      ? UPLOAD_LIMITS.csvBytes
      : UPLOAD_LIMITS.videoBytes;
}

const CSV_TYPE: DetectedType = { class: "text", mime: "text/csv", ext: "csv" };

/** A text file has no magic number: it is taken as text when its first bytes hold no NUL (UTF-16 and binaries do). */
function looksLikeText(bytes: Uint8Array) {
  return !bytes.includes(0);
}

/** The largest file a spec accepts in one field. */
function perFileLimitOf(spec: UploadSpec) {
  const accepts = Object.values(spec.fields);
  return Math.max(
    ...accepts.map((accept) =>
      accept === "media"
        ? UPLOAD_LIMITS.videoBytes
        : accept === "csv"
          ? UPLOAD_LIMITS.csvBytes
          : UPLOAD_LIMITS.imageBytes,
    ),
  );
}

/** The largest body a spec can legitimately produce, plus room for the text fields. */
export function maxBodyBytes(spec: UploadSpec) {
  return spec.maxFiles * perFileLimitOf(spec) + 1024 * 1024;
}

/**
 * Parses a multipart (or url-encoded) form as it streams in. A declared Content-Length over the
 * limit is refused before reading; a part or body that grows past its limit stops the parser at
 * that point. Each accepted file is written to disk before the next part is read, so the parser
 * holds one part at most. Throws UploadError; on a refusal nothing received stays on disk.
 */
export async function parseUploadForm(request: Request, spec: UploadSpec): Promise<ReceivedForm> {
  const maxTotalSize = maxBodyBytes(spec);
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxTotalSize) throw new UploadError("tooLarge");
  const accepts = Object.values(spec.fields);
  const perFileLimit = perFileLimitOf(spec);
  const maxFileSize = spec.collectRefusals ? Math.min(2 * perFileLimit, maxTotalSize) : perFileLimit;
  const files: ReceivedFile[] = [];
  const refusals: UploadError[] = [];
  const emptyFiles: string[] = [];
  const refuseFile = (error: UploadError) => {
    if (!spec.collectRefusals) throw error;
    refusals.push(error);
    return null;
  };
  const handler = async (file: FileUpload) => {
    // An empty file input still sends a part; it means "no new file". A chosen file of 0 bytes has a name.
    if (file.size === 0) {
      if (file.name) emptyFiles.push(file.fieldName);
      return null;
    }
    const accept = spec.fields[file.fieldName];
    if (!accept) throw new UploadError("badForm", file.fieldName);
    if (files.length >= spec.maxFiles) throw new UploadError("tooManyFiles", file.fieldName);
    const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
    const type = accept === "csv" ? (looksLikeText(head) ? CSV_TYPE : null) : await detectType(head);
    if (!type || (accept === "image" && type.class !== "image"))
      return refuseFile(new UploadError("badType", file.fieldName));
    if (file.size > limitFor(type)) return refuseFile(new UploadError("tooLarge", file.fieldName));
    // The name is kept as the browser's label of the file: made safe once here for every form that stores it.
    files.push({
      field: file.fieldName,
      name: safeFileName(file.name),
      path: await spool(file),
      size: file.size,
      type,
    });
    return "received";
  };
  try {
    // Empty parts of unused file inputs count against the parser's own file cap, hence the slack.
    const fields = await parseFormData(
      request,
      { maxFileSize, maxTotalSize, maxFiles: spec.maxFiles + accepts.length + 4 },
      handler,
    );
    return { fields, files, refusals, emptyFiles };
  } catch (error) {
    await discardReceived(files);
    throw asUploadError(error);
  }
}

/** `emptyFiles`: the fields whose chosen file had 0 bytes (told apart from a field left empty). */
export type ReceivedForm = { fields: FormData; files: ReceivedFile[]; refusals: UploadError[]; emptyFiles: string[] };

/**
 * Parses an upload form and hands it to `handle` (which gives the files to a model function);
 * whatever received file is still on disk when `handle` ends is removed. Throws UploadError.
 */
export async function receiveUploadForm<T>(
  request: Request,
  spec: UploadSpec,
  handle: (form: ReceivedForm) => Promise<T>,
): Promise<T> {
  const form = await parseUploadForm(request, spec);
  try {
    return await handle(form);
  } finally {
    await discardReceived(form.files);
  }
}

function asUploadError(error: unknown) {
  if (error instanceof UploadError) return error;
  if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError)
    return new UploadError("tooLarge");
  if (error instanceof MaxFilesExceededError) return new UploadError("tooManyFiles");
  if (error instanceof MaxPartsExceededError) return new UploadError("tooManyParts");
  if (error instanceof FormDataParseError || error instanceof MultipartParseError || error instanceof TypeError)
    return new UploadError("badForm");
  return error;
}

const RECEIVED_PREFIX = ".tmp-recv-";

/** Streams one received part to a private temporary file. */
async function spool(file: FileUpload) {
  await mkdir(uploadsDir(), { recursive: true, mode: 0o700 });
  const target = path.join(uploadsDir(), `${RECEIVED_PREFIX}${randomToken(18)}`);
  await writeFile(target, file.stream(), { mode: 0o600 });
  return target;
}

/** Removes received files that were not prepared (prepared ones are already gone). */
export async function discardReceived(files: ReceivedFile[]) {
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
}

function uploadsDir() {
  return config().uploadsDir;
}

const TEMP_PREFIX = ".tmp-";
const newKey = (ext: string) => `${randomToken(18)}.${ext}`;
const sha256Hex = (bytes: Uint8Array | ArrayBuffer) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

/**
 * Re-encodes an image: turned upright by its EXIF orientation, every metadata block (EXIF, GPS,
 * XMP, ICC) dropped, the long side at most UPLOAD_LIMITS.imageMaxSide. An image of more than
 * UPLOAD_LIMITS.imageMaxPixels is refused before it is decoded (a small PNG can declare 16k × 16k);
 * bytes that only look like an image are refused as badType.
 */
export async function reencodeImage(input: Uint8Array | string, mime: string) {
  try {
    const side = UPLOAD_LIMITS.imageMaxSide;
    // sharp writes no metadata unless asked to (withMetadata / keepExif), so GPS never survives.
    let pipeline = sharp(input, { failOn: "error", limitInputPixels: UPLOAD_LIMITS.imageMaxPixels })
      .rotate()
      .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true });
    pipeline =
      mime === "image/png"
        ? pipeline.png({ compressionLevel: 9 })
        : mime === "image/webp"
          ? pipeline.webp({ quality: 85 })
          : pipeline.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data), width: info.width, height: info.height };
  } catch (error) {
    if (/pixel limit/i.test(String(error))) throw new UploadError("tooManyPixels");
    // The prebuilt sharp carries libheif with the AV1 decoder only: HEVC-coded HEIC cannot be read.
    throw new UploadError(mime === "image/heic" ? "heicUnsupported" : "badType");
  }
}

/** HEIF images (HEIC, AVIF) are stored as JPEG, which every browser shows. */
function storedImageMime(mime: string) {
  return mime === "image/heic" || mime === "image/avif" ? "image/jpeg" : mime;
}

/** Processes one received file and stores it under a temporary key (see the module comment). */
export async function prepareUpload(file: ReceivedFile): Promise<PreparedUpload> {
  const storageKey = newKey(file.type.ext);
  const tempKey = TEMP_PREFIX + storageKey;
  if (file.type.class === "image") {
    const image = await reencodeImage(file.path, file.type.mime);
    await storage().put(tempKey, image.data);
    await rm(file.path, { force: true });
    return {
      field: file.field,
      storageKey,
      mime: storedImageMime(file.type.mime),
      size: image.data.length,
      width: image.width,
      height: image.height,
      tempKey,
      contentHash: sha256Hex(image.data),
    };
  }
  // Videos are stored as received: there is no encoder on the server; they are only served privately.
  const bytes = await Bun.file(file.path).arrayBuffer();
  await storage().put(tempKey, new Uint8Array(bytes));
  await rm(file.path, { force: true });
  return {
    field: file.field,
    storageKey,
    mime: file.type.mime,
    size: file.size,
    width: null,
    height: null,
    tempKey,
    contentHash: sha256Hex(bytes),
  };
}

/**
 * Prepares received files one after another; when one is refused, those already prepared are
 * removed before the refusal goes on (a failed file leaves no temporary file behind).
 */
export async function prepareUploads(files: ReceivedFile[]): Promise<PreparedUpload[]> {
  const prepared: PreparedUpload[] = [];
  try {
    for (const file of files) prepared.push(await prepareUpload(file));
  } catch (error) {
    await discardUploads(prepared);
    throw error;
  }
  return prepared;
}

/**
 * A copy of a stored file under a new key, written under a temporary key like any prepared upload
 * (a resubmitted application carries documents over without sharing files between rows).
 */
export async function copyStoredFile(file: {
  storageKey: string;
  kind: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
}): Promise<PreparedUpload> {
  const storageKey = newKey(file.storageKey.split(".").pop() ?? "bin");
  const tempKey = TEMP_PREFIX + storageKey;
  const source = await storage().get(file.storageKey);
  if (!source) throw new Error(`Stored file missing: ${file.storageKey}`);
  const bytes = new Uint8Array(await source.arrayBuffer());
  await storage().put(tempKey, bytes);
  return {
    field: file.kind,
    storageKey,
    mime: file.mime,
    size: file.size,
    width: file.width,
    height: file.height,
    tempKey,
    contentHash: sha256Hex(bytes),
  };
}

/** Moves prepared files into place once their rows are committed. */
export async function commitUploads(prepared: PreparedUpload[]) {
  for (const file of prepared) await storage().move(file.tempKey, file.storageKey);
}

/** Removes prepared files whose rows were not committed. */
export async function discardUploads(prepared: PreparedUpload[]) {
  await Promise.all(prepared.map((file) => storage().delete(file.tempKey)));
}

/** Deletes stored files whose rows were deleted (call after the deleting transaction commits). */
export async function deleteStoredFiles(storageKeys: string[]) {
  await Promise.all(storageKeys.map((key) => storage().delete(key)));
}

/** A stored file (its length and a stream of its bytes), or null when it is missing. */
export function readStoredFile(storageKey: string) {
  return storage().get(storageKey);
}

/**
 * Deletes files no row references. Temporary files are kept for `graceMs` so an upload that is
 * still between its temporary write and its commit is not swept away. A temporary file whose row
 * did commit (the process died before the move) is moved into place instead: the row wins.
 * Works on whichever storage is configured (it only lists, moves and deletes); the parts of forms
 * being received always sit on the local disk and are swept there after the same grace period.
 */
export async function removeUnreferencedFiles(
  referenced: Set<string>,
  { graceMs = 60 * 60 * 1000, now = Date.now() } = {},
) {
  const entries = (await storage().list()).filter((entry) => !entry.key.startsWith(RECEIVED_PREFIX));
  const stored = new Set(entries.map((entry) => entry.key));
  let removed = await removeStaleReceived(now - graceMs);
  for (const { key: name, modifiedAt } of entries) {
    const temporary = name.startsWith(TEMP_PREFIX);
    const key = temporary ? name.slice(TEMP_PREFIX.length) : name;
    if (referenced.has(key) && !temporary) continue;
    if (now - modifiedAt < graceMs) continue;
    if (temporary && referenced.has(key) && !stored.has(key)) {
      await storage().move(name, key);
      continue;
    }
    await storage().delete(name);
    removed += 1;
  }
  return removed;
}

/** Received parts a crashed request left in UPLOADS_DIR, last changed before `cutoff`. */
async function removeStaleReceived(cutoff: number) {
  const names = await readdir(uploadsDir()).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((n) => n.startsWith(RECEIVED_PREFIX))) {
    const file = path.join(uploadsDir(), name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || info.mtimeMs >= cutoff) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}

/** Headers that make a browser show a stored file but never run or sniff it. */
export function fileHeaders(mime: string, size: number, cache: "private" | "public") {
  const safe = /^(image\/(jpeg|png|webp)|video\/(mp4|quicktime|webm))$/.test(mime) ? mime : "application/octet-stream";
  return {
    "Content-Type": safe,
    "Content-Length": String(size),
    "Content-Disposition": safe === "application/octet-stream" ? "attachment" : "inline",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy":
      "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    "Cache-Control": cache === "private" ? "private, no-store" : "public, max-age=31536000, immutable",
  };
}
