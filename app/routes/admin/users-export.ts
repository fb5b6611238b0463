import type { Route } from "./+types/users-export";
import { requireAdmin } from "~/lib/session.server";

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return new Response("", { status: 404 });
}
