import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, HTML_LANG, LANGUAGES, type Language } from "~/domain/rules";
import { NAMESPACES } from "~/lib/locales";


async function loadLanguage(lng: Language) {
  await Promise.all(
    NAMESPACES.map(async (ns) => {
      if (i18next.hasResourceBundle(lng, ns)) return;
      // One lazily loaded, fingerprinted chunk per language and namespace.
      const bundle = (await import(`../../locales/${lng}/${ns}.json`)) as { default: Record<string, unknown> };
      i18next.addResourceBundle(lng, ns, bundle.default, true, true);
    }),
  );
}

export function languageFromHtml(): Language {
  const lang = document.documentElement.lang;
  return LANGUAGES.find((code) => HTML_LANG[code] === lang) ?? DEFAULT_LANGUAGE;
}

export async function initClientI18n() {
  const lng = languageFromHtml();
  await i18next.use(initReactI18next).init({
    lng,
    ns: [...NAMESPACES],
    defaultNS: "common",
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  await loadLanguage(lng);
  return i18next;
}

/** Switches the client to the language the server chose for the new page. */
export async function changeClientLanguage(lng: Language) {
  if (i18next.language === lng) return;
  await loadLanguage(lng);
  await i18next.changeLanguage(lng);
}
