import type { Route } from "./+types/dashboard";
import { requireUser } from "~/lib/session.server";

export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  return null;
}

export default function Screen() {
  return <section className="container py-8"><h1>Dashboard</h1></section>;
}
