import type { Route } from "./+types/captcha.challenge";
import { createAltchaChallenge } from "~/services/captcha.server";
import { config } from "~/infra/config.server";
import { jsonError, methodNotAllowed } from "~/infra/http.server";

/** A fresh ALTCHA challenge for every form; never cached. 404 when another provider is configured. */
export async function loader({ context }: Route.LoaderArgs) {
  if (config().captcha.provider !== "altcha") return jsonError(context, 404, "errors:notFound");
  return Response.json(await createAltchaChallenge(), { headers: { "Cache-Control": "no-store" } });
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowed(context, ["GET"]);
}
