import type { MiddlewareFunction } from "react-router";
import { isLanguage } from "~/domain/rules";
import { localeCookie } from "~/infra/cookies.server";

/**
 * A `?lng=` choice sets the cookie for a year (docs/api.md, "Languages"); the session middleware saves it on the user.
 * Runs right after remix-i18next's middleware, which has no step that writes a cookie.
 */
export const languageChoiceMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = (await next()) as Response;
  const query = new URL(request.url).searchParams.get("lng");
  if (isLanguage(query)) response.headers.append("Set-Cookie", await localeCookie.serialize(query));
  return response;
};
