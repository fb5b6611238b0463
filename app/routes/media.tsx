import type { Route } from "./+types/media";
import { fileHeaders } from "~/infra/uploads.server";
import { findPublicMedia, openStoredFile } from "~/models/uploads.server";
import { getInstance } from "~/infra/i18n.server";

/** Public media (vehicle images, news media); private kinds are not found here. Files never change, so they cache for a year. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.id);
  const file = Number.isSafeInteger(id) && id > 0 ? await findPublicMedia(id) : undefined;
  const stored = file && (await openStoredFile(file));
  if (!file || !stored)
    return new Response(getInstance(context).t("errors:notFound"), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(await stored.body(), { headers: fileHeaders(file.mime, stored.size, "public") });
}
