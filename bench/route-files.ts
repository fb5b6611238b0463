/**
 * The JavaScript a page loads, read from a client build: React Router's manifest, the files of one route's
 * chain, and what the static server sends for a file. Shared by `lighthouse.ts` and `js-packages.ts`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export type ManifestRoute = {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
  hasDefaultExport?: boolean;
};
export type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, ManifestRoute> };

/** The build's manifest and its own file (`/assets/manifest-….js`, which every page loads as well). */
export function readManifest(clientDir: string): { manifest: Manifest; manifestFile: string } {
  // A route module may be called `manifest` too (the web app manifest's): the router's own sets a global.
  const name = readdirSync(path.join(clientDir, "assets")).find(
    (f) =>
      /^manifest-.+\.js$/.test(f) &&
      readFileSync(path.join(clientDir, "assets", f), "utf8").startsWith("window.__reactRouterManifest"),
  );
  if (!name)
    throw new Error(`no React Router manifest in ${clientDir}/assets: build first (BUILD_DIR=… bun run build)`);
  const source = readFileSync(path.join(clientDir, "assets", name), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
  return { manifest, manifestFile: `/assets/${name}` };
}

/** The entry, the root and every route module on the way to `routeId`, with their imports (not the manifest). */
export function routeChain(manifest: Manifest, routeId: string): Set<string> {
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (
    let r: ManifestRoute | undefined = manifest.routes[routeId];
    r;
    r = r.parentId ? manifest.routes[r.parentId] : undefined
  ) {
    files.add(r.module);
    for (const f of r.imports ?? []) files.add(f);
  }
  return files;
}

/** The bytes the static server sends to `Accept-Encoding: br, gzip` (app/infra/static.server.ts). */
export function servedBytes(clientDir: string, file: string): number {
  const full = path.join(clientDir, file);
  return statSync([`${full}.br`, `${full}.gz`, full].find((f) => existsSync(f))!).size;
}
