import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { LANGUAGES } from "~/domain/rules";
import { NAMESPACES } from "./locales";

const root = path.resolve(import.meta.dirname, "../../locales");

function flatten(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

function keysOf(lng: string) {
  const keys = new Map<string, unknown>();
  for (const file of readdirSync(path.join(root, lng))) {
    const ns = file.replace(/\.json$/, "");
    const json: unknown = JSON.parse(readFileSync(path.join(root, lng, file), "utf8"));
    for (const key of flatten(json)) keys.set(`${ns}:${key}`, key);
  }
  return keys;
}

describe("translations", () => {
  const all = new Set(LANGUAGES.flatMap((lng) => [...keysOf(lng).keys()]));

  test.each([...LANGUAGES])("%s has every key that any language has", (lng) => {
    // Read once: reading the files again for every key made this test take seconds.
    const keys = keysOf(lng);
    const missing = [...all].filter((key) => !keys.has(key));
    expect(missing).toEqual([]);
  });

  test("every namespace file is registered and every registered namespace exists", () => {
    for (const lng of LANGUAGES) {
      const files = readdirSync(path.join(root, lng))
        .map((f) => f.replace(/\.json$/, ""))
        .sort();
      expect(files).toEqual([...NAMESPACES].sort());
    }
  });

  test("no translation is empty", () => {
    for (const lng of LANGUAGES) {
      for (const file of readdirSync(path.join(root, lng))) {
        const text = readFileSync(path.join(root, lng, file), "utf8");
        expect(text.includes('""')).toBe(false);
      }
    }
  });
});
