import { createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from "~/domain/rules";
import { sessionContext } from "~/lib/context";
import { isProduction } from "~/lib/config.server";
import { I18NEXT_OPTIONS, rememberedLookups } from "~/lib/i18n.server";

export const localeCookie = createCookie("lng", { path: "/", sameSite: "lax", maxAge: 365 * 24 * 60 * 60, secure: isProduction });

/** Accept-Language → one of our codes; Ukrainian is `uk` there and `ua` here. */
export function languageFromHeader(header: string | null): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.trim().slice(2) ?? 1);
      return { tag: tag.toLowerCase().split("-")[0] ?? "", q: Number.isFinite(q) ? q : 0 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag, q } of ranked) {
    if (q <= 0) continue;
    const code = tag === "uk" ? "ua" : tag;
    if (isLanguage(code)) return code;
  }
  return null;
}

/**
 * The language of a request in CONTRACT §3 order: ?lng, the lng cookie, the user's saved language,
 * Accept-Language, sk. Answers made before the router (no session yet) pass no saved language.
 */
export async function languageOf(request: Request, saved?: Language | null): Promise<Language> {
  const query = new URL(request.url).searchParams.get("lng");
  if (isLanguage(query)) return query;
  const cookie: unknown = await localeCookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (isLanguage(cookie)) return cookie;
  if (saved) return saved;
  return languageFromHeader(request.headers.get("Accept-Language")) ?? DEFAULT_LANGUAGE;
}

function findLocale({ request, context }: Parameters<MiddlewareFunction<Response>>[0]): Promise<Language> {
  return languageOf(request, context.get(sessionContext)?.user.language);
}

export const [remixI18nextMiddleware, getLocaleCode, getInstance] = createI18nextMiddleware({
  detection: { supportedLanguages: [...LANGUAGES], fallbackLanguage: DEFAULT_LANGUAGE, order: ["custom"], findLocale },
  i18next: I18NEXT_OPTIONS,
  plugins: [initReactI18next, rememberedLookups],
});

export function getLocale(context: Readonly<RouterContextProvider>): Language {
  const code = getLocaleCode(context);
  return isLanguage(code) ? code : DEFAULT_LANGUAGE;
}

/** A `?lng=` choice sets the cookie for a year (CONTRACT §3); the session middleware saves it on the user. */
export const i18nMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const response = (await remixI18nextMiddleware(args, next)) as Response;
  const query = new URL(args.request.url).searchParams.get("lng");
  if (isLanguage(query)) response.headers.append("Set-Cookie", await localeCookie.serialize(query));
  return response;
};
