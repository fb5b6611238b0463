import { createInstance, type i18n, type TFunction } from "i18next";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/domain/rules";
import { NAMESPACES, resources } from "./locales";

const instances = new Map<Language, i18n>();

/** One initialised i18next instance per language, for work outside a request's own instance. */
export function i18nFor(language: string | null | undefined): i18n {
  const lng = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  let instance = instances.get(lng);
  if (!instance) {
    instance = createInstance();
    void instance.init({ resources, lng, ns: [...NAMESPACES], defaultNS: "common", fallbackLng: false, initAsync: false, interpolation: { escapeValue: false } });
    instances.set(lng, instance);
  }
  return instance;
}

/** A translator for a given language, e.g. for an e-mail in the recipient's language. */
export function translatorFor(language: string | null | undefined): TFunction {
  return i18nFor(language).t;
}
