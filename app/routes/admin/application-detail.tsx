import type { Route } from "./+types/application-detail";
import { requireAdmin } from "~/lib/session.server";

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function Screen() {
  return <section className="container py-8"><h1>application-detail</h1></section>;
}
