import { isbot } from "isbot";
import { z } from "zod";
import { singleLineText } from "~/domain/text";
import type { Route } from "./+types/track.page-view";
import { jsonError, methodNotAllowed, readBody } from "~/infra/http.server";
import { recordPageView } from "~/models/tracking.server";

const pageViewSchema = z.object({
  path: singleLineText().startsWith("/").max(2048),
  referrer: singleLineText().max(2048).nullish(),
});

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, ["POST"]);
}

/** `POST /api/track/page-view {path, referrer?}` → 204; counted per day, bots excluded (docs/api.md). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(context, ["POST"]);
  const parsed = pageViewSchema.safeParse((await readBody(request)) ?? undefined);
  if (!parsed.success) return jsonError(context, 400, "errors:invalidInput");
  if (!isbot(request.headers.get("User-Agent") ?? "")) await recordPageView();
  return new Response(null, { status: 204 });
}
