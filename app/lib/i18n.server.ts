import { createInstance, type i18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/domain/rules";
import { NAMESPACES, resources } from "./locales";

/** The options of every server-side i18next instance (the request's, app/middleware/i18n.ts, and i18nFor's). */
export const I18NEXT_OPTIONS = { resources, ns: [...NAMESPACES], defaultNS: "common", fallbackLng: false as const, interpolation: { escapeValue: false } };

const MAX_REMEMBERED = 20_000;
const remembered = new Map<string, unknown>();

type AnyFunction = (...args: unknown[]) => unknown;
type FixedT = AnyFunction & { lng?: string; lngs?: readonly string[]; ns?: unknown; keyPrefix?: unknown };

/**
 * An i18next plugin: translations never change while the process runs, so a lookup without
 * options (no interpolation, plural or default value) is remembered per language, across requests.
 * i18next's own lookup, repeated for every label of every table row, was about a tenth of a page's
 * time; the request's own instance (about 16 µs to make) is kept, made when the request first needs it.
 */
export const rememberedLookups = {
  type: "3rdParty" as const,
  init(instance: i18n) {
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
    instance.t = memo(() => `${instance.language}\u0000\u0000`, instance.t.bind(instance) as unknown as AnyFunction) as unknown as i18n["t"];
    const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => FixedT;
    const scopedGetFixedT = (lng: unknown, ns: unknown, keyPrefix: unknown, fixedOpts: unknown) => {
      const fixed = getFixedT(lng, ns, keyPrefix, fixedOpts);
      const scope = `${String(lng ?? instance.language)}\u0000${String(ns)}\u0000${String(keyPrefix ?? "")}\u0000${fixedOpts ? JSON.stringify(fixedOpts) : ""}\u0000`;
      return Object.assign(memo(() => scope, fixed), { lng: fixed.lng, lngs: fixed.lngs, ns: fixed.ns, keyPrefix: fixed.keyPrefix });
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
    instance.use(initReactI18next).use(rememberedLookups);
    void instance.init({ ...I18NEXT_OPTIONS, lng, initAsync: false });
    instances.set(lng, instance);
  }
  return instance;
}

/** A translator for a given language, e.g. for an e-mail in the recipient's language. */
export function translatorFor(language: string | null | undefined): TFunction {
  return i18nFor(language).t;
}
