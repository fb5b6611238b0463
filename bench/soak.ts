/**
 * `bun bench/soak.ts [--minutes 5] [--connections 20] [--port 3302] [--build-dir build] [--data-dir data/bench-load]`
 *
 * Memory soak on loopback: the server's resident memory after start-up, then a bounded mixed load (home
 * page, /api/auth/me, dashboard, admin list in turn) for N minutes with VmRSS sampled every 10 s. Reports
 * the least-squares slope over the second half (after warm-up the heap should be flat) with its standard
 * error, and whether it grows (slope above --threshold MB/min and above twice its standard error).
 * Results also go to test-results/bench/soak.json.
 */
import autocannon from "autocannon";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { RssSampler, benchSecret, createSessionCookies, ensureSeeded, mb, startServer } from "./server-harness";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "5" },
    connections: { type: "string", default: "20" },
    interval: { type: "string", default: "10" },
    port: { type: "string", default: "3302" },
    "build-dir": { type: "string", default: process.env.BUILD_DIR ?? "build" },
    "data-dir": { type: "string", default: "data/bench-load" },
    users: { type: "string", default: "20000" },
    /** Growth per minute (MB) over the second half above which the soak counts as growing. */
    threshold: { type: "string", default: "1" },
  },
});
const minutes = Number(values.minutes);
const connections = Number(values.connections);
const intervalS = Number(values.interval);
if (!(minutes > 0 && minutes <= 60 && connections > 0 && connections <= 500 && intervalS >= 1))
  throw new Error("--minutes 0..60, --connections 1..500");
const dataDir = path.resolve(values["data-dir"]);

/** Least-squares slope of y over x with its standard error (RSS saw-tooths with every collection). */
function slope(points: { x: number; y: number }[]) {
  const n = points.length;
  if (n < 3) return { slope: 0, se: Number.POSITIVE_INFINITY };
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const sxx = points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
  if (sxx === 0) return { slope: 0, se: Number.POSITIVE_INFINITY };
  const b = points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0) / sxx;
  const residual = points.reduce((a, p) => a + (p.y - (my + b * (p.x - mx))) ** 2, 0);
  return { slope: b, se: Math.sqrt(residual / (n - 2) / sxx) };
}

await ensureSeeded(dataDir, Number(values.users));
const options = { port: Number(values.port), buildDir: values["build-dir"], dataDir, secret: benchSecret(dataDir) };
const cookies = await createSessionCookies(options);
const server = await startServer(options);
const sampler = new RssSampler(server.pid, intervalS * 1000);
await Bun.sleep(1000);
const startupKb = sampler.sample() ?? 0;
console.log(
  `server pid ${server.pid}: RSS after start-up ${mb(startupKb)}; soaking ${minutes} min at ${connections} connections, sample every ${intervalS} s`,
);

// Other work on the machine skews every figure; the load average before the run says how much.
const machine = {
  cpus: cpus().length,
  model: cpus()[0]?.model,
  ramGb: Math.round(totalmem() / 2 ** 30),
  loadavgBefore: loadavg().map((l) => Number(l.toFixed(2))),
};
console.log(
  `machine: ${machine.cpus} × ${machine.model}, ${machine.ramGb} GB RAM, load average before ${machine.loadavgBefore.join(" ")}`,
);
const started = Date.now();
const deadline = started + minutes * 60_000;
let requests = 0;
let bad = 0;
try {
  // autocannon runs through the request list round-robin on every connection.
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.origin,
        connections,
        duration: minutes * 60,
        timeout: 10,
        headers: { "Accept-Language": "en" },
        requests: [
          { method: "GET", path: "/" },
          { method: "GET", path: "/api/auth/me", headers: { Cookie: cookies.user } },
          { method: "GET", path: "/dashboard", headers: { Cookie: cookies.user } },
          { method: "GET", path: "/admin/users", headers: { Cookie: cookies.admin } },
        ],
      },
      (error, r) => (error ? reject(error) : resolve(r)),
    );
    const progress = setInterval(() => {
      const last = sampler.samples.at(-1);
      if (last) console.log(`  ${((last.at - started) / 1000).toFixed(0).padStart(4)} s  RSS ${mb(last.kb)}`);
      if (Date.now() > deadline + 30_000) instance.stop();
    }, intervalS * 1000);
    instance.on("done", () => clearInterval(progress));
  });
  requests = result.requests.total;
  bad = result.errors + result.non2xx;
} finally {
  sampler.stop();
  // Only samples taken under load count for the slope; the last one is after the load ended.
  const during = sampler.samples.filter((s) => s.at > started && s.at <= deadline);
  const endKb = sampler.sample() ?? 0;
  const code = await server.stop();
  const secondHalf = during.filter((s) => s.at >= started + (minutes * 60_000) / 2);
  const half = slope(secondHalf.map((s) => ({ x: (s.at - started) / 60_000, y: s.kb / 1024 })));
  const whole = slope(during.map((s) => ({ x: (s.at - started) / 60_000, y: s.kb / 1024 })));
  // Growing means a trend above the threshold that the saw-tooth noise cannot explain (slope > 2 standard errors).
  const grows = half.slope > Number(values.threshold) && half.slope > 2 * half.se;
  const result = {
    date: new Date().toISOString(),
    machine,
    minutes,
    connections,
    requests,
    errorsOrNon2xx: bad,
    startupRssKb: startupKb,
    endRssKb: endKb,
    peakRssKb: sampler.peakKb,
    slopeSecondHalfMbPerMin: Number(half.slope.toFixed(3)),
    slopeSecondHalfStdErr: Number(half.se.toFixed(3)),
    slopeWholeRunMbPerMin: Number(whole.slope.toFixed(3)),
    slopeWholeRunStdErr: Number(whole.se.toFixed(3)),
    grows,
    samples: sampler.samples.map((s) => ({ seconds: Math.round((s.at - started) / 1000), kb: s.kb })),
    serverExitCode: code,
  };
  mkdirSync("test-results/bench", { recursive: true });
  writeFileSync("test-results/bench/soak.json", `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `requests ${requests} (errors or non-2xx ${bad}); RSS start-up ${mb(startupKb)}, peak ${mb(sampler.peakKb)}, end ${mb(endKb)}; ` +
      `slope ${half.slope.toFixed(2)} ± ${half.se.toFixed(2)} MB/min over the second half ` +
      `(${whole.slope.toFixed(2)} ± ${whole.se.toFixed(2)} over the run): ${grows ? "GROWS" : "no significant growth"}`,
  );
  process.exitCode = grows ? 1 : 0;
}
