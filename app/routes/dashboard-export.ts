import type { Route } from "./+types/dashboard-export";
import { buildDataArchive } from "~/services/data-export.server";
import { jsonError } from "~/infra/http.server";
import { hit } from "~/models/limits.server";
import { requireUser } from "~/services/session.server";
import { collectUserData } from "~/models/privacy.server";

/** "Download my data": the logged-in user's own data and files as a .tar.gz (GDPR art. 15 and 20). */
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
  return new Response(archive, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="courier-fleet-data-${day}.tar.gz"`,
      "Cache-Control": "private, no-store",
    },
  });
}
