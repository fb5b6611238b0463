import type { Route } from "./+types/not-found";
import { jsonError } from "~/infra/http.server";

export function loader({ context }: Route.LoaderArgs) {
  return jsonError(context, 404, "errors:notFound");
}

export function action({ context }: Route.ActionArgs) {
  return jsonError(context, 404, "errors:notFound");
}
