import type { Route } from "./+types/media";
import { fileHeaders, storedFilePath } from "~/lib/uploads.server";
import { findPublicMedia } from "~/models/uploads.server";

/** Public media (vehicle images, news media); private kinds are not found here. Files never change, so they cache for a year. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = Number(params.id);
  const file = Number.isSafeInteger(id) && id > 0 ? findPublicMedia(id) : undefined;
  const blob = file && Bun.file(storedFilePath(file.storageKey));
  if (!file || !blob || !(await blob.exists())) return new Response("Not found", { status: 404 });
  return new Response(blob, { headers: fileHeaders(file.mime, blob.size, "public") });
}
