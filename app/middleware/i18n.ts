import type { MiddlewareFunction } from "react-router";
import { isLanguage } from "~/domain/rules";
import { localeCookie } from "~/infra/cookies.server";
import { translatorMiddleware } from "~/infra/i18n.server";

/** A `?lng=` choice sets the cookie for a year (docs/api.md, "Languages"); the session middleware saves it on the user. */
export const i18nMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const response = (await translatorMiddleware(args, next)) as Response;
  const query = new URL(args.request.url).searchParams.get("lng");
  if (isLanguage(query)) response.headers.append("Set-Cookie", await localeCookie.serialize(query));
  return response;
};
