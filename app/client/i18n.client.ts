import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, HTML_LANG, LANGUAGES, type Language } from "~/domain/rules";
import { namespacesForPath } from "~/domain/namespaces";
import { ukrainianPlurals } from "~/domain/plural-rules";

/**
 * Each language and namespace is its own lazily loaded, fingerprinted chunk: a page fetches only
 * the texts it shows, and a component using another namespace suspends until it has arrived.
 */
const lazyLocales: BackendModule = {
  type: "backend",
  init() {},
  read(lng, ns, callback) {
    import(`../../locales/${lng}/${ns}.json`).then(
      (bundle: { default: Record<string, unknown> }) => callback(null, bundle.default),
      (error: Error) => callback(error, null),
    );
  },
};

export function languageFromHtml(): Language {
  const lang = document.documentElement.lang;
  return LANGUAGES.find((code) => HTML_LANG[code] === lang) ?? DEFAULT_LANGUAGE;
}

export async function initClientI18n() {
  await i18next
    .use(lazyLocales)
    .use(initReactI18next)
    .use(ukrainianPlurals)
    .init({
      lng: languageFromHtml(),
      ns: namespacesForPath(window.location.pathname),
      defaultNS: "common",
      fallbackLng: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
  return i18next;
}

/** Switches the client to the language the server chose for the new page. */
export async function changeClientLanguage(lng: Language) {
  if (i18next.language === lng) return;
  await i18next.changeLanguage(lng);
}
