import { describe, expect, test } from "bun:test";
import { FAQ } from "~db/seed-content";
import { earningsQuestion, findAnswer, fold, similarity, terms, type FaqDoc } from "./faq-search";
import type { Language } from "./rules";

const entries = (language: Language): FaqDoc[] =>
  FAQ[language].map(([question, answer], id) => ({ id, question, answer }));

/** The index of the seeded FAQ entry each question should find: 0 processing, 1 age, 2 payouts, 3 documents, 4 own scooter, 5 breakdown. */
const answerable: [Language, string, number][] = [
  ["en", "How old must I be?", 1],
  ["en", "what is the minimum age for couriers", 1],
  ["en", "When will I receive my payout?", 2],
  ["en", "how long is the application processed", 0],
  ["en", "Which documents are required?", 3],
  ["en", "My scooter broke down, what now?", 5],
  ["en", "do i need my own scooter", 4],
  ["sk", "Koľko rokov musím mať?", 1],
  ["sk", "kolko rokov musim mat", 1],
  ["sk", "Kedy dostanem výplatu?", 2],
  ["sk", "Ako dlho trvá spracovanie mojej prihlášky?", 0],
  ["sk", "Aké doklady potrebujem na prihlásenie?", 3],
  ["sk", "Pokazil sa mi skúter", 5],
  ["sk", "Potrebujem vlastný skúter?", 4],
  ["ua", "Скільки років мені має бути?", 1],
  ["ua", "Коли виплата?", 2],
  ["ua", "Які документи мені потрібні?", 3],
  ["ua", "Який мінімальний вік?", 1],
  ["sk", "Aký je minimálny vek?", 1],
  ["ua", "Скільки часу триває розгляд заявки?", 0],
  ["ua", "скутер зламався, що робити", 5],
  ["ua", "Чи потрібен мені власний скутер?", 4],
];

const unanswerable: [Language, string][] = [
  ["en", "What is the capital of France?"],
  ["en", "Can I bring my dog?"],
  ["en", "How do I become a pilot?"],
  ["en", "?!"],
  ["sk", "Aké je dnes počasie v Košiciach?"],
  ["sk", "Môžem si vziať psa?"],
  ["ua", "Яка столиця Франції?"],
  ["ua", "Яка погода завтра у Братиславі?"],
];

describe("faq answerer", () => {
  test.each(answerable)("%s: %s", (language, question, expected) => {
    const match = findAnswer(question, entries(language), language);
    expect(match?.entry.id).toBe(expected);
  });

  test.each(unanswerable)("%s does not answer: %s", (language, question) => {
    expect(findAnswer(question, entries(language), language)).toBeNull();
  });

  test("an empty FAQ answers nothing", () => {
    expect(findAnswer("How old must I be?", [], "en")).toBeNull();
  });

  test("folding removes diacritics and Ukrainian letter variants", () => {
    expect(fold("Výplatu Ľahko")).toBe("vyplatu lahko");
    expect(fold("Їжа, Євро, Ґанок, пам’ять")).toBe("iжа, евро, ганок, память");
    expect(terms("Kedy dostanem výplatu?", "sk")).toEqual(["dostanem", "vyplat"]);
  });

  test("trigram similarity", () => {
    expect(similarity("vyplat", "vyplat")).toBe(1);
    expect(similarity("skuter", "skutr")).toBeGreaterThan(0.5);
    expect(similarity("scooter", "weather")).toBeLessThan(0.3);
  });
});

describe("earningsQuestion", () => {
  test.each([
    ["en", "How much can I earn?", null],
    ["en", "how much can I earn with 30 hours a week", 30],
    ["en", "8 hours a day, 6 days, how much do I make?", 48],
    ["sk", "Koľko zarobím?", null],
    ["sk", "Koľko zarobím za 20 hodín týždenne?", 20],
    ["sk", "Aký je príjem pri 8 hod denne?", 40],
    ["ua", "Скільки я заробляю?", null],
    ["ua", "Скільки я заробляю, якщо працюю 25 годин на тиждень?", 25],
    ["ua", "Скільки я отримаю за 10 годин на день?", 50],
    // Weekends are two days: the default day (8 h) twice, or the hours named for each weekend day.
    ["en", "How much can I earn working weekends only?", 16],
    ["en", "How much do I make with 10 hours on weekends?", 20],
    ["sk", "Koľko zarobím, ak budem jazdiť len cez víkendy?", 16],
    ["ua", "Скільки я зароблю, якщо працюю лише у вихідні?", 16],
  ] as [Language, string, number | null][])("%s: %s", (language, question, hours) => {
    expect(earningsQuestion(question, language)).toEqual({ hoursPerWeek: hours });
  });
  test.each([
    ["en", "When will I receive my payout?"],
    ["sk", "Kedy je výplata?"],
    ["ua", "Коли виплата?"],
    ["sk", "Aké doklady potrebujem?"],
  ] as [Language, string][])("not about earnings — %s: %s", (language, question) => {
    expect(earningsQuestion(question, language)).toBeNull();
  });
});
