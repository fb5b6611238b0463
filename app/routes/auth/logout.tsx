import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { endSession } from "~/services/session.server";

/** Logging out changes state, so it is a POST; a GET just goes home. */
export function loader() {
  throw redirect("/");
}

/** Ends the session row and clears the cookie; the root revalidates and clears the browser's copies. */
export async function action({ request }: Route.ActionArgs) {
  throw redirect("/", { headers: { "Set-Cookie": await endSession(request) } });
}
