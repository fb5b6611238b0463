/**
 * `bun bench/body-flood.ts [--parallel 6] [--mb 100]`: starts the built server on its own data folder,
 * sends anonymous chunked bodies (no Content-Length) of `--mb` MB each, `--parallel` at once, to
 * `POST /api/auth/login` and `POST /auth/login` (multipart), and reports the server's resident memory
 * before and at its peak (VmHWM) — the figure of the body limits in docs/security.md.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const parallel = arg("parallel", 6);
const megabytes = arg("mb", 100);
const port = arg("port", 3290);
const root = path.resolve(import.meta.dirname, "..");
const dataDir = mkdtempSync(path.join(tmpdir(), "cf-flood-"));
const base = `http://127.0.0.1:${port}`;

const server = Bun.spawn(["bun", "server.ts"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: `file:${dataDir}/app.db`,
    UPLOADS_DIR: `${dataDir}/uploads`,
    DEMO_SEED: "0",
    COURIER_QUIET_LOGS: "1",
  },
  stdout: "ignore",
  stderr: "inherit",
});

function memory() {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb("VmRSS") / 1024), peakMb: Math.round(kb("VmHWM") / 1024) };
}

/** A chunked body of `total` bytes, made lazily so the client holds one chunk at a time. */
function chunkedBody(total: number, prefix: string) {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) {
        const head = new TextEncoder().encode(prefix);
        sent += head.length;
        controller.enqueue(head);
        return;
      }
      if (sent >= total) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

async function flood(target: string, contentType: string, prefix: string) {
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: parallel }, () =>
      fetch(`${base}${target}`, {
        method: "POST",
        headers: { "Content-Type": contentType, Origin: base },
        body: chunkedBody(megabytes * 1024 * 1024, prefix),
      })
        .then(async (r) => {
          await r.arrayBuffer();
          return String(r.status);
        })
        .catch((e: unknown) => `error ${String(e).slice(0, 60)}`),
    ),
  );
  return { target, statuses: results, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

try {
  for (let i = 0; i < 100; i += 1) {
    if (
      await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    await Bun.sleep(100);
  }
  await fetch(`${base}/`).then((r) => r.arrayBuffer());
  const before = memory();
  console.log(`server RSS after start-up: ${before.rssMb} MB`);
  const json = await flood("/api/auth/login", "application/json", '{"email":"a@b.c","password":"');
  console.log(JSON.stringify(json), memory());
  const multipart = await flood(
    "/auth/login",
    "multipart/form-data; boundary=zzz",
    '--zzz\r\nContent-Disposition: form-data; name="email"\r\n\r\n',
  );
  console.log(JSON.stringify(multipart), memory());
  const after = memory();
  console.log(
    `${parallel} × ${megabytes} MB chunked, anonymous: RSS ${before.rssMb} MB → now ${after.rssMb} MB, peak ${after.peakMb} MB`,
  );
} finally {
  server.kill();
  await server.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
