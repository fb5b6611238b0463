import type { Route } from "./+types/dashboard-pay-pdf";
import { jsonError } from "~/infra/http.server";
import { getLocale } from "~/infra/i18n.server";
import { ownStatementPdf } from "~/services/courier-statement.server";
import { requireUser } from "~/services/session.server";

/** GET /dashboard/pay/statements/:id.pdf — the courier's own statement; anyone else's id is 404. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const id = /^(\d{1,9})\.pdf$/.exec(params.file)?.[1];
  const pdf = id ? await ownStatementPdf(user, Number(id), getLocale(context)) : null;
  if (!pdf) throw jsonError(context, 404, "errors:notFound");
  return new Response(new Blob([pdf.bytes as Uint8Array<ArrayBuffer>]), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${pdf.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
