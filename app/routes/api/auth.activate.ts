import type { Route } from "./+types/auth.activate";
import { activate } from "~/services/auth.server";
import { jsonError, methodNotAllowed } from "~/infra/http.server";
import { getInstance } from "~/infra/i18n.server";

/** GET, as docs/api.md says: the token in the path is the proof, and it works once. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const result = await activate(params.token);
  if (result.state === "activated") return Response.json({ message: getInstance(context).t("auth:activate.success") });
  if (result.state === "used") return jsonError(context, 409, "auth:activate.used");
  return jsonError(
    context,
    result.state === "expired" ? 400 : 404,
    result.state === "expired" ? "auth:activate.expired" : "auth:activate.invalid",
  );
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowed(context, ["GET"]);
}
