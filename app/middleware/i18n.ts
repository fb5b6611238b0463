import { createInstance, type i18n } from "i18next";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/domain/rules";
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

/** The request's language, and its i18next instance once something asked for it. */
type RequestI18n = { lng: Language; instance?: i18n };
const requestI18nContext = createContext<RequestI18n>();

/**
 * What remix-i18next's middleware did (the language in CONTRACT §3 order, and an i18next instance of
 * the request's own, made with the same options and plugins), except that the instance is made when
 * first asked for: an answer that translates nothing (`/api/auth/me`, most of `/api`) no longer
 * pays for it (about 15 % of `/api/auth/me`).
 */
export const remixI18nextMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  args.context.set(requestI18nContext, { lng: await findLocale(args) });
  return next();
};

export function getLocaleCode(context: Readonly<RouterContextProvider>): Language {
  return context.get(requestI18nContext).lng;
}

export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  const state = context.get(requestI18nContext);
  if (!state.instance) {
    const instance = createInstance(I18NEXT_OPTIONS);
    for (const plugin of [initReactI18next, rememberedLookups]) instance.use(plugin);
    // The translations are in memory: initialised synchronously, ready before this returns.
    void instance.init({ lng: state.lng, initAsync: false });
    state.instance = instance;
  }
  return state.instance;
}

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
