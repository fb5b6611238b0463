import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** docs/decisions/: every record says when it was decided and whether it still holds, and the index lists it. */
const dir = path.resolve(import.meta.dir, "../docs/decisions");
const records = readdirSync(dir).filter((name) => name.endsWith(".md") && name !== "README.md");

describe("decision records", () => {
  test.each(records)("%s opens with its title, then its date and status", (name) => {
    const [title, blank, stamp] = readFileSync(path.join(dir, name), "utf8").split("\n");
    expect(title).toStartWith("# ");
    expect(blank).toBe("");
    expect(stamp).toMatch(/^\*\*Date\*\* \d{4}-\d{2}-\d{2} · \*\*Status\*\* (accepted|replaced by )/);
  });

  test("the index lists every record", () => {
    const index = readFileSync(path.join(dir, "README.md"), "utf8");
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });
});
