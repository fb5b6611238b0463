/**
 * The production server: one Bun process serves pages, /api, static assets and uploads. This file only
 * composes and listens; the request pipeline itself is app/services/pipeline.server.ts.
 * The operator's NODE_ENV decides the product's production rules; React always runs its production build.
 */
// ??=: a worker started by this server inherits the operator's value, not the NODE_ENV set below.
process.env.COURIER_OPERATOR_NODE_ENV ??= process.env.NODE_ENV ?? "";
process.env.NODE_ENV = "production";

import path from "node:path";
import type { ServerBuild } from "react-router";

const { ConfigError } = await import("./app/infra/config.server");
let cfg: Awaited<ReturnType<typeof import("./app/services/startup.server").prepare>>;
try {
  const { prepare } = await import("./app/services/startup.server");
  cfg = await prepare();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const { createPipeline, MAX_REQUEST_BODY_BYTES } = await import("./app/services/pipeline.server");
const { closeDatabase } = await import("./app/infra/db.server");
const { log } = await import("./app/infra/log.server");
const { startJobs } = await import("./app/services/jobs.server");
const { startWorkers } = await import("./app/infra/workers.server");

const buildDir = path.resolve(import.meta.dirname, process.env.BUILD_DIR ?? "build");
const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
const pipeline = createPipeline({
  build,
  clientDir: path.join(buildDir, "client"),
  appUrl: cfg.appUrl,
  trustProxyHops: cfg.trustProxyHops,
  serverTiming: cfg.serverTiming,
});

const server = Bun.serve({
  port: cfg.port,
  hostname: cfg.host,
  // Bodies are bounded per route by limitBody with a translated 413; this is only Bun's outer net.
  maxRequestBodySize: MAX_REQUEST_BODY_BYTES,
  idleTimeout: 60,
  // WORKERS=N: every process listens on the same port and the kernel spreads the connections.
  reusePort: cfg.workers > 1,
  fetch: (request, bunServer) => pipeline(request, bunServer.requestIP(request)?.address),
  error(error) {
    log("error", "server error", { error: String(error) });
    return new Response("Internal Server Error", { status: 500 });
  },
});

const scheduler = startJobs();
const workers = startWorkers(cfg.workers);
const files = cfg.storage.kind === "s3" ? `s3://${cfg.storage.bucket}/${cfg.storage.prefix}` : cfg.storage.dir;
log("info", "listening", {
  url: `http://${server.hostname}:${server.port}`,
  appUrl: cfg.appUrl,
  production: cfg.production,
  files,
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log("info", "shutting down", { signal });
  // Jobs already running finish (or release their claims) before the database closes.
  await scheduler.stop();
  await workers.stop();
  // Stops accepting connections and resolves once in-flight requests have finished.
  await server.stop(false);
  await closeDatabase();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
