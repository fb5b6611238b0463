import type { Route } from "./+types/auth.me";
import { methodNotAllowed } from "~/infra/http.server";
import { requireUser } from "~/services/session.server";

export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return Response.json(
    {
      email: user.email,
      role: user.role,
      registeredAt: user.createdAt.toISOString(),
      language: user.language,
      status: user.status,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowed(context, ["GET"]);
}
