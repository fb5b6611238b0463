import { afterAll, expect, test } from "bun:test";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDatabase, postgresBin, startThrowAwayCluster, type ThrowAwayCluster } from "../scripts/pg-cluster";
import { openPostgres, postgresMigrationsFolder } from "~/infra/db-postgres.server";

/** The PostgreSQL twin of content-editor-migration.test.ts, on a throw-away cluster (or TEST_DATABASE_URL's server). */
const available = Boolean(process.env.TEST_DATABASE_URL) || postgresBin() !== null || Boolean(process.env.CI);
const dir = mkdtempSync(path.join(tmpdir(), "cf-migrate-content-pg-"));
let cluster: ThrowAwayCluster | null = null;
afterAll(async () => {
  if (cluster) await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
});

test.skipIf(!available)(
  "per-language FAQ and fleet rows become one entry each on PostgreSQL",
  async () => {
    let serverUrl = process.env.TEST_DATABASE_URL ?? "";
    if (!serverUrl) {
      cluster = await startThrowAwayCluster();
      serverUrl = cluster.url;
    }
    const url = await createDatabase(serverUrl, `content_migration_${process.pid}_${Date.now().toString(36)}`);
    const before = path.join(dir, "before");
    mkdirSync(path.join(before, "meta"), { recursive: true });
    const journal = JSON.parse(readFileSync(path.join(postgresMigrationsFolder, "meta/_journal.json"), "utf8"));
    const old = journal.entries.filter((e: { tag: string }) => e.tag < "0014");
    for (const entry of old)
      cpSync(path.join(postgresMigrationsFolder, `${entry.tag}.sql`), path.join(before, `${entry.tag}.sql`));
    writeFileSync(path.join(before, "meta/_journal.json"), JSON.stringify({ ...journal, entries: old }));

    const first = await openPostgres(url, { migrationsFolder: before });
    await first.$client.unsafe(`INSERT INTO faq_entries (language, question, answer, position) VALUES
      ('sk', 'Vek?', '16', 0), ('ua', 'Вік?', '16 р', 0), ('en', 'Age?', '16 y', 0), ('en', 'Only English?', 'Yes', 7)`);
    await first.$client.unsafe(`INSERT INTO fleet_models (language, title, spec, image, position) VALUES
      ('sk', 'Urban Pro 1000', 'Motor 1000 W', 'scooter-1000w', 0), ('en', 'Urban Pro 1000', '1000 W motor', 'scooter-1000w', 0)`);
    await first.$client.close();

    const migrated = await openPostgres(url);
    expect(
      await migrated.$client.unsafe(
        "SELECT question_sk, question_ua, question_en, answer_en, position, hidden FROM faq_entries ORDER BY position",
      ),
    ).toEqual([
      { question_sk: "Vek?", question_ua: "Вік?", question_en: "Age?", answer_en: "16 y", position: 0, hidden: false },
      {
        question_sk: "Only English?",
        question_ua: null,
        question_en: "Only English?",
        answer_en: "Yes",
        position: 7,
        hidden: false,
      },
    ]);
    expect(
      await migrated.$client.unsafe(
        "SELECT name, spec_sk, spec_ua, spec_en, image, licence_category FROM fleet_models",
      ),
    ).toEqual([
      {
        name: "Urban Pro 1000",
        spec_sk: "Motor 1000 W",
        spec_ua: null,
        spec_en: "1000 W motor",
        image: "scooter-1000w",
        licence_category: "none",
      },
    ]);
    await migrated.$client.close();
  },
  120_000,
);
