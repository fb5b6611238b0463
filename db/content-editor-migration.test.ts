import { afterAll, expect, test } from "bun:test";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "~/infra/db.server";

const dir = mkdtempSync(path.join(tmpdir(), "cf-migrate-content-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The FAQ and fleet rows of one position across languages become one entry with its three texts. */
test("per-language FAQ and fleet rows become one entry each", () => {
  const source = path.resolve(import.meta.dirname, "migrations");
  const before = path.join(dir, "before");
  mkdirSync(path.join(before, "meta"), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(source, "meta/_journal.json"), "utf8"));
  const old = journal.entries.filter((e: { tag: string }) => e.tag < "0023");
  for (const entry of old) cpSync(path.join(source, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
  writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify({ ...journal, entries: old }));

  const file = path.join(dir, "app.db");
  const first = openDatabase(file, before);
  const faq = first.$client.prepare(
    "INSERT INTO faq_entries (language, question, answer, position) VALUES (?, ?, ?, ?)",
  );
  faq.run("sk", "Vek?", "16", 0);
  faq.run("ua", "Вік?", "16 р", 0);
  faq.run("en", "Age?", "16 y", 0);
  faq.run("sk", "Výplata?", "Týždenne", 1);
  faq.run("en", "Only English?", "Yes", 7);
  const fleet = first.$client.prepare(
    "INSERT INTO fleet_models (language, title, spec, image, position) VALUES (?, ?, ?, ?, ?)",
  );
  fleet.run("sk", "Urban Pro 1000", "Motor 1000 W", "scooter-1000w", 0);
  fleet.run("ua", "Urban Pro 1000", "Двигун 1000 Вт", "scooter-1000w", 0);
  fleet.run("en", "Urban Pro 1000", "1000 W motor", "scooter-1000w", 0);
  first.$client.close();

  const migrated = openDatabase(file, source);
  expect(
    migrated.$client
      .query(
        "SELECT question_sk, question_ua, question_en, answer_sk, answer_ua, answer_en, position, hidden FROM faq_entries ORDER BY position",
      )
      .all(),
  ).toEqual([
    {
      question_sk: "Vek?",
      question_ua: "Вік?",
      question_en: "Age?",
      answer_sk: "16",
      answer_ua: "16 р",
      answer_en: "16 y",
      position: 0,
      hidden: 0,
    },
    {
      question_sk: "Výplata?",
      question_ua: null,
      question_en: null,
      answer_sk: "Týždenne",
      answer_ua: null,
      answer_en: null,
      position: 1,
      hidden: 0,
    },
    // A language without a Slovak row keeps its text, also as the required Slovak value.
    {
      question_sk: "Only English?",
      question_ua: null,
      question_en: "Only English?",
      answer_sk: "Yes",
      answer_ua: null,
      answer_en: "Yes",
      position: 7,
      hidden: 0,
    },
  ]);
  expect(
    migrated.$client
      .query("SELECT name, spec_sk, spec_ua, spec_en, image, licence_category, hidden FROM fleet_models")
      .all(),
  ).toEqual([
    {
      name: "Urban Pro 1000",
      spec_sk: "Motor 1000 W",
      spec_ua: "Двигун 1000 Вт",
      spec_en: "1000 W motor",
      image: "scooter-1000w",
      licence_category: "none",
      hidden: 0,
    },
  ]);
  migrated.$client.close();
});
