/**
 * Browser side of "photos made for slow networks": shrink a document photo before it travels
 * (long side PHOTO_MAX_SIDE, JPEG), then send it alone with XMLHttpRequest, which reports upload
 * progress (fetch does not). Used only after hydration; without JS the form posts the originals.
 */
import { fitWithin, needsShrinking, PHOTO_QUALITIES, PHOTO_TARGET_BYTES } from "~/domain/photo";

export type ShrunkPhoto = { blob: Blob; name: string; previewable: boolean };

const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, "") || "photo"}.jpg`;

/** Draws the photo at its new size (OffscreenCanvas where there is one) and returns a JPEG encoder for it. */
function draw(bitmap: ImageBitmap, width: number, height: number): ((quality: number) => Promise<Blob | null>) | null {
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    if (!context) return null;
    context.drawImage(bitmap, 0, 0, width, height);
    return (quality) => canvas.convertToBlob({ type: "image/jpeg", quality });
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, width, height);
  return (quality) => new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
}

/** The first quality that fits the target size, else the smallest one tried. */
async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  const encoder = draw(bitmap, width, height);
  if (!encoder) return null;
  let blob: Blob | null = null;
  for (const quality of PHOTO_QUALITIES) {
    blob = await encoder(quality);
    if (!blob || blob.size <= PHOTO_TARGET_BYTES) break;
  }
  return blob;
}

/**
 * The photo as it will be sent. A file the browser cannot decode (HEIC outside Safari) goes as
 * chosen and the server converts it, or says clearly that it cannot.
 */
export async function shrinkPhoto(file: File): Promise<ShrunkPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return { blob: file, name: file.name, previewable: false };
  }
  try {
    if (!needsShrinking(bitmap.width, bitmap.height, file.size))
      return { blob: file, name: file.name, previewable: true };
    const size = fitWithin(bitmap.width, bitmap.height);
    const blob = await encode(bitmap, size.width, size.height);
    return blob && blob.size < file.size
      ? { blob, name: jpegName(file.name), previewable: true }
      : { blob: file, name: file.name, previewable: true };
  } finally {
    bitmap.close();
  }
}

export type UploadedDocument = { id: number; kind: string; width: number | null; height: number | null };
export type UploadOutcome =
  | { ok: true; document: UploadedDocument }
  | { ok: false; reason: "network" | "aborted" }
  | { ok: false; reason: "refused"; message: string };

/** Sends one document to `/dashboard/documents`; `abort()` cancels it. */
export function uploadDocument(kind: string, photo: ShrunkPhoto, onProgress: (fraction: number) => void) {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadOutcome>((resolve) => {
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        body = null;
      }
      if (xhr.status === 201 && body) resolve({ ok: true, document: body as unknown as UploadedDocument });
      else if (typeof body?.error === "string") resolve({ ok: false, reason: "refused", message: body.error });
      else resolve({ ok: false, reason: "network" });
    };
    xhr.onerror = () => resolve({ ok: false, reason: "network" });
    xhr.onabort = () => resolve({ ok: false, reason: "aborted" });
  });
  const form = new FormData();
  form.append(kind, photo.blob, photo.name);
  xhr.open("POST", "/dashboard/documents");
  xhr.send(form);
  return { done, abort: () => xhr.abort() };
}
