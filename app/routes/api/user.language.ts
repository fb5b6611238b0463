import type { Route } from "./+types/user.language";
import { methodNotAllowed } from "~/lib/http.server";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, ["POST"]);
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowed(context, ["POST"]);
}
