import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Every relative link in README.md and docs/ leads to a file that exists and, with `#…`, to one of its headings. */
const root = path.resolve(import.meta.dir, "..");

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = path.posix.join(dir, name);
    if (statSync(path.join(root, file)).isDirectory()) return markdownFiles(file);
    return name.endsWith(".md") ? [file] : [];
  });
}

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
export function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of text.replace(/^```[\s\S]*?^```/gm, "").matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = heading!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/ /g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

function brokenLinks(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const broken: string[] = [];
  for (const [, target] of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target!)) continue;
    const [filePart, anchor] = target!.split("#") as [string, string | undefined];
    const linked = filePart === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), filePart));
    let linkedText: string;
    try {
      linkedText = statSync(path.join(root, linked)).isDirectory() ? "" : readFileSync(path.join(root, linked), "utf8");
    } catch {
      broken.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (anchor !== undefined && !anchorsOf(linkedText).has(anchor)) broken.push(`${file}: ${target} (no such heading)`);
  }
  return broken;
}

describe("links in the documentation", () => {
  test("GitHub's anchors of headings", () => {
    expect([
      ...anchorsOf("## Leases: renewal and handovers\n# `AppLink` instead of `<Link>`\n## Targets\n## Targets"),
    ]).toEqual(["leases-renewal-and-handovers", "applink-instead-of-link", "targets", "targets-1"]);
  });

  test("every relative link in README.md and docs/ resolves", () => {
    const files = ["README.md", ...markdownFiles("docs")];
    expect(files.length).toBeGreaterThan(10);
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });
});
