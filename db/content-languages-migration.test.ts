import { afterAll, expect, test } from "bun:test";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "~/infra/db.server";

const dir = mkdtempSync(path.join(tmpdir(), "cf-migrate-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A database made by the migrations before per-language content keeps its texts as the Slovak value. */
test("single-language vehicle and news texts become the Slovak value", () => {
  const source = path.resolve(import.meta.dirname, "migrations");
  const before = path.join(dir, "before");
  mkdirSync(path.join(before, "meta"), { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(source, "meta/_journal.json"), "utf8"));
  const old = journal.entries.filter((e: { tag: string }) => e.tag < "0006");
  for (const entry of old) cpSync(path.join(source, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
  writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify({ ...journal, entries: old }));

  const file = path.join(dir, "app.db");
  const first = openDatabase(file, before);
  first.$client.run(
    "INSERT INTO vehicles (name, characteristics, serial_number, created_at) VALUES ('Kugoo', 'Motor 1000 W', 'SN-1', 0)",
  );
  first.$client.run("INSERT INTO news_posts (title, content, created_at) VALUES ('Nové skútre', 'Text správy', 0)");
  first.$client.close();

  const migrated = openDatabase(file, source);
  expect(
    migrated.$client.query("SELECT characteristics_sk, characteristics_ua, characteristics_en FROM vehicles").get(),
  ).toEqual({
    characteristics_sk: "Motor 1000 W",
    characteristics_ua: null,
    characteristics_en: null,
  });
  expect(migrated.$client.query("SELECT title_sk, content_sk, title_ua, content_en FROM news_posts").get()).toEqual({
    title_sk: "Nové skútre",
    content_sk: "Text správy",
    title_ua: null,
    content_en: null,
  });
  migrated.$client.close();
});
