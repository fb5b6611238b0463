/**
 * `bun run bench instructions [--base ../checkout-of-main] [--warmup 300] [--requests 100] [--only TEXT,TEXT]`
 *
 * Instructions per request, counted by valgrind's callgrind (`apt-get install -y valgrind`): unlike
 * req/s or CPU time, the count hardly moves with what else the machine is doing, so two builds can be
 * compared on a shared, noisy machine where CPU time per answer varies by ±30 % from one run to the
 * next. Each server (this checkout and, with `--base`, another checkout's build, both at once) runs
 * under callgrind with counting off; every page is requested `--warmup` times one at a time (so the
 * JIT has settled), then counting is switched on for `--requests` requests and the total is divided.
 * All threads count (the JIT's compiler threads and the GC too): what a request costs the machine.
 * The requests carry what a browser sends (Accept-Encoding: br, gzip, Accept-Language, the session
 * cookie where the page needs one). Results: test-results/bench/instructions.json.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  asReturningBrowser,
  BROWSER_HEADERS,
  COMPARISON_OPTIONS,
  benchSecret,
  createSessionCookies,
  ensureSeeded,
  serverEnv,
} from "./server-harness";

const { values } = parseArgs({
  options: {
    ...COMPARISON_OPTIONS,
    warmup: { type: "string", default: "300" },
    requests: { type: "string", default: "100" },
    port: { type: "string", default: "3350" },
    /** Seconds to wait for a server to start under valgrind (minutes on a loaded machine). */
    "start-timeout": { type: "string", default: "120" },
  },
});
const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.resolve(root, values["data-dir"]);
const warmup = Number(values.warmup);
const requests = Number(values.requests);

if (!Bun.which("valgrind") || !Bun.which("callgrind_control")) {
  console.log("valgrind is not installed (apt-get install -y valgrind): instruction counts skipped");
  process.exit(0);
}

type Page = { name: string; path: string; cookie?: "user" | "admin" };
// Not the home page: its copy is made again every five seconds, and under valgrind a request takes so
// much longer that those renders would be counted many times more often than they happen.
const allPages: Page[] = [
  { name: "`/api/health`", path: "/api/health" },
  { name: "`/api/auth/me` with a session", path: "/api/auth/me", cookie: "user" },
  { name: "`/dashboard` with a session", path: "/dashboard", cookie: "user" },
  { name: "`/admin/users` with an admin session", path: "/admin/users", cookie: "admin" },
  { name: "`/admin/referrals` with an admin session", path: "/admin/referrals", cookie: "admin" },
];
// `--only a,b`: the pages whose name contains any of the comma-separated texts.
const pages = allPages.filter((p) => !values.only || values.only.split(",").some((text) => p.name.includes(text)));

await ensureSeeded(dataDir, Number(values.users));
const secret = benchSecret(dataDir);
const cookies = await createSessionCookies({
  port: Number(values.port),
  buildDir: values["build-dir"],
  dataDir,
  secret,
});

/**
 * valgrind names the pipe callgrind_control talks through after USER and HOST; the server's own HOST
 * (the address it listens on) would otherwise leave the two looking for different pipes.
 */
const VGDB_ENV = { USER: process.env.USER ?? "bench", HOST: "127.0.0.1" };

async function control(pid: number, ...args: string[]) {
  const proc = Bun.spawn(["callgrind_control", ...args, String(pid)], {
    env: { ...process.env, ...VGDB_ENV },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  if ((await proc.exited) !== 0) throw new Error(`callgrind_control ${args.join(" ")} failed: ${out}${err}`);
}

/** The instruction total of the dump files not `seen` before (callgrind zeroes its counters at each dump). */
function dumpedTotal(prefix: string, seen: Set<string>): number {
  let total = 0;
  for (const file of readdirSync(path.dirname(prefix)).filter((f) => f.startsWith(path.basename(prefix)))) {
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(path.join(path.dirname(prefix), file), "utf8");
    // The header's summary line can read 0; the totals line at the end holds the count.
    total += Math.max(0, ...[...text.matchAll(/^(?:summary|totals): (\d+)/gm)].map((m) => Number(m[1])));
  }
  return total;
}

async function measure(name: string, dir: string, build: string, port: number): Promise<Record<string, number>> {
  const outDir = path.join(dataDir, "callgrind");
  mkdirSync(outDir, { recursive: true });
  const prefix = path.join(outDir, `${name}.out`);
  for (const f of readdirSync(outDir).filter((f) => f.startsWith(`${name}.out`))) rmSync(path.join(outDir, f));
  const env = {
    ...process.env,
    ...serverEnv({ port, buildDir: build, dataDir, secret }),
    ...VGDB_ENV,
    COURIER_QUIET_LOGS: "1",
  };
  const proc = Bun.spawn(
    ["valgrind", "--tool=callgrind", "--instr-atstart=no", `--callgrind-out-file=${prefix}`, "bun", "server.ts"],
    {
      cwd: dir,
      env,
      stdout: Bun.file(path.join(outDir, `${name}.log`)),
      stderr: Bun.file(path.join(outDir, `${name}-errors.log`)),
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      if (proc.exitCode !== null) throw new Error(`${name} exited; see ${outDir}/${name}-errors.log`);
      if ((await fetch(`${origin}/api/health`).catch(() => null))?.ok) break;
      if (i > Number(values["start-timeout"]) * 10)
        throw new Error(`${name} did not start under valgrind within ${values["start-timeout"]} s (--start-timeout)`);
      await Bun.sleep(100);
    }
    const seen = new Set<string>();
    const result: Record<string, number> = {};
    for (const page of pages) {
      let headers: Record<string, string> = {
        ...BROWSER_HEADERS,
        ...(page.cookie ? { Cookie: cookies[page.cookie] } : {}),
      };
      const get = async () => {
        const res = await fetch(origin + page.path, { headers, redirect: "manual", decompress: false } as RequestInit);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${name} ${page.path} answered ${res.status}`);
        return res;
      };
      // The counted requests send what a browser sends after its first answer, the cookies it set included.
      headers = asReturningBrowser(headers, await get());
      for (let i = 0; i < warmup; i++) await get();
      dumpedTotal(prefix, seen);
      await control(proc.pid, "-i", "on");
      for (let i = 0; i < requests; i++) await get();
      await control(proc.pid, "-i", "off");
      await control(proc.pid, "-d");
      result[page.name] = dumpedTotal(prefix, seen) / requests;
      console.log(
        `  ${name.padEnd(5)} ${page.name.padEnd(42)} ${(result[page.name]! / 1e6).toFixed(2)} M instructions/request`,
      );
    }
    return result;
  } finally {
    proc.kill("SIGTERM");
    const timer = setTimeout(() => proc.kill("SIGKILL"), 20_000);
    await proc.exited;
    clearTimeout(timer);
  }
}

console.log(`callgrind, ${warmup} requests of warm-up and ${requests} counted per page, one at a time`);
const basePort = Number(values.port);
const [ours, base] = await Promise.all([
  measure("ours", root, values["build-dir"], basePort),
  values.base ? measure("base", path.resolve(values.base), values["base-build"], basePort + 1) : Promise.resolve(null),
]);

console.log(`\n| request | ${base ? "base M instr. | " : ""}ours M instr. | ${base ? "base ÷ ours |" : ""}`);
console.log(`|---|${base ? "---|" : ""}---|${base ? "---|" : ""}`);
for (const page of pages) {
  const o = ours[page.name]!;
  const b = base?.[page.name];
  console.log(
    `| ${page.name} | ${b !== undefined ? `${(b / 1e6).toFixed(2)} | ` : ""}${(o / 1e6).toFixed(2)} | ${b !== undefined ? `${(b / o).toFixed(2)} × |` : ""}`,
  );
}
mkdirSync(path.join(root, "test-results/bench"), { recursive: true });
writeFileSync(
  path.join(root, "test-results/bench/instructions.json"),
  `${JSON.stringify({ date: new Date().toISOString(), warmup, requests, ours, base }, null, 2)}\n`,
);
