/**
 * Whether patches/react-router@8.4.0.patch is in the installed React Router (docs/decisions/react-router-patch.md).
 * Bun applies the patch only to the version it names; after an upgrade the package comes unpatched and
 * nothing else says so. `bun install` runs this (postinstall) and stops with one line naming what is missing.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/** Each server cache of the patch: the compiled file it lives in and the name it adds there. */
export const PATCHED = [
  { file: "lib/dom/ssr/server.js", marker: "serverRoutesCache", what: "the route tree built once per build" },
  { file: "lib/dom/server.js", marker: "dataRoutesCache", what: "the data routes converted once per tree" },
  { file: "lib/router/router.js", marker: "rememberMatches", what: "each path's matches remembered" },
] as const;

/** What is missing, for React Router in `packageDir`: an empty list when the patch is in place. */
export function missingPatchParts(packageDir: string): string[] {
  const missing: string[] = [];
  for (const build of ["development", "production"])
    for (const part of PATCHED) {
      const file = path.join(packageDir, "dist", build, part.file);
      if (!existsSync(file) || !readFileSync(file, "utf8").includes(part.marker))
        missing.push(`${part.what} (${part.marker} in dist/${build}/${part.file})`);
    }
  return missing;
}

if (import.meta.main) {
  const dir = path.resolve(import.meta.dir, "../node_modules/react-router");
  const missing = missingPatchParts(dir);
  if (missing.length > 0) {
    const { version } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string };
    console.error(
      `react-router ${version} is not patched: ${missing.join("; ")}. Re-make patches/react-router@<version>.patch (docs/decisions/react-router-patch.md).`,
    );
    process.exit(1);
  }
}
