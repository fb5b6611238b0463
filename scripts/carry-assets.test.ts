import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { carryAssets, stashAssets } from "./carry-assets";

/** A build folder with these files in client/assets and, optionally, the list of those it carried. */
function buildWith(files: Record<string, string>, carried?: string[]) {
  const dir = mkdtempSync(path.join(tmpdir(), "courier-build-"));
  mkdirSync(path.join(dir, "client/assets"), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, "client/assets", name), text);
  if (carried) writeFileSync(path.join(dir, "carried-assets.json"), JSON.stringify(carried));
  return dir;
}

describe("the previous build's assets, kept for one release", () => {
  test("release N+1 serves N's chunks, not N-1's, and never overwrites its own", () => {
    // Build N: its own chunk, a chunk that N+1 builds identically, and one it kept from N-1.
    const previous = buildWith(
      { "route-N.js": "N", "route-N.js.br": "N br", "shared-1.js": "old copy", "route-N-1.js": "N-1" },
      ["route-N-1.js"],
    );
    const stash = stashAssets(previous);
    const next = buildWith({ "route-N+1.js": "N+1", "shared-1.js": "new copy" });
    const carried = carryAssets(stash, next);

    expect(carried).toEqual(["route-N.js", "route-N.js.br"]);
    expect(readdirSync(path.join(next, "client/assets")).sort()).toEqual([
      "route-N+1.js",
      "route-N.js",
      "route-N.js.br",
      "shared-1.js",
    ]);
    expect(readFileSync(path.join(next, "client/assets/shared-1.js"), "utf8")).toBe("new copy");
    expect(JSON.parse(readFileSync(path.join(next, "carried-assets.json"), "utf8"))).toEqual(carried);
    expect(existsSync(stash!)).toBe(false);
  });

  test("a first build carries nothing and says so", () => {
    expect(stashAssets(path.join(tmpdir(), "courier-no-build-here"))).toBeNull();
    const first = buildWith({ "entry.js": "1" });
    expect(carryAssets(null, first)).toEqual([]);
    expect(readFileSync(path.join(first, "carried-assets.json"), "utf8").trim()).toBe("[]");
  });
});
