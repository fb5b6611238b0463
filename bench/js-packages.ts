/**
 * `bun bench/js-packages.ts [--route routes/home] [--build-dir build-sourcemap] [--skip-build]`
 *
 * Whose JavaScript a page loads: every file of the route's chain (as `bench/lighthouse.ts` counts it),
 * split byte by byte through its source map into npm packages and our own modules, each group
 * compressed with brotli as the static server's precompressed files are. Builds with source maps into
 * its own folder first (`SOURCEMAP=1`), so the figures belong to the code as it is. A group's figure
 * is its code compressed on its own, so the groups add up to a little more than the files do.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { brotliCompressSync, constants } from "node:zlib";
import { decodedMappings, TraceMap } from "@jridgewell/trace-mapping";
import { readManifest, routeChain, servedBytes } from "./route-files";

const { values } = parseArgs({
  options: {
    route: { type: "string", default: "routes/home" },
    "build-dir": { type: "string", default: "build-sourcemap" },
    "skip-build": { type: "boolean", default: false },
  },
});
const root = path.resolve(import.meta.dirname, "..");
const buildDir = values["build-dir"];
if (!values["skip-build"]) {
  const proc = Bun.spawn(["bun", "run", "build"], {
    cwd: root,
    stdout: "pipe",
    stderr: "pipe",
    env: { ...process.env, BUILD_DIR: buildDir, SOURCEMAP: "1" },
  });
  // The build warns at length about source maps in production; only a failure's output is of interest.
  if ((await proc.exited) !== 0) {
    console.error(await new Response(proc.stdout).text(), await new Response(proc.stderr).text());
    throw new Error("the build failed");
  }
}
const clientDir = path.join(root, buildDir, "client");

const { manifest, manifestFile } = readManifest(clientDir);
if (!manifest.routes[values.route]) throw new Error(`no route ${values.route} in the manifest`);
const files = routeChain(manifest, values.route);

/** "react-dom", "@conform-to/react", or "ours: app/components/…" for our own modules. */
function groupOf(sourcePath: string | null): string {
  if (!sourcePath) return "bundler runtime (no source)";
  const at = sourcePath.lastIndexOf("node_modules/");
  if (at < 0) return `ours: ${sourcePath.replace(/^.*?\/(app|db)\//, "$1/")}`;
  const [scope, name] = sourcePath.slice(at + "node_modules/".length).split("/");
  return scope!.startsWith("@") ? `${scope}/${name}` : scope!;
}

const parts = new Map<string, string[]>();
const add = (group: string, text: string) => (parts.get(group) ?? parts.set(group, []).get(group)!).push(text);
for (const file of files) {
  const code = readFileSync(path.join(clientDir, file), "utf8");
  const mapFile = path.join(clientDir, `${file}.map`);
  if (!existsSync(mapFile)) {
    add("bundler runtime (no source)", code);
    continue;
  }
  const map = new TraceMap(readFileSync(mapFile, "utf8"));
  const lines = code.split("\n");
  decodedMappings(map).forEach((segments, index) => {
    const line = lines[index] ?? "";
    let from = 0;
    let group = groupOf(null);
    for (const segment of segments) {
      add(group, line.slice(from, segment[0]));
      from = segment[0];
      group = groupOf(segment.length > 1 ? map.resolvedSources[segment[1]!]! : null);
    }
    add(group, line.slice(from));
  });
}

const brotli = (text: string) =>
  brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const rows = [...parts].map(([group, texts]) => ({ group, kb: brotli(texts.join("")) / 1024 }));
const packages = rows.filter((r) => !r.group.startsWith("ours:") && !r.group.startsWith("bundler"));
const ours = rows.filter((r) => r.group.startsWith("ours:"));
const rest = rows.filter((r) => r.group.startsWith("bundler"));
const sum = (list: { kb: number }[]) => list.reduce((s, r) => s + r.kb, 0);
const kb = (n: number) => `${n.toFixed(1).padStart(6)} KB`;
const manifestKb = servedBytes(clientDir, manifestFile) / 1024;
const servedKb =
  ([...files].reduce((s, f) => s + servedBytes(clientDir, f), 0) + servedBytes(clientDir, manifestFile)) / 1024;

console.log(`JavaScript of ${values.route}, brotli 11 per group (${files.size} files + the route manifest):`);
for (const row of packages.sort((a, b) => b.kb - a.kb)) console.log(`  ${kb(row.kb)}  ${row.group}`);
console.log(`  ${kb(sum(packages))}  all packages`);
console.log(`  ${kb(sum(ours))}  our modules (${ours.length}); the largest:`);
for (const row of ours.sort((a, b) => b.kb - a.kb).slice(0, 8)) console.log(`  ${kb(row.kb)}    ${row.group.slice(6)}`);
console.log(`  ${kb(sum(rest))}  bundler runtime and helpers without a source`);
console.log(`  ${kb(manifestKb)}  the route manifest (every route, for offline form posts)`);
console.log(
  `  ${kb(servedKb)}  as served: the files' own .br, together (each ends with its source map's address here)`,
);
