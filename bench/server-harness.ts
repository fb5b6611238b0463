/**
 * Shared by the load and soak benches: a seeded data folder, the production server started on loopback
 * with its own pid (on the folder's SQLite file, or on PostgreSQL with `databaseUrl`), resident-memory
 * sampling from /proc, and session cookies made the way the app makes them.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export type ServerOptions = {
  port: number;
  buildDir: string;
  dataDir: string;
  secret: string;
  /** `postgres://…`: the server runs on this database instead of the folder's SQLite file (files stay in the folder). */
  databaseUrl?: string;
  /** WORKERS: server processes sharing the port (reusePort); default 1. */
  workers?: number;
  /** The server's log files are NAME.log and NAME-errors.log in the data folder (default `server`), so instances do not share one. */
  logName?: string;
  /** The checkout whose `server.ts` runs (default this one): a bench comparing two builds runs each with its own server. */
  cwd?: string;
};

/** The options of a bench that compares this checkout's build with another's (`--base DIR`) on the bench data. */
export const COMPARISON_OPTIONS = {
  base: { type: "string" },
  "base-build": { type: "string", default: "build" },
  "build-dir": { type: "string", default: process.env.BUILD_DIR ?? "build" },
  "data-dir": { type: "string", default: "data/bench-cost" },
  users: { type: "string", default: "2000" },
  only: { type: "string" },
} as const;

/** What a browser sends with every page request: the answers are compressed as they are for people. */
export const BROWSER_HEADERS: Record<string, string> = {
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Accept-Encoding": "br, gzip",
  "Accept-Language": "sk-SK,sk;q=0.9,en;q=0.8",
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
};

/**
 * The headers of the same browser's next request: what it sent, with the cookies the answer set (a
 * returning admin's browser sends back `cf_css`, which spares it the inlined rules).
 */
export function asReturningBrowser(headers: Record<string, string>, answer: Response): Record<string, string> {
  const jar = new Map<string, string>();
  for (const pair of (headers.Cookie ?? "").split(/;\s*/)) if (pair) jar.set(pair.split("=")[0]!, pair);
  for (const cookie of answer.headers.getSetCookie()) {
    const pair = cookie.split(";")[0]!;
    if (pair.includes("=")) jar.set(pair.split("=")[0]!, pair);
  }
  return jar.size === 0 ? headers : { ...headers, Cookie: [...jar.values()].join("; ") };
}

export function serverEnv(o: ServerOptions): Record<string, string> {
  return {
    PORT: String(o.port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${o.port}`,
    BUILD_DIR: o.buildDir,
    DATA_DIR: o.dataDir,
    DATABASE_URL: o.databaseUrl ?? `file:${path.join(o.dataDir, "app.db")}`,
    UPLOADS_DIR: path.join(o.dataDir, "uploads"),
    SESSION_SECRET: o.secret,
    DEMO_SEED: "0",
    WORKERS: String(o.workers ?? 1),
  };
}

/** A fixed secret per data folder, so cookies made for one run stay valid in the next. */
export function benchSecret(dataDir: string) {
  const file = path.join(dataDir, "bench-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Seeds the folder with bench/seed-scale.ts unless it already holds a database. */
export async function ensureSeeded(dataDir: string, users: number) {
  const dbFile = path.join(dataDir, "app.db");
  if (existsSync(dbFile)) return false;
  const proc = Bun.spawn(["bun", path.join(root, "bench/seed-scale.ts"), "--db", dbFile, "--users", String(users)], {
    cwd: root,
    stdout: "inherit",
    stderr: "inherit",
  });
  if ((await proc.exited) !== 0) throw new Error("seeding failed");
  return true;
}

/**
 * Session cookies for one courier and one admin, created through the app's own session model and
 * cookie (as tests/factories.ts does). Runs in a child process so this process keeps no database handle.
 * On PostgreSQL the models need the pool opened first: `migrateDatabase()` does that (a no-op wait on SQLite).
 */
export async function createSessionCookies(
  o: ServerOptions,
): Promise<{ user: string; admin: string; applicant: string; userId: number; adminId: number }> {
  const script = `
    const { db, migrateDatabase, closeDatabase } = await import("~/infra/db.server");
    const { createSession } = await import("~/models/sessions.server");
    const { sessionCookie } = await import("~/infra/cookies.server");
    const { sql } = await import("drizzle-orm");
    await migrateDatabase();
    const pickId = async (where) => (await db().execute?.(sql.raw("SELECT id FROM users WHERE " + where + " ORDER BY id LIMIT 1")) ?? db().all(sql.raw("SELECT id FROM users WHERE " + where + " ORDER BY id LIMIT 1")))[0]?.id;
    const userId = (await pickId("role = 'user' AND status = 'working_with_vehicle' AND active = true")) ?? (await pickId("role = 'user' AND active = true"));
    const adminId = await pickId("role = 'admin' AND active = true");
    if (!userId || !adminId) throw new Error("the database has no user or no admin; seed it with bench/seed-scale.ts");
    const cookie = async (id) => (await sessionCookie().serialize(await createSession(id, { ip: "127.0.0.1", userAgent: "bench" }))).split(";")[0];
    // A confirmed account sees the job application; it gets a draft as a courier half-way through would have.
    const applicantId = (await pickId("role = 'user' AND status = 'confirmed_account' AND active = true")) ?? userId;
    const { saveApplicationDraft } = await import("~/models/application-drafts.server");
    await saveApplicationDraft(applicantId, { fullName: "Olena Kovalenko", age: "27", phone: "+421903123456", citizenship: "other", contactMethod: "telegram", contactUsername: "@olena_k", comment: "I can start next Monday; evenings and weekends suit me best, and I have ridden a scooter in Kyiv for two years.", documentValidUntil: "2027-06-30" });
    console.log(JSON.stringify({ user: await cookie(userId), admin: await cookie(adminId), applicant: await cookie(applicantId), userId, adminId }));
    await closeDatabase();
  `;
  const proc = Bun.spawn(["bun", "-e", script], {
    cwd: root,
    env: { ...process.env, ...serverEnv(o) },
    stdout: "pipe",
    stderr: "inherit",
  });
  const out = await new Response(proc.stdout).text();
  if ((await proc.exited) !== 0) throw new Error("creating sessions failed");
  return JSON.parse(out.trim().split("\n").at(-1)!);
}

export function rssKb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Samples a process's resident memory at an interval; `peakKb` since the last `reset()`. */
export class RssSampler {
  samples: { at: number; kb: number }[] = [];
  peakKb = 0;
  private timer: ReturnType<typeof setInterval>;
  constructor(
    private pid: number,
    intervalMs: number,
  ) {
    this.timer = setInterval(() => this.sample(), intervalMs);
  }
  sample() {
    const kb = rssKb(this.pid);
    if (kb === null) return null;
    this.samples.push({ at: Date.now(), kb });
    this.peakKb = Math.max(this.peakKb, kb);
    return kb;
  }
  reset() {
    this.peakKb = 0;
  }
  stop() {
    clearInterval(this.timer);
  }
}

export type RunningServer = { pid: number; origin: string; stop: () => Promise<number>; startupMs: number };

/** Starts `bun server.ts` on 127.0.0.1 and waits until /api/health answers 200 (at most 30 s). */
export async function startServer(o: ServerOptions): Promise<RunningServer> {
  if (!existsSync(path.join(o.cwd ?? root, o.buildDir, "server/index.js")))
    throw new Error(
      `No build in ${o.buildDir}: run \`BUILD_DIR=${o.buildDir} bun run build\` first (the bench builds nothing itself)`,
    );
  const started = performance.now();
  // Two files: two descriptors on one file would overwrite each other's lines.
  const logName = o.logName ?? "server";
  const proc = Bun.spawn(["bun", "server.ts"], {
    cwd: o.cwd ?? root,
    env: { ...process.env, ...serverEnv(o) },
    stdout: Bun.file(path.join(o.dataDir, `${logName}.log`)),
    stderr: Bun.file(path.join(o.dataDir, `${logName}-errors.log`)),
  });
  const origin = `http://127.0.0.1:${o.port}`;
  const stop = async () => {
    proc.kill("SIGTERM");
    const timer = setTimeout(() => proc.kill("SIGKILL"), 10_000);
    const code = await proc.exited;
    clearTimeout(timer);
    return code;
  };
  for (let i = 0; i < 300; i++) {
    if (proc.exitCode !== null)
      throw new Error(`server exited with ${proc.exitCode}; see ${path.join(o.dataDir, `${logName}-errors.log`)}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return { pid: proc.pid, origin, stop, startupMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await Bun.sleep(100);
  }
  await stop();
  throw new Error("server did not become healthy within 30 s");
}

/**
 * CPU time (user + system) a process and its children have used, in ms, from /proc: unlike req/s, other
 * work on the machine barely moves it. Children count so that a server with WORKERS (its workers) and a
 * PostgreSQL postmaster (one backend per connection) are measured whole.
 */
export function cpuMs(pid: number): number {
  const own = (id: number) => {
    const fields = readFileSync(`/proc/${id}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  };
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // No children file on this kernel: the process's own time only.
  }
  return own(pid) + children.reduce((sum, child) => sum + (existsSync(`/proc/${child}/stat`) ? own(child) : 0), 0);
}

export type WrkResult = { rps: number; p50: number; p99: number; errors: number; requests: number };

/** One `wrk` run (apt-get install wrk); errors are socket errors plus answers that are not 2xx or 3xx. */
export async function wrkLoad(
  url: string,
  headers: Record<string, string>,
  o: { seconds: number; threads: number; connections: number },
): Promise<WrkResult> {
  const wrk = Bun.which("wrk");
  if (!wrk) throw new Error("wrk is not installed: apt-get install -y wrk");
  const args = [wrk, `-t${o.threads}`, `-c${o.connections}`, `-d${o.seconds}s`, "--latency", "--timeout", "10s"];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  const proc = Bun.spawn([...args, url], { stdout: "pipe", stderr: "inherit" });
  const out = await new Response(proc.stdout).text();
  await proc.exited;
  const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? "0");
  const latency = (pct: string) => {
    const m = new RegExp(`^\\s+${pct}%\\s+([\\d.]+)(us|ms|s)`, "m").exec(out);
    if (!m) return 0;
    const n = Number(m[1]);
    return m[2] === "us" ? n / 1000 : m[2] === "s" ? n * 1000 : n;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
  return {
    rps: Math.round(num(/Requests\/sec:\s+([\d.]+)/)),
    p50: latency("50"),
    p99: latency("99"),
    errors: num(/Non-2xx or 3xx responses: (\d+)/) + socketErrors,
    requests: num(/(\d+) requests in/),
  };
}

export const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
