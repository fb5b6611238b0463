import { createInstance, type i18n, type TFunction } from "i18next";
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { initReactI18next } from "react-i18next";
import { createI18nextMiddleware } from "remix-i18next";
import { ukrainianPlurals } from "~/domain/plural-rules";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from "~/domain/rules";
import { sessionContext } from "./context";
import { localeCookie } from "./cookies.server";
import { NAMESPACES, resources } from "./locales";

/** The options of every server-side i18next instance: a request's (remix-i18next) and `i18nFor`'s. */
export const I18NEXT_OPTIONS = {
  resources,
  ns: [...NAMESPACES],
  defaultNS: "common",
  fallbackLng: false as const,
  interpolation: { escapeValue: false },
};

const MAX_REMEMBERED = 20_000;
const sharedPluralRules: Record<string, unknown> = {};
const remembered = new Map<string, unknown>();

type AnyFunction = (...args: unknown[]) => unknown;
type FixedT = AnyFunction & { lng?: string; lngs?: readonly string[]; ns?: unknown; keyPrefix?: unknown };

/**
 * An i18next plugin: translations never change while the process runs, so a lookup without
 * options (no interpolation, plural or default value) is remembered per language, across requests.
 * i18next's own lookup, repeated for every label of every table row, was about a tenth of a page's
 * time. The memory is the module's, so every request's new instance finds what earlier ones looked up.
 */
export const rememberedLookups = {
  type: "3rdParty" as const,
  init(instance: i18n) {
    // Each instance made its own Intl.PluralRules per language (costly to build) for the first plural
    // of every request; the rules are immutable, so every instance shares one set.
    const resolver = instance.services.pluralResolver as { pluralRulesCache?: Record<string, unknown> } | undefined;
    if (resolver) resolver.pluralRulesCache = sharedPluralRules;
    const memo =
      (scope: () => string, fn: AnyFunction): AnyFunction =>
      (key, ...rest) => {
        // Calls with options (a count, values to interpolate) or a selector function pass straight through.
        if (typeof key !== "string" || rest.length > 0) return fn(key, ...rest);
        const id = scope() + key;
        if (remembered.has(id)) return remembered.get(id);
        const value = fn(key);
        if (remembered.size < MAX_REMEMBERED) remembered.set(id, value);
        return value;
      };
    instance.t = memo(
      () => `${instance.language}\u0000\u0000`,
      instance.t.bind(instance) as unknown as AnyFunction,
    ) as unknown as i18n["t"];
    const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => FixedT;
    const scopedGetFixedT = (lng: unknown, ns: unknown, keyPrefix: unknown, fixedOpts: unknown) => {
      const fixed = getFixedT(lng, ns, keyPrefix, fixedOpts);
      const scope = `${String(lng ?? instance.language)}\u0000${String(ns)}\u0000${String(keyPrefix ?? "")}\u0000${fixedOpts ? JSON.stringify(fixedOpts) : ""}\u0000`;
      return Object.assign(
        memo(() => scope, fixed),
        { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix },
      );
    };
    instance.getFixedT = scopedGetFixedT as unknown as i18n["getFixedT"];
  },
};

const instances = new Map<Language, i18n>();

/** One initialised i18next instance per language, for work outside a request (e-mails, jobs). */
export function i18nFor(language: string | null | undefined): i18n {
  const lng = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  let instance = instances.get(lng);
  if (!instance) {
    instance = createInstance();
    instance.use(initReactI18next).use(ukrainianPlurals).use(rememberedLookups);
    void instance.init({ ...I18NEXT_OPTIONS, lng, initAsync: false });
    instances.set(lng, instance);
  }
  return instance;
}

/** A translator for a given language, e.g. for an e-mail in the recipient's language. */
export function translatorFor(language: string | null | undefined): TFunction {
  return i18nFor(language).t;
}

/** Accept-Language → one of our codes; Ukrainian is `uk` there and `ua` here. */
export function languageFromHeader(header: string | null): Language | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(
        params
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
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
 * The language of an answer made before the router (no session, no middleware): ?lng, the lng cookie,
 * Accept-Language, sk — the order of `DETECTION` below without the saved language.
 */
export async function languageOf(request: Request): Promise<Language> {
  const query = new URL(request.url).searchParams.get("lng");
  if (isLanguage(query)) return query;
  const cookie: unknown = await localeCookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (isLanguage(cookie)) return cookie;
  return languageFromHeader(request.headers.get("Accept-Language")) ?? DEFAULT_LANGUAGE;
}

/**
 * The language of a request (docs/api.md, "Languages"): ?lng, the lng cookie, then — remix-i18next's
 * `custom` step — the user's saved language or Accept-Language, then sk. Its own `header` step cannot
 * be used: it matches `uk` against our codes and would answer a Ukrainian browser in English.
 */
const DETECTION: createI18nextMiddleware.Options["detection"] = {
  supportedLanguages: [...LANGUAGES],
  fallbackLanguage: DEFAULT_LANGUAGE,
  searchParamKey: "lng",
  cookie: localeCookie,
  order: ["searchParams", "cookie", "custom"],
  findLocale: async ({ request, context }) =>
    context.get(sessionContext)?.user.language ?? languageFromHeader(request.headers.get("Accept-Language")),
};

/**
 * remix-i18next's middleware: every request gets its own i18next instance, made from the bundled
 * resources (no backend, no file read) with the plugins above. initReactI18next is left out: the
 * document reads the instance through I18nextProvider (entry.server.tsx), and the plugin would make
 * each request's instance the process-wide default.
 */
const [middleware, localeOf, instanceOf] = createI18nextMiddleware({
  detection: DETECTION,
  i18next: I18NEXT_OPTIONS,
  plugins: [ukrainianPlurals, rememberedLookups],
});

export const i18nextMiddleware: MiddlewareFunction<Response> = middleware;

/** The request's i18next instance (throws outside the root middleware, as the router's context does). */
export function getInstance(context: Readonly<RouterContextProvider>): i18n {
  return instanceOf(context);
}

/** The request's language: always one of ours, as `DETECTION` admits no other. */
export function getLocale(context: Readonly<RouterContextProvider>): Language {
  return localeOf(context) as Language;
}
