import { describe, expect, test } from "bun:test";
import { createInstance } from "i18next";
import { i18nFor } from "~/infra/i18n.server";
import { ukrainianPlurals } from "./plural-rules";

const resources = {
  ua: {
    t: {
      transfers_one: "{{count}} переказ",
      transfers_few: "{{count}} перекази",
      transfers_many: "{{count}} переказів",
      transfers_other: "{{count}} переказу",
    },
  },
  sk: {
    t: {
      transfers_one: "{{count}} prevod",
      transfers_few: "{{count}} prevody",
      transfers_many: "{{count}} prevodu",
      transfers_other: "{{count}} prevodov",
    },
  },
};

describe("plural forms", () => {
  test("Ukrainian (our code ua, which Intl does not know) follows the rules of uk", () => {
    const i18n = createInstance();
    i18n.use(ukrainianPlurals);
    void i18n.init({ lng: "ua", resources, defaultNS: "t", initAsync: false });
    expect([1, 3, 5, 21, 22, 11].map((count) => i18n.t("transfers", { count }))).toEqual([
      "1 переказ",
      "3 перекази",
      "5 переказів",
      "21 переказ",
      "22 перекази",
      "11 переказів",
    ]);
  });

  test("Slovak: 1 prevod, 3 prevody, 5 prevodov", () => {
    const i18n = createInstance();
    void i18n.init({ lng: "sk", resources, defaultNS: "t", initAsync: false });
    expect([1, 3, 5].map((count) => i18n.t("transfers", { count }))).toEqual(["1 prevod", "3 prevody", "5 prevodov"]);
  });

  test("the application's Ukrainian instance counts days of rent in Ukrainian", () => {
    const t = i18nFor("ua").t;
    const line = (count: number) => t("pay:line.rent", { days: String(count), count, perDay: "5,00 €" });
    expect([line(1), line(3), line(5)]).toEqual([
      "Оренда скутера: 1 день по 5,00 €",
      "Оренда скутера: 3 дні по 5,00 €",
      "Оренда скутера: 5 днів по 5,00 €",
    ]);
  });
});
