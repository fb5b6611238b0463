import type { MiddlewareFunction } from "react-router";
import { isLanguage } from "~/domain/rules";
import { sessionContext } from "~/infra/context";
import { readSessionId } from "~/services/session.server";
import { findSessionUser } from "~/models/sessions.server";
import { saveUserLanguage } from "~/models/users.server";

/** Loads the logged-in user (if any) into the router context before anything else runs. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const id = await readSessionId(request);
  const session = id ? await findSessionUser(id) : null;
  if (session) {
    // A language chosen through `?lng=` is saved on the user (docs/api.md, "Languages").
    const lng = new URL(request.url).searchParams.get("lng");
    if (isLanguage(lng) && lng !== session.user.language) {
      await saveUserLanguage(session.user.id, lng);
      session.user = { ...session.user, language: lng };
    }
  }
  context.set(sessionContext, session);
  return next();
};
