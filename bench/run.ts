/**
 * `bun run bench NAME [options]`: one bench script, e.g. `bun run bench request-cost --base ../main-checkout`.
 * `bun run bench [--quick]`: every bench script in sequence, each in its own process, then a summary.
 * The load, data-scale, soak and scale-out benches come first; any other script in bench/ (not a helper module) runs after them.
 * `--quick` shortens the load (5 s per scenario), data scale (3 s per path), the soak (1 minute) and scale-out
 * (3 s per path, one 5-second repeat of the throughput).
 */
import { readdirSync } from "node:fs";
import path from "node:path";

const quick = process.argv.includes("--quick");
const dir = import.meta.dirname;
const named = process.argv[2] && !process.argv[2].startsWith("-") ? process.argv[2].replace(/\.ts$/, "") : null;
if (named) {
  const proc = Bun.spawn(["bun", path.join(dir, `${named}.ts`), ...process.argv.slice(3)], {
    stdout: "inherit",
    stderr: "inherit",
  });
  process.exit(await proc.exited);
}
const ordered: [string, string[]][] = [
  ["load.ts", quick ? ["--duration", "5", "--warmup", "1"] : []],
  ["data-scale.ts", quick ? ["--duration", "3"] : []],
  ["soak.ts", quick ? ["--minutes", "1"] : []],
  ["scale-out.ts", quick ? ["--duration", "3", "--load-seconds", "5", "--repeats", "1"] : []],
];
// Imported by the others or run on demand (the seed takes a path and replaces data), not benchmarks themselves.
const helpers = new Set([
  "run.ts",
  "server-harness.ts",
  "seed-plan.ts",
  "seed-scale.ts",
  "pg-plans.ts",
  "route-files.ts",
]);
const known = new Set(ordered.map(([f]) => f));
const others = readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !helpers.has(f) && !known.has(f))
  .sort()
  .map((f): [string, string[]] => [f, []]);

const results: { script: string; code: number; seconds: number }[] = [];
for (const [script, args] of [...ordered, ...others]) {
  console.log(`\n▶ bench/${script} ${args.join(" ")}`);
  const started = performance.now();
  const proc = Bun.spawn(["bun", path.join(dir, script), ...args], { stdout: "inherit", stderr: "inherit" });
  const code = await proc.exited;
  results.push({ script, code, seconds: (performance.now() - started) / 1000 });
}
console.log("");
for (const r of results) console.log(`${r.code === 0 ? "ok  " : "FAIL"} bench/${r.script} (${r.seconds.toFixed(0)} s)`);
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
