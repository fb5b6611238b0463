/**
 * `bun run build`: React Router's build into BUILD_DIR, every asset precompressed, and the files of the
 * build it replaces kept beside the new ones for one release (scripts/carry-assets.ts). PREVIOUS_BUILD_DIR
 * names that build when it lives elsewhere (a new release's checkout, docs/deploy.md).
 */
import path from "node:path";
import { carryAssets, stashAssets } from "./carry-assets";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const stash = stashAssets(path.resolve(process.env.PREVIOUS_BUILD_DIR ?? buildDir));

async function run(cmd: string[]) {
  const code = await Bun.spawn(cmd, { stdout: "inherit", stderr: "inherit" }).exited;
  if (code !== 0) process.exit(code);
}

await run(["bun", "--bun", "react-router", "build"]);
await run(["bun", "scripts/precompress.ts"]);
const carried = carryAssets(stash, buildDir);
if (carried.length > 0)
  console.log(
    `kept ${carried.length} files of the previous build in ${path.relative(process.cwd(), buildDir)}/client/assets`,
  );
