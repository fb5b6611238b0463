import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { LANGUAGES, type Language } from "~/domain/rules";
import { FAQ, NEWS } from "../../db/seed-content";

/** Every translation follows the glossary (locales/glossary.json): one term per concept and language. */
const root = path.resolve(import.meta.dirname, "../../locales");
type Entry = { term: string; avoid: string[] };
const glossary = JSON.parse(readFileSync(path.join(root, "glossary.json"), "utf8")) as {
  concepts: Record<string, { meaning: string } & Record<Language, Entry>>;
};

function flatten(value: unknown, prefix = ""): [string, string][] {
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  return [[prefix, String(value)]];
}

function valuesOf(language: Language) {
  return readdirSync(path.join(root, language)).flatMap((file) =>
    flatten(JSON.parse(readFileSync(path.join(root, language, file), "utf8"))).map(([key, text]) => ({
      key: `${file.replace(/\.json$/, "")}:${key}`,
      text,
    })),
  );
}

describe("glossary", () => {
  test("names every concept in every language", () => {
    for (const [concept, entry] of Object.entries(glossary.concepts)) {
      for (const language of LANGUAGES)
        expect({ concept, language, term: entry[language]?.term ?? "" }).toEqual({
          concept,
          language,
          term: expect.stringMatching(/\S/),
        });
    }
  });

  test.each([...LANGUAGES])("%s uses no other word for a glossary concept", (language) => {
    const offending = valuesOf(language).flatMap(({ key, text }) =>
      Object.entries(glossary.concepts).flatMap(([concept, entry]) =>
        entry[language].avoid
          .filter((pattern) => new RegExp(pattern, "iu").test(text))
          .map((pattern) => `${key} (${concept}: "${pattern}" instead of "${entry[language].term}")`),
      ),
    );
    expect(offending).toEqual([]);
  });

  test.each([...LANGUAGES])("%s carries no other language's glossary term", (language) => {
    const foreign = LANGUAGES.filter((other) => other !== language).flatMap((other) =>
      Object.values(glossary.concepts)
        .map((entry) => entry[other].term)
        .filter((term) => !Object.values(glossary.concepts).some((e) => e[language].term === term)),
    );
    const offending = valuesOf(language).flatMap(({ key, text }) =>
      foreign.filter((term) => text.toLowerCase().includes(term.toLowerCase())).map((term) => `${key}: "${term}"`),
    );
    expect(offending).toEqual([]);
  });

  test.each([...LANGUAGES])("%s seeded FAQ and news use the glossary's terms too", (language) => {
    const texts = [...FAQ[language].flat(), ...NEWS.flatMap((post) => [post.title[language], post.content[language]])];
    const offending = texts.flatMap((text) =>
      Object.entries(glossary.concepts).flatMap(([concept, entry]) =>
        entry[language].avoid
          .filter((pattern) => new RegExp(pattern, "iu").test(text))
          .map(() => `${concept}: ${text}`),
      ),
    );
    expect(offending).toEqual([]);
  });

  test("the avoided words are really absent: the check catches one when it is there", () => {
    const ua = glossary.concepts.reservation!.ua;
    expect(ua.avoid.some((pattern) => new RegExp(pattern, "iu").test("Резервація"))).toBe(true);
    expect(ua.avoid.some((pattern) => new RegExp(pattern, "iu").test("Резервування"))).toBe(false);
    expect(ua.avoid.some((pattern) => new RegExp(pattern, "iu").test("резервні коди"))).toBe(false);
  });
});
