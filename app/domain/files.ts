import { hasForbiddenCharacters } from "./text";

/** What a stored file is for; private kinds are served only to their owner and to admins. */
export const UPLOAD_KINDS = [
  "face_photo",
  "id_front",
  "id_back",
  "residence_front",
  "residence_back",
  "refugee_document",
  "report_attachment",
  "vehicle_image",
  "news_media",
  "handover_photo",
  "fleet_image",
  "partner_logo",
] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** A stored file as pages show it: its id (the URL), kind, type and size in pixels. */
export type UploadSummary = { id: number; kind: UploadKind; mime: string; width: number | null; height: number | null };

/**
 * A file's name as the browser sent it, made safe to store and show: what the text rule refuses (NUL and the
 * other controls, bidi overrides that make "exe.csv" look like "vsc.exe", app/domain/text.ts) and path
 * separators become "_", spaces at the ends go, and it is cut to `max` characters (whole characters).
 * An empty result is "" (the caller names the file).
 */
export function safeFileName(name: string, max = 200): string {
  const cleaned = Array.from(name, (character) =>
    hasForbiddenCharacters(character) || character === "/" || character === "\\" ? "_" : character,
  )
    .join("")
    .trim();
  return Array.from(cleaned).slice(0, max).join("");
}
