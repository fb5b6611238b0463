/**
 * i18next picks a plural form (`_one`, `_few`, `_many`, `_other`) with `Intl.PluralRules` of the
 * language code. Our Ukrainian is "ua" (a country code), which Intl does not know and answers with
 * English rules: "3 переказів" instead of "3 перекази". This plugin gives "ua" the rules of "uk";
 * Slovak ("sk") is known to Intl as it is (1 prevod, 3 prevody, 5 prevodov).
 */
type Resolver = { getRule: (code: string, options?: object) => unknown };

export const ukrainianPlurals = {
  type: "3rdParty" as const,
  init(instance: { services: { pluralResolver?: unknown } }) {
    const resolver = instance.services.pluralResolver as Resolver | undefined;
    if (!resolver) return;
    const getRule = resolver.getRule.bind(resolver);
    resolver.getRule = (code, options) => getRule(code === "ua" ? "uk" : code, options);
  },
};
