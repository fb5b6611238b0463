/**
 * Photos made for slow networks: what the browser checks and how far it shrinks a document photo
 * before sending it. The server re-encodes again (UPLOAD_LIMITS), so these are about bytes on the
 * wire, not about trust.
 */
import { UPLOAD_LIMITS } from "./rules";

/** The long side of a photo after the browser downscales it. */
export const PHOTO_MAX_SIDE = 2000;
/**
 * JPEG qualities tried in turn (0–1) until the photo fits PHOTO_TARGET_BYTES; even the last keeps
 * the text of an ID card readable at 2,000 px.
 */
export const PHOTO_QUALITIES = [0.85, 0.72, 0.6, 0.5] as const;
/** What a shrunk photo should weigh at most on a mobile connection. */
export const PHOTO_TARGET_BYTES = 950 * 1024;
/** A camera original may be larger than the server's limit as long as the browser can shrink it. */
export const PHOTO_MAX_ORIGINAL_BYTES = 40 * 1024 * 1024;
/** Types the document inputs accept; HEIC/HEIF (iPhones) is converted before or after the upload. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"] as const;
export const PHOTO_ACCEPT = [...PHOTO_TYPES, ".heic", ".heif"].join(",");

export type PhotoProblem = "badType" | "tooLarge";

const HEIC_NAME = /\.(heic|heif)$/i;

/** Whether a file is an iPhone HEIC/HEIF photo (browsers often leave its type empty). */
export function isHeic(file: { type: string; name: string }): boolean {
  return file.type === "image/heic" || file.type === "image/heif" || HEIC_NAME.test(file.name);
}

/** The check before anything is sent: a known image type, not absurdly large. */
export function checkPhoto(file: { type: string; name: string; size: number }): PhotoProblem | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type) && !isHeic(file)) return "badType";
  if (file.size > PHOTO_MAX_ORIGINAL_BYTES) return "tooLarge";
  return null;
}

/** Whether the shrunk photo may be sent (the server's per-image limit). */
export function fitsUploadLimit(bytes: number): boolean {
  return bytes <= UPLOAD_LIMITS.imageBytes;
}

/** The size a photo is drawn at: the long side at most `max`, never enlarged, proportions kept. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** A photo already small enough is sent as chosen (re-encoding it again would only lose quality). */
export const PHOTO_SEND_AS_IS_BYTES = 1024 * 1024;

export function needsShrinking(width: number, height: number, bytes: number, max = PHOTO_MAX_SIDE): boolean {
  return Math.max(width, height) > max || bytes > PHOTO_SEND_AS_IS_BYTES;
}
