import type { i18n } from "i18next";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/domain/rules";
import { sessionContext } from "~/lib/context";
import { isProduction } from "~/lib/config.server";
import { i18nFor } from "~/lib/i18n.server";

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

const localeContext = createContext<Language>(DEFAULT_LANGUAGE);
const instanceContext = createContext<i18n>();

/** The request's i18next instance: one per language, initialised once at first use and shared. */
export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  return context.get(instanceContext);
}

export function getLocale(context: Readonly<RouterContextProvider>): Language {
  return context.get(localeContext);
}

/** A `?lng=` choice sets the cookie for a year (CONTRACT §3); the session middleware saves it on the user. */
export const i18nMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  const lng = await languageOf(args.request, args.context.get(sessionContext)?.user.language);
  args.context.set(localeContext, lng);
  args.context.set(instanceContext, i18nFor(lng));
  const response = await next();
  const query = new URL(args.request.url).searchParams.get("lng");
  if (isLanguage(query)) response.headers.append("Set-Cookie", await localeCookie.serialize(query));
  return response;
};
