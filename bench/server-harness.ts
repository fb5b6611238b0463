/**
 * Shared by the load and soak benches: a seeded data folder, the production server started on loopback
 * with its own pid, resident-memory sampling from /proc, and session cookies made the way the app makes them.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export type ServerOptions = { port: number; buildDir: string; dataDir: string; secret: string };

export function serverEnv(o: ServerOptions): Record<string, string> {
  return {
    PORT: String(o.port),
    HOST: "127.0.0.1",
    APP_URL: `http://127.0.0.1:${o.port}`,
    BUILD_DIR: o.buildDir,
    DATA_DIR: o.dataDir,
    DATABASE_URL: `file:${path.join(o.dataDir, "app.db")}`,
    UPLOADS_DIR: path.join(o.dataDir, "uploads"),
    SESSION_SECRET: o.secret,
    DEMO_SEED: "0",
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
  const proc = Bun.spawn(["bun", path.join(root, "bench/seed-scale.ts"), "--db", dbFile, "--users", String(users)], { cwd: root, stdout: "inherit", stderr: "inherit" });
  if ((await proc.exited) !== 0) throw new Error("seeding failed");
  return true;
}

/**
 * Session cookies for one courier and one admin, created through the app's own session model and
 * cookie (as tests/factories.ts does). Runs in a child process so this process keeps no database handle.
 */
export async function createSessionCookies(o: ServerOptions): Promise<{ user: string; admin: string; userId: number; adminId: number }> {
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
    console.log(JSON.stringify({ user: await cookie(userId), admin: await cookie(adminId), userId, adminId }));
    await closeDatabase();
  `;
  const proc = Bun.spawn(["bun", "-e", script], { cwd: root, env: { ...process.env, ...serverEnv(o) }, stdout: "pipe", stderr: "inherit" });
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
  if (!existsSync(path.join(root, o.buildDir, "server/index.js")))
    throw new Error(`No build in ${o.buildDir}: run \`BUILD_DIR=${o.buildDir} bun run build\` first (the bench builds nothing itself)`);
  const started = performance.now();
  // Two files: two descriptors on one file would overwrite each other's lines.
  const proc = Bun.spawn(["bun", "server.ts"], {
    cwd: root,
    env: { ...process.env, ...serverEnv(o) },
    stdout: Bun.file(path.join(o.dataDir, "server.log")),
    stderr: Bun.file(path.join(o.dataDir, "server-errors.log")),
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
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}; see ${path.join(o.dataDir, "server-errors.log")}`);
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

export const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
