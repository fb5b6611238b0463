import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { faqEntries, settings, users } from "~db/schema";
import type { Language } from "~/domain/rules";
import { writerForTests } from "~/infra/db.server";
import { listFaq, saveFaqEntry, setContentHidden } from "~/models/content.server";
import { insertSeededFaq } from "../../tests/content-fixtures";
import { answerQuestion } from "./assistant.server";

/** The built-in assistant (no AI endpoint) on the operator's facts of CONTRACT §8, in the three languages. */
const ask = async (question: string, language: Language) => {
  const result = await answerQuestion(question, language, undefined);
  return { ...result, answer: result.answer.replace(/\u00a0/g, " ") };
};

let adminId = 0;

beforeAll(async () => {
  await writerForTests().delete(faqEntries);
  await insertSeededFaq();
  const [admin] = await writerForTests()
    .insert(users)
    .values({ email: "content-facts@example.com", passwordHash: "x", role: "admin", status: "confirmed_account" })
    .returning({ id: users.id });
  adminId = admin!.id;
});

afterAll(async () => {
  await writerForTests().delete(faqEntries);
  await writerForTests().delete(settings);
});

beforeEach(async () => {
  await writerForTests().delete(settings);
});

/** [language, question, what the answer must say] for each fact. */
const FACTS: [string, Language, string, string[]][] = [
  ["licence", "sk", "Potrebujem vodičský preukaz na skúter?", ["25 km/h", "AM"]],
  ["licence", "ua", "Чи потрібні водійські права?", ["25 км/год", "AM"]],
  ["licence", "en", "Do I need a driving license?", ["25 km/h", "AM"]],
  ["živnosť", "sk", "Musím mať živnosť?", ["Nie", "dohodu o vykonaní práce"]],
  ["živnosť", "ua", "Чи потрібен ФОП?", ["Ні", "dohoda o vykonaní práce"]],
  ["živnosť", "en", "Do I need a trade licence?", ["No", "dohoda o vykonaní práce"]],
  ["work permit", "sk", "Potrebujem povolenie na prácu?", ["dočasné útočisko", "nepotrebujú"]],
  ["work permit", "ua", "Чи потрібен мені дозвіл на роботу?", ["тимчасов", "не потрібен"]],
  ["work permit", "en", "I am from Ukraine, do I need a work permit?", ["temporary protection", "need no work permit"]],
  ["weekends", "sk", "Môžem jazdiť iba cez víkendy?", ["Áno", "víkendy"]],
  ["weekends", "ua", "Чи можу я працювати тільки у вихідні?", ["Так", "вихідні"]],
  ["weekends", "en", "Can I work only on weekends?", ["Yes", "weekends"]],
  ["age", "sk", "Koľko rokov musím mať?", ["16 rokov"]],
  ["age", "ua", "Скільки мені має бути років?", ["16 років"]],
  ["age", "en", "How old must I be?", ["16 or older"]],
  ["rent", "sk", "Ako sa strháva nájomné za skúter?", ["5,00 €", "písomným súhlasom"]],
  ["rent", "ua", "Як утримується оренда скутера?", ["5,00 €", "письмової згоди"]],
  ["rent", "en", "How is the rent deducted?", ["€5.00", "written agreement"]],
];

describe("the assistant answers the operator's facts", () => {
  test.each(FACTS)("%s, %s: %s", async (_fact, language, question, parts) => {
    const result = await ask(question, language);
    expect(result.source).toBe("faq");
    for (const part of parts) expect(result.answer).toContain(part);
    expect(result.answer).not.toContain("{{");
  });

  test("the rent and the rate it states are the rules in force, never a copy", async () => {
    await writerForTests()
      .insert(settings)
      .values([
        { key: "rentPerDayCents", value: 650 },
        { key: "hourlyRateEur", value: 8.25 },
      ]);
    expect((await ask("How is the rent deducted?", "en")).answer).toContain("€6.50");
    expect((await ask("Ako sa strháva nájomné za skúter?", "sk")).answer).toContain("6,50 €");
    expect((await ask("Do I need a trade licence?", "en")).answer).toContain("€8.25");
    expect((await ask("Чи можна працювати лише у вихідні?", "ua")).answer).toContain("8,25 €");
  });
});

describe("the assistant answers only from the published FAQ", () => {
  test("an admin's edited answer is the assistant's next answer", async () => {
    const [row] = await writerForTests()
      .select()
      .from(faqEntries)
      .where(eq(faqEntries.questionEn, "Do I need a driving licence?"));
    const edited = "Only for the moped model: a category AM licence. Edited by the office.";
    await saveFaqEntry(adminId, row!.id, {
      question: { sk: row!.questionSk, ua: row!.questionUa, en: row!.questionEn },
      answer: { sk: row!.answerSk, ua: row!.answerUa, en: edited },
    });
    expect((await ask("Do I need a driving licence?", "en")).answer).toBe(edited);
    // The other languages keep their own answers.
    expect((await ask("Potrebujem vodičský preukaz?", "sk")).answer).toBe(row!.answerSk);
  });

  test("a hidden entry is neither on the page nor in the assistant's answers", async () => {
    const [row] = await writerForTests()
      .select()
      .from(faqEntries)
      .where(eq(faqEntries.questionEn, "Do I need a work permit as a citizen of Ukraine?"));
    await setContentHidden(adminId, "faq", row!.id, true);
    try {
      expect((await listFaq("en")).some((entry) => entry.id === row!.id)).toBe(false);
      const result = await ask("Do I need a work permit as a citizen of Ukraine?", "en");
      expect(result.answer).not.toContain("temporary protection need no work permit");
    } finally {
      await setContentHidden(adminId, "faq", row!.id, false);
    }
    expect((await ask("Do I need a work permit as a citizen of Ukraine?", "en")).answer).toContain(
      "need no work permit",
    );
  });
});
