import { data } from "react-router";
import { csvResponse } from "~/infra/csv.server";
import { getLocale } from "~/infra/i18n.server";
import { requireAdmin } from "~/services/session.server";
import { batchAccountantCsv, batchSepaFile } from "~/services/payout.server";
import { idParam } from "./admin-action.server";
import type { Route } from "./+types/payouts-batch-file";

/** A batch's pain.001 file or the accountant's CSV: admin only, never cached, always a download. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request);
  const id = idParam(params.id);
  const csv = new URL(request.url).pathname.endsWith("/accountant.csv");
  const headers = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (csv) {
    const text = await batchAccountantCsv(id, getLocale(context));
    if (text === null) throw data(null, { status: 404 });
    return csvResponse(text, `payout-${id}.csv`);
  }
  // The first download is recorded on the batch: only then do its couriers read "sent to the bank".
  const file = await batchSepaFile(id, admin.id);
  if (!file) throw data(null, { status: 404 });
  return new Response(await file.body(), {
    headers: {
      ...headers,
      "Content-Type": "application/xml",
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename="payout-${id}.xml"`,
    },
  });
}
