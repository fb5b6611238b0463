import type { Route } from "./+types/dashboard-export";
import { buildDataArchive } from "~/services/data-export.server";
import { jsonError } from "~/infra/http.server";
import { hit } from "~/models/limits.server";
import { requireUser } from "~/services/session.server";
import { collectUserData } from "~/models/privacy.server";

/** "Download my data": the logged-in user's own data and files as a ZIP (GDPR art. 15 and 20). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  // Copying every file is the heaviest read a user can start, so it is limited like uploads.
  const limit = await hit("dataExport", String(user.id));
  if (!limit.ok) {
    return jsonError(context, 429, "errors:rateLimited", {
      values: { minutes: Math.ceil(limit.retryAfterSeconds / 60) },
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  const data = await collectUserData(user.id);
  if (!data) throw jsonError(context, 404, "errors:notFound");
  const archive = await buildDataArchive(data);
  const day = new Date().toISOString().slice(0, 10);
  // fflate allocates a plain ArrayBuffer; the cast only narrows its type.
  return new Response(archive as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="courier-fleet-data-${day}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}
