import type { Route } from "./+types/auth.resend-activation";
import { resendActivation } from "~/services/auth.server";
import { emailOnlyApiAction } from "~/services/auth-http.server";
import { methodNotAllowed } from "~/infra/http.server";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, ["POST"]);
}

export const action = emailOnlyApiAction(resendActivation);
