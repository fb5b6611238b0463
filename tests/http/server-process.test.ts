import { beforeAll, describe, expect } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureBuild, test as pipelineTest } from "../pipeline-harness";

/**
 * `bun server.ts` as an operator starts it: configuration checks, production rules, WORKERS and the
 * shutdown. Each test starts its own server from `build/` with its own data folder. Run on SQLite only:
 * the process, not the engine, is under test (the scale-out pass skips it).
 */
beforeAll(ensureBuild, 120_000);

/** A server's start and stop take seconds each, several per test. */
const test = (name: string, fn: () => Promise<void>) => pipelineTest(name, fn, 60_000);

const root = path.resolve(import.meta.dirname, "../..");

/** The test run's environment without what belongs to it alone (its engine, its NODE_ENV, its captcha). */
function baseEnv(): Record<string, string | undefined> {
  const {
    NODE_ENV: _n,
    COURIER_OPERATOR_NODE_ENV: _o,
    STORAGE_URL: _s,
    S3_ENDPOINT: _e,
    TEST_CLOCK: _c,
    ...rest
  } = process.env;
  return { ...rest, CAPTCHA_PROVIDER: "altcha", DEMO_SEED: "0", HOST: "127.0.0.1", COURIER_QUIET_LOGS: "0" };
}

/** Starts a server from the build with its own data folder. */
function startServer(env: Record<string, string>, dir = mkdtempSync(path.join(tmpdir(), "courier-server-"))) {
  const proc = Bun.spawn(["bun", "server.ts"], {
    cwd: root,
    env: {
      ...baseEnv(),
      DATA_DIR: dir,
      DATABASE_URL: `file:${dir}/app.db`,
      UPLOADS_DIR: `${dir}/uploads`,
      APP_URL: `http://127.0.0.1:${env.PORT}`,
      ...env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  return { proc, dir };
}

async function waitForHealth(port: number) {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await Bun.sleep(100);
  }
  throw new Error("server did not start");
}

const children = (pid: number) =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);

describe.skipIf(Boolean(process.env.TEST_POSTGRES_URL))("the Bun server process", () => {
  test("a bad configuration value stops start-up with one line naming it", async () => {
    const { proc } = startServer({ PORT: "not-a-port" });
    expect(await proc.exited).toBe(1);
    const stderr = (await new Response(proc.stderr).text()).trim();
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toContain("PORT");
  });

  test("production refuses to start without SESSION_SECRET or SMTP_URL, or with the captcha off", async () => {
    const noSecret = startServer({ NODE_ENV: "production", PORT: "3391" });
    expect(await noSecret.proc.exited).toBe(1);
    expect(await new Response(noSecret.proc.stderr).text()).toContain("SESSION_SECRET");
    const captchaOff = startServer({
      NODE_ENV: "production",
      PORT: "3392",
      SESSION_SECRET: "x".repeat(40),
      SMTP_URL: "smtp://127.0.0.1:2525",
      CAPTCHA_PROVIDER: "off",
    });
    expect(await captchaOff.proc.exited).toBe(1);
    expect(await new Response(captchaOff.proc.stderr).text()).toContain("CAPTCHA_PROVIDER");
    const noSmtp = startServer({ NODE_ENV: "production", PORT: "3395", SESSION_SECRET: "x".repeat(40) });
    expect(await noSmtp.proc.exited).toBe(1);
    expect(await new Response(noSmtp.proc.stderr).text()).toContain("SMTP_URL");
  });

  test("production refuses to start with a test clock file in its data folder, in one line", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "courier-server-"));
    writeFileSync(path.join(dir, "test-clock.json"), JSON.stringify({ offsetMs: 86_400_000 }));
    const { proc } = startServer(
      { NODE_ENV: "production", PORT: "3396", SESSION_SECRET: "x".repeat(40), SMTP_URL: "smtp://127.0.0.1:2525" },
      dir,
    );
    expect(await proc.exited).toBe(1);
    const stderr = (await new Response(proc.stderr).text()).trim();
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toContain(path.join(dir, "test-clock.json"));
    expect(stderr).toContain("DATA_DIR");
  });

  test("production sends HSTS and Secure cookies; React runs its production build either way", async () => {
    const port = 3393;
    const { proc } = startServer({
      NODE_ENV: "production",
      PORT: String(port),
      SESSION_SECRET: "s".repeat(40),
      SMTP_URL: "smtp://127.0.0.1:2525",
    });
    try {
      await waitForHealth(port);
      const response = await fetch(`http://127.0.0.1:${port}/?lng=en`);
      expect(response.headers.get("strict-transport-security")).toContain("max-age=");
      expect(response.headers.get("set-cookie")).toContain("Secure");
      const html = await response.text();
      expect(html).not.toContain("react-dom.development");
    } finally {
      proc.kill("SIGTERM");
      await proc.exited;
    }
  });

  test("WORKERS=2: two processes on one port, both under the operator's rules (not production here); SIGTERM stops both", async () => {
    const port = 3394;
    // No NODE_ENV: the server sets NODE_ENV=production for React only, and the worker it starts must not
    // take that for the operator's choice.
    const { proc } = startServer({ WORKERS: "2", PORT: String(port), SESSION_SECRET: "w".repeat(40) });
    let worker = 0;
    try {
      await waitForHealth(port);
      // The second process starts after the first listens; wait until it is there too.
      for (let i = 0; i < 150 && children(proc.pid).length !== 1; i++) await Bun.sleep(100);
      expect(children(proc.pid)).toHaveLength(1);
      worker = Number(children(proc.pid)[0]);
      for (let i = 0; i < 12; i++) {
        // A new connection each time, so the kernel may hand it to either process.
        const response = await fetch(`http://127.0.0.1:${port}/?lng=en`, { headers: { Connection: "close" } });
        expect(response.status).toBe(200);
        expect(response.headers.get("strict-transport-security")).toBeNull();
      }
    } finally {
      proc.kill("SIGTERM");
      expect(await proc.exited).toBe(0);
    }
    expect(existsSync(`/proc/${worker}`)).toBe(false);
  });

  test("SIGTERM finishes in-flight requests, closes the database and exits 0", async () => {
    const port = 3394;
    const { proc, dir } = startServer({ PORT: String(port), DEMO_SEED: "1" });
    await waitForHealth(port);
    const inFlight = Array.from({ length: 20 }, () => fetch(`http://127.0.0.1:${port}/`).then((r) => r.status));
    await Bun.sleep(5);
    proc.kill("SIGTERM");
    const statuses = await Promise.all(inFlight.map((p) => p.catch(() => 0)));
    // Requests that reached the server before the signal are answered, none is cut off with an error.
    expect(statuses.filter((s) => s !== 0 && s !== 200)).toEqual([]);
    expect(await proc.exited).toBe(0);
    expect(await new Response(proc.stdout).text()).toContain('"msg":"shutting down"');
    // Closing the last connection checkpoints and removes the write-ahead log.
    expect(existsSync(path.join(dir, "app.db-wal"))).toBe(false);
    const after = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      () => "answered",
      () => "refused",
    );
    expect(after).toBe("refused");
  });

  test("first start prints the demo admin; a second start seeds nothing", async () => {
    const port = 3395;
    const first = startServer({ PORT: String(port), DEMO_SEED: "1" });
    await waitForHealth(port);
    first.proc.kill("SIGTERM");
    await first.proc.exited;
    expect(await new Response(first.proc.stdout).text()).toContain("Demo admin: admin@courierfleet.sk");
    const second = startServer({ PORT: String(port), DEMO_SEED: "1" }, first.dir);
    await waitForHealth(port);
    second.proc.kill("SIGTERM");
    await second.proc.exited;
    expect(await new Response(second.proc.stdout).text()).not.toContain("Demo admin");
  });
});
