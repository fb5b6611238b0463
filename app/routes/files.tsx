import type { Route } from "./+types/files";
import { requireUser } from "~/services/session.server";
import { getInstance } from "~/infra/i18n.server";
import { fileHeaders } from "~/infra/uploads.server";
import { findPrivateFile, recordFileView, openStoredFile } from "~/models/uploads.server";

/**
 * Private files (identity documents, report attachments): the owner or an admin only. Another
 * user's file answers 404, exactly like a file that does not exist, so ids reveal nothing.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const id = Number(params.id);
  const file = Number.isSafeInteger(id) && id > 0 ? await findPrivateFile(id, user) : undefined;
  const stored = file && (await openStoredFile(file));
  if (!file || !stored)
    return new Response(getInstance(context).t("errors:notFound"), {
      status: 404,
      headers: { "Cache-Control": "private, no-store", "Content-Type": "text/plain; charset=utf-8" },
    });
  if (user.role === "admin" && file.ownerId !== user.id) await recordFileView(user.id, file);
  return new Response(await stored.body(), { headers: fileHeaders(file.mime, stored.size, "private") });
}
