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
] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** A stored file as pages show it: its id (the URL), kind, type and size in pixels. */
export type UploadSummary = { id: number; kind: UploadKind; mime: string; width: number | null; height: number | null };
