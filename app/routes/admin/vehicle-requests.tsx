import type { Route } from "./+types/vehicle-requests";
import { requireAdmin } from "~/lib/session.server";

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function Screen() {
  return <section className="container py-8"><h1>vehicle-requests</h1></section>;
}
