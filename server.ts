/**
 * The production server: one Bun process serves pages, /api, static assets and uploads.
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

const { createRequestHandler, RouterContextProvider } = await import("react-router");
const { requestInfoContext } = await import("./app/infra/context");
const { clientIp } = await import("./app/infra/client-ip.server");
const { createStaticHandler } = await import("./app/infra/static.server");
const { applySecurityHeaders } = await import("./app/infra/security-headers.server");
const { applyCachePolicy } = await import("./app/infra/cache-policy.server");
const { createRoutePatterns } = await import("./app/infra/route-pattern.server");
const { isCrossSiteMutation } = await import("./app/infra/csrf.server");
const { bodyLimitFor, declaresMoreThan, limitBody } = await import("./app/services/body-limit.server");
const { BODY_LIMITS } = await import("./app/domain/rules");
const { closeDatabase } = await import("./app/infra/db.server");
const { busyAnswer, earlyError, normalizeApiError } = await import("./app/infra/api-errors.server");
const { wasBusy } = await import("./app/infra/db-busy.server");
const { log } = await import("./app/infra/log.server");
const { isAnonymous, withPageCache } = await import("./app/services/page-cache.server");
const { criticalCss } = await import("./app/infra/critical-css.server");
const { compressResponse } = await import("./app/infra/compress.server");
const { instrumentBuild, newTiming, serverTimingHeader, timingContext } = await import("./app/infra/server-timing.server");
const { healthAnswer } = await import("./app/infra/health.server");
const { startJobs } = await import("./app/services/jobs.server");
const { startWorkers } = await import("./app/infra/workers.server");

const buildDir = path.resolve(import.meta.dirname, process.env.BUILD_DIR ?? "build");
const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
const handle = createRequestHandler(cfg.serverTiming ? instrumentBuild(build) : build, "production");
const routePattern = createRoutePatterns(build.routes);
const serveStatic = createStaticHandler(path.join(buildDir, "client"));
const inlineCriticalCss = criticalCss(path.join(buildDir, "client"));
const appOrigin = new URL(cfg.appUrl).origin;
let requestCounter = 0;

const server = Bun.serve({
  port: cfg.port,
  hostname: cfg.host,
  // Bodies are bounded per route by limitBody with a translated 413; this is only Bun's outer net.
  maxRequestBodySize: BODY_LIMITS.uploadBytes + 1024 * 1024,
  idleTimeout: 60,
  // WORKERS=N: every process listens on the same port and the kernel spreads the connections.
  reusePort: cfg.workers > 1,
  async fetch(request, bunServer) {
    const started = performance.now();
    const url = new URL(request.url);
    // Built files first: they need no request id, no client address and no log line.
    const asset = serveStatic(request, url.pathname);
    if (asset) {
      applySecurityHeaders(asset.headers);
      if (!url.pathname.startsWith("/assets/")) applyCachePolicy(request, url.pathname, asset.headers);
      return asset;
    }
    const requestId = (++requestCounter).toString(36);
    const ip = clientIp(request.headers.get("X-Forwarded-For"), bunServer.requestIP(request)?.address, cfg.trustProxyHops);
    const timing = cfg.serverTiming ? newTiming() : null;
    let compressMs = 0;
    let response: Response;
    try {
      // A load balancer's probe: one query, not the router and the middleware chain.
      if (url.pathname === "/api/health" && (request.method === "GET" || request.method === "HEAD")) response = healthAnswer();
      else if (isCrossSiteMutation(request, appOrigin)) response = await earlyError(request, 403, "errors:crossOrigin");
      // `GET /files/4.data`: the router would hand the file over as route data, without its own headers.
      // A form's post to a resource route's action (log-out, the language switch) travels as `.data` too.
      else if ((request.method === "GET" || request.method === "HEAD") && routePattern.isResourceData(url.pathname)) response = await earlyError(request, 404, "errors:notFound");
      else {
        const limit = await bodyLimitFor(request, url);
        if (declaresMoreThan(request, limit)) response = await earlyError(request, 413, "errors:tooLarge");
        else {
          const body = limitBody(request, limit);
          const context = new RouterContextProvider();
          context.set(requestInfoContext, { ip, requestId });
          if (timing) context.set(timingContext, timing);
          let rendered = false;
          response = await withPageCache(
            body.request,
            url,
            () => {
              rendered = true;
              return handle(body.request, context);
            },
            inlineCriticalCss,
          );
          if (timing) timing.cacheHit = !rendered;
          // The 404 a visitor without a session gets is the same page for everyone in a language: its
          // critical CSS is chosen once and spliced in, so a mistyped link paints in one round trip too.
          if (rendered && response.status === 404 && request.method === "GET" && isAnonymous(request) && /^text\/html/.test(response.headers.get("Content-Type") ?? "")) {
            const html = await response.text();
            const lang = /<html\b[^>]*\blang="([\w-]+)"/.exec(html)?.[1] ?? "";
            const headers = new Headers(response.headers);
            headers.delete("Content-Length");
            response = new Response(await inlineCriticalCss.remembered(`404|${lang}`, html), { status: response.status, headers });
          }
          // Whatever the route made of the cut-off body, the answer is 413.
          if (body.exceeded()) response = await earlyError(request, 413, "errors:tooLarge");
          // A write that outwaited the lock: try again shortly, not a crash.
          else if (response.status >= 500 && wasBusy(context)) response = await busyAnswer(request);
          else if (url.pathname.startsWith("/api/")) response = await normalizeApiError(request, response);
          const compressStarted = performance.now();
          response = await compressResponse(request, response);
          compressMs = performance.now() - compressStarted;
        }
      }
    } catch (error) {
      log("error", "request failed", { requestId, path: routePattern(url.pathname), error: String(error) });
      response = new Response("Internal Server Error", { status: 500 });
    }
    applySecurityHeaders(response.headers);
    applyCachePolicy(request, url.pathname, response.headers);
    const ms = performance.now() - started;
    if (timing) response.headers.set("Server-Timing", serverTimingHeader(timing, compressMs, ms));
    log("info", "request", {
      id: requestId,
      method: request.method,
      // The route pattern, never the path: paths carry activation and reset tokens.
      path: routePattern(url.pathname),
      status: response.status,
      ms: Math.round(ms * 10) / 10,
      ip,
    });
    return response;
  },
  error(error) {
    log("error", "server error", { error: String(error) });
    return new Response("Internal Server Error", { status: 500 });
  },
});

const scheduler = startJobs();
const workers = startWorkers(cfg.workers);
const files = cfg.storage.kind === "s3" ? `s3://${cfg.storage.bucket}/${cfg.storage.prefix}` : cfg.storage.dir;
log("info", "listening", { url: `http://${server.hostname}:${server.port}`, appUrl: cfg.appUrl, production: cfg.production, files });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log("info", "shutting down", { signal });
  scheduler.stop();
  await workers.stop();
  // Stops accepting connections and resolves once in-flight requests have finished.
  await server.stop(false);
  await closeDatabase();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
