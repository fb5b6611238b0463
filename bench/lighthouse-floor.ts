/**
 * `bun bench/lighthouse-floor.ts [--runs 5]`
 *
 * What Lighthouse's mobile preset gives on this machine for a page with nothing to block: one `<h1>`, no
 * script, no stylesheet, served by a bare `Bun.serve` with and without the `Cross-Origin-Opener-Policy:
 * same-origin` header every one of our pages carries. Lighthouse starts each run from `about:blank`; with
 * that header Chromium moves the page into a new browsing context group, and the new renderer's set-up
 * is counted as an "Unattributable" long task on the page's main thread, multiplied by four like all
 * CPU work in the simulation. Read the home page's TBT and score (`bench/lighthouse.ts`) against this floor.
 */
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { launchLighthouseChrome } from "./chromium";

const { values } = parseArgs({
  options: { runs: { type: "string", default: "5" }, port: { type: "string", default: "3530" } },
});
const EMPTY =
  "<!doctype html><html lang=en><head><meta charset=utf-8><meta name=viewport content='width=device-width,initial-scale=1'>" +
  "<title>Floor</title></head><body><h1>Courier Fleet</h1></body></html>";
const variants: { name: string; path: string; headers: Record<string, string> }[] = [
  { name: "empty page", path: "/plain", headers: {} },
  { name: "empty page + COOP same-origin", path: "/coop", headers: { "Cross-Origin-Opener-Policy": "same-origin" } },
];
const server = Bun.serve({
  port: Number(values.port),
  fetch(request) {
    const variant = variants.find((v) => v.path === new URL(request.url).pathname);
    if (!variant) return new Response("Not found", { status: 404 });
    return new Response(EMPTY, { headers: { "Content-Type": "text/html; charset=utf-8", ...variant.headers } });
  },
});
const { default: lighthouse } = await import("lighthouse");
const chrome = await launchLighthouseChrome();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
console.log(`Lighthouse ${values.runs} runs per variant, mobile preset; load average before ${load()}`);
const results = new Map(variants.map((v) => [v.name, [] as { tbt: number; score: number; unattributed: number }[]]));
try {
  for (let i = 0; i < Number(values.runs); i++)
    for (const variant of i % 2 === 0 ? variants : [...variants].reverse()) {
      const result = await lighthouse(`${server.url.origin}${variant.path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      if (!result) throw new Error("lighthouse returned nothing");
      const { audits, categories } = result.lhr;
      const tasks = (
        (audits["long-tasks"]?.details as { items?: { url: string; duration: number }[] })?.items ?? []
      ).filter((t) => t.url === "Unattributable");
      const row = {
        tbt: Math.round(audits["total-blocking-time"]!.numericValue ?? Number.NaN),
        score: Math.round((categories.performance?.score ?? 0) * 100),
        unattributed: Math.round(tasks.reduce((max, t) => Math.max(max, t.duration), 0)),
      };
      results.get(variant.name)!.push(row);
      console.log(
        `  ${variant.name.padEnd(30)} TBT ${row.tbt} ms  performance ${row.score}  longest unattributable task ${row.unattributed} ms  (load ${loadavg()[0]!.toFixed(2)})`,
      );
    }
} finally {
  await chrome.kill();
  await server.stop();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`\nMedians (load average after ${load()}):\n`);
console.log("| page | TBT | performance | longest unattributable task |\n|---|---|---|---|");
for (const [name, rows] of results)
  console.log(
    `| ${name} | ${median(rows.map((r) => r.tbt))} ms (${Math.min(...rows.map((r) => r.tbt))}–${Math.max(...rows.map((r) => r.tbt))}) | ${median(rows.map((r) => r.score))} | ${median(rows.map((r) => r.unattributed))} ms |`,
  );
