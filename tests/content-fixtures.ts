import { faqEntries } from "~db/schema";
import { FAQ } from "~db/seed-content";
import { writerForTests } from "~/infra/db.server";

/** The demo FAQ as the seed writes it: one row per entry, its texts in the three languages. */
export async function insertSeededFaq() {
  await writerForTests()
    .insert(faqEntries)
    .values(
      FAQ.sk.map(([questionSk, answerSk], position) => ({
        questionSk,
        answerSk,
        questionUa: FAQ.ua[position]![0],
        answerUa: FAQ.ua[position]![1],
        questionEn: FAQ.en[position]![0],
        answerEn: FAQ.en[position]![1],
        position,
      })),
    );
}
