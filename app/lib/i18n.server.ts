import { createInstance, type TFunction } from "i18next";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/domain/rules";
import { NAMESPACES, resources } from "./locales";

const instances = new Map<Language, TFunction>();

/** A translator for a given language, e.g. for an e-mail in the recipient's language. */
export function translatorFor(language: string | null | undefined): TFunction {
  const lng = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  let t = instances.get(lng);
  if (!t) {
    const instance = createInstance();
    void instance.init({ resources, lng, ns: [...NAMESPACES], defaultNS: "common", fallbackLng: false, initAsync: false, interpolation: { escapeValue: false } });
    t = instance.t;
    instances.set(lng, t);
  }
  return t;
}
