import type { Subprocess } from "bun";

/**
 * A journey's own server from the build (`bun server.ts`), apart from its worker's: its own port and data
 * folder, no captcha and no demo data unless `env` says otherwise.
 */
export function startSpareServer(options: {
  port: number;
  dataDir: string;
  /** The checkout to run (another build's, for a deploy). */
  cwd?: string;
  env?: Record<string, string>;
  stderr?: "inherit" | "pipe";
}) {
  const { port, dataDir } = options;
  return Bun.spawn(["bun", "server.ts"], {
    cwd: options.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${dataDir}/app.db`,
      UPLOADS_DIR: `${dataDir}/uploads`,
      CAPTCHA_PROVIDER: "off",
      DEMO_SEED: "0",
      COURIER_QUIET_LOGS: "1",
      ...options.env,
    },
    stdout: "ignore",
    stderr: options.stderr ?? "inherit",
  });
}

/** Waits until the server answers its health check; fails at once if it exited. */
export async function waitForHealth(port: number, server?: Subprocess) {
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (server && server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    await Bun.sleep(50);
  }
  throw new Error("server did not start");
}
