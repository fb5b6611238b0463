import { data, type MiddlewareFunction } from "react-router";
import { forbiddenQueryParameter, hasForbiddenCharacters, INVALID_CHARACTERS } from "~/domain/text";
import { jsonError } from "~/infra/http.server";
import { getInstance } from "~/infra/i18n.server";

/**
 * Every query parameter (`q`, `status`, `ref`, …) and every path segment follows the text rule
 * (`~/domain/text`) before a loader or action reads it: `?q=%00abc` is a translated 400, never a
 * database error. One check for all routes, so a new search parameter needs no code of its own.
 */
export const queryTextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  if (forbiddenQueryParameter(url.searchParams) === null && !forbiddenPath(url.pathname)) return next();
  if (url.pathname.startsWith("/api/")) return jsonError(context, 400, INVALID_CHARACTERS);
  throw data({ error: getInstance(context).t(INVALID_CHARACTERS) }, { status: 400 });
};

function forbiddenPath(pathname: string) {
  if (!pathname.includes("%")) return false;
  try {
    return hasForbiddenCharacters(decodeURIComponent(pathname));
  } catch {
    // A broken escape is the router's to answer (404), not a character question.
    return false;
  }
}
