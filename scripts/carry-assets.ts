/**
 * The previous build's fingerprinted files stay served for one release: a page opened on it still loads
 * its chunks after a deploy (docs/deploy.md). `stashAssets` copies the build's own files aside before the
 * new build empties the folder (not those it had carried itself, so each release keeps only one before
 * it); `carryAssets` puts them back beside the new ones, never over them, and lists them in
 * `carried-assets.json`.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const LIST = "carried-assets.json";

function carriedBy(buildDir: string): Set<string> {
  const list = path.join(buildDir, LIST);
  return new Set(existsSync(list) ? (JSON.parse(readFileSync(list, "utf8")) as string[]) : []);
}

/** The build's own files under client/assets, copied into a new temporary folder (null when there is no build). */
export function stashAssets(buildDir: string): string | null {
  const assets = path.join(buildDir, "client/assets");
  if (!existsSync(assets)) return null;
  const carried = carriedBy(buildDir);
  const stash = mkdtempSync(path.join(tmpdir(), "courier-assets-"));
  for (const name of readdirSync(assets))
    if (!carried.has(name)) copyFileSync(path.join(assets, name), path.join(stash, name));
  return stash;
}

/** Copies the stashed files the new build lacks into it and removes the stash; returns their names. */
export function carryAssets(stash: string | null, buildDir: string): string[] {
  const assets = path.join(buildDir, "client/assets");
  mkdirSync(assets, { recursive: true });
  const carried: string[] = [];
  if (stash) {
    for (const name of readdirSync(stash)) {
      if (existsSync(path.join(assets, name))) continue;
      copyFileSync(path.join(stash, name), path.join(assets, name));
      carried.push(name);
    }
    rmSync(stash, { recursive: true, force: true });
  }
  writeFileSync(path.join(buildDir, LIST), `${JSON.stringify(carried.sort(), null, 1)}\n`);
  return carried;
}
