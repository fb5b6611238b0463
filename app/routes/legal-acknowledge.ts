import { redirect } from "react-router";
import type { Route } from "./+types/legal-acknowledge";
import { getLocale } from "~/infra/i18n.server";
import { readFormData } from "~/infra/http.server";
import { acknowledgeLegalVersions } from "~/models/legal-documents.server";
import { safeRedirect } from "~/services/auth.server";
import { requireUser } from "~/services/session.server";

export function loader() {
  throw redirect("/");
}

/** "Got it" on the notice of a new version: the versions in force in the reader's language count as shown. */
export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  await acknowledgeLegalVersions(user.id, getLocale(context));
  const form = await readFormData(context, request);
  const back = form.get("redirectTo");
  throw redirect(safeRedirect(typeof back === "string" ? back : null, "/"));
}
