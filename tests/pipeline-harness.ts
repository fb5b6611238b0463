/**
 * The whole request pipeline (app/services/pipeline.server.ts) over the production build in `build/`,
 * called in-process: what the server answers, without a socket or a second process. `bun run test`
 * builds once before the suites; a lone `bun test` of these files builds only when `build/` is missing
 * (so after changing app code, run `bun run build` first).
 */
import { test as bunTest } from "bun:test";
import { existsSync } from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { config } from "~/infra/config.server";
import { createPipeline } from "~/services/pipeline.server";

const buildDir = path.resolve(import.meta.dirname, "..", process.env.BUILD_DIR ?? "build");
/** The origin the pipeline treats as its own (APP_URL of the test run). */
export const ORIGIN = new URL(process.env.APP_URL!).origin;

let pipeline: ReturnType<typeof createPipeline> | null = null;

/** Makes the production build when `build/` has none (a lone `bun test` on a fresh checkout). */
export function ensureBuild() {
  if (existsSync(path.join(buildDir, "server/index.js"))) return;
  // NODE_ENV is "test" under bun test; the build would then bundle React's development build.
  const { NODE_ENV: _testEnv, ...env } = process.env;
  const proc = Bun.spawnSync(["bun", "run", "build"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env,
    stdout: "ignore",
    stderr: "inherit",
  });
  if (proc.exitCode !== 0) throw new Error("bun run build failed");
}

async function load() {
  ensureBuild();
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const cfg = config();
  return createPipeline({
    build,
    clientDir: path.join(buildDir, "client"),
    appUrl: cfg.appUrl,
    trustProxyHops: cfg.trustProxyHops,
    serverTiming: true,
  });
}

/**
 * Loads the build and makes the pipeline; a test file calls it in `beforeAll(preparePipeline, 120_000)`,
 * so the first test does not pay for the import (and, without `build/`, the build) within its own timeout.
 */
export async function preparePipeline() {
  pipeline ??= await load();
  // The first render warms the router and the critical-CSS inliner.
  await pipeline(new Request(new URL("/", ORIGIN)), "127.0.0.1");
}

export type SendOptions = RequestInit & {
  /** The peer's address; each test that posts to a limited door should use its own. */
  ip?: string;
  form?: Record<string, string>;
  cookie?: string;
  /** Sends `Origin: <our own origin>` (what a browser adds to a same-site form post). */
  sameOrigin?: boolean;
};

/** One request through the pipeline; redirects are returned, not followed. */
export async function send(target: string, options: SendOptions = {}): Promise<Response> {
  pipeline ??= await load();
  const { ip = "127.0.0.1", form, cookie, sameOrigin, ...init } = options;
  const headers = new Headers(init.headers);
  if (cookie) headers.set("Cookie", cookie);
  if (sameOrigin) headers.set("Origin", ORIGIN);
  let body = init.body;
  if (form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(form).toString();
  }
  // A client states the length of a body it has in full; only a streamed one goes without.
  if (
    (typeof body === "string" || body instanceof Uint8Array || body instanceof ArrayBuffer) &&
    !headers.has("Content-Length")
  ) {
    headers.set("Content-Length", String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength));
  }
  const method = init.method ?? (body === undefined || body === null ? "GET" : "POST");
  const streamed = body instanceof ReadableStream ? { duplex: "half" } : {};
  return pipeline(
    new Request(new URL(target, ORIGIN), { ...init, ...streamed, method, headers, body } as RequestInit),
    ip,
  );
}

/** A multipart form as a browser sends it: its bytes and the Content-Type with the boundary. */
export async function multipart(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Response(form);
  return { body: new Uint8Array(await encoded.arrayBuffer()), contentType: encoded.headers.get("Content-Type")! };
}

/**
 * `test` with room for whole pages through the real pipeline on a busy machine (30 s by default). Not
 * `setDefaultTimeout`, which would change the timeout of every test file that runs after these.
 */
export function test(name: string, fn: () => Promise<void>, timeout = 30_000) {
  bunTest(name, fn, timeout);
}
