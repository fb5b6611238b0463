import type { Route } from "./+types/files";
import { requireUser } from "~/lib/session.server";

export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  return new Response("Not found", { status: 404 });
}
