import path from "node:path";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { BUILD_HEADER } from "~/domain/build-version";
import { movedTarget } from "~/domain/moved-routes";
import { BODY_LIMITS } from "~/domain/rules";
import { busyAnswer, earlyError, normalizeApiError } from "~/infra/api-errors.server";
import { applyCachePolicy } from "~/infra/cache-policy.server";
import { clientIp } from "~/infra/client-ip.server";
import { compressResponse } from "~/infra/compress.server";
import { requestInfoContext } from "~/infra/context";
import { cachedStylesheets, criticalCss } from "~/infra/critical-css.server";
import { deferHydration, lowPriorityPreloads } from "~/infra/deferred-hydration.server";
import { isCrossSiteMutation } from "~/infra/csrf.server";
import { wasBusy } from "~/infra/db-busy.server";
import { healthAnswer } from "~/infra/health.server";
import { log } from "~/infra/log.server";
import { createRoutePatterns } from "~/infra/route-pattern.server";
import { applySecurityHeaders } from "~/infra/security-headers.server";
import { instrumentBuild, newTiming, serverTimingHeader, timingContext } from "~/infra/server-timing.server";
import { createStaticHandler } from "~/infra/static.server";
import { bodyLimitFor, declaresMoreThan, limitBody, tooLargePageFor } from "./body-limit.server";
import { withPageCache } from "./page-cache.server";

export type PipelineOptions = {
  /** The server half of a production build (`build/server/index.js`). */
  build: ServerBuild;
  /** The client half of the same build (`build/client`): static files and the stylesheet to inline. */
  clientDir: string;
  appUrl: string;
  trustProxyHops: number;
  serverTiming: boolean;
};

/** Bun's outer net for bodies; routes bound theirs with a translated 413 (limitBody). */
export const MAX_REQUEST_BODY_BYTES = BODY_LIMITS.uploadBytes + 1024 * 1024;

/**
 * Everything between the socket and the router, as one function a test can call: static files,
 * security headers, the build's name (X-Build), the cross-site check, moved addresses (308), the `.data`
 * refusal, body limits, the page cache, the router,
 * the busy answer, API error normalisation, compression, Server-Timing and the request log line.
 * `clientAddress` is the peer's address as the socket sees it (X-Forwarded-For is read per TRUST_PROXY).
 */
export function createPipeline(options: PipelineOptions) {
  const { build, clientDir } = options;
  const handle = createRequestHandler(options.serverTiming ? instrumentBuild(build) : build, "production");
  const routePattern = createRoutePatterns(build.routes);
  const serveStatic = createStaticHandler(clientDir);
  const inlineCriticalCss = criticalCss(path.resolve(clientDir));
  const adminStylesheets = cachedStylesheets(path.resolve(clientDir), "/admin");
  const courierStylesheets = cachedStylesheets(path.resolve(clientDir), "/dashboard");
  // The copy anonymous visitors get of the home page: critical CSS inline, hydration on the first touch.
  const prepareHomeCopy = async (html: string) => deferHydration(await inlineCriticalCss(html));
  const appOrigin = new URL(options.appUrl).origin;
  let requestCounter = 0;

  return async function pipeline(request: Request, clientAddress?: string): Promise<Response> {
    const started = performance.now();
    const url = new URL(request.url);
    // Built files first: they need no request id, no client address and no log line.
    const asset = serveStatic(request, url.pathname);
    if (asset) {
      asset.headers.set(BUILD_HEADER, build.assets.version);
      applySecurityHeaders(asset.headers);
      if (!url.pathname.startsWith("/assets/")) applyCachePolicy(request, url.pathname, asset.headers);
      return asset;
    }
    const requestId = (++requestCounter).toString(36);
    const ip = clientIp(request.headers.get("X-Forwarded-For"), clientAddress, options.trustProxyHops);
    const timing = options.serverTiming ? newTiming() : null;
    let compressMs = 0;
    let response: Response;
    try {
      // A load balancer's probe: one query, not the router and the middleware chain.
      if (url.pathname === "/api/health" && (request.method === "GET" || request.method === "HEAD"))
        response = healthAnswer();
      else if (isCrossSiteMutation(request, appOrigin)) response = await earlyError(request, 403, "errors:crossOrigin");
      // 308: a post from a page of the previous build is repeated at the new address, body and files included.
      else if (movedTarget(url.pathname))
        response = new Response(null, {
          status: 308,
          headers: { Location: `${movedTarget(url.pathname)}${url.search}` },
        });
      // `GET /files/4.data`: the router would hand the file over as route data, without its own headers.
      // A form's post to a resource route's action (log-out, the language switch) travels as `.data` too.
      else if ((request.method === "GET" || request.method === "HEAD") && routePattern.isResourceData(url.pathname))
        response = await earlyError(request, 404, "errors:notFound");
      else {
        const limit = await bodyLimitFor(request, url);
        if (declaresMoreThan(request, limit)) response = await tooLargeAnswer(request, url);
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
            prepareHomeCopy,
          );
          if (timing) timing.cacheHit = !rendered;
          // Every page paints from its own rules inline (criticalCss.bySelectors), the admin screens with those
          // of their second stylesheet too. An admin or a courier whose browser already has this build's
          // stylesheets is answered without them (cachedStylesheets).
          const admin = ADMIN_PAGES.test(url.pathname);
          const courier = COURIER_PAGES.test(url.pathname);
          const stylesheets = admin ? adminStylesheets : courier ? courierStylesheets : null;
          const returning = stylesheets?.areCached(request) ?? false;
          // A returning admin's page is answered as rendered: no rules to inline, no scripts to defer.
          if (rendered && request.method === "GET" && isHtml(response) && !(admin && returning)) {
            // The courier's pages start their scripts once they have loaded (see COURIER_PAGES), and so does
            // the 404: its links and the header's buttons work as they are. (The admin screens do not yet: an
            // FAQ answer typed as their scripts started was lost in two runs of four; see docs/performance.md.)
            // The scripts first: the rules are spliced in last, so no regular expression runs over the joined
            // page.
            const atLoad = courier || response.status === 404;
            response = await rewriteHtml(response, (html) => {
              const deferred = atLoad ? deferHydration(html, "load") : lowPriorityPreloads(html);
              return returning ? deferred : inlineCriticalCss.bySelectors(deferred);
            });
            if (stylesheets && !returning) response.headers.append("Set-Cookie", stylesheets.cookie);
          }
          // Whatever the route made of the cut-off body, the answer is 413.
          if (body.exceeded()) response = await tooLargeAnswer(request, url);
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
    // A page of another build sees this and loads its next page in full (app/client/build-version.ts).
    response.headers.set(BUILD_HEADER, build.assets.version);
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
  };
}

/**
 * The courier's pages. Every form on them keeps what was typed or chosen before hydration (React owns no
 * field's value: docs/resilience.md, "Before the scripts run"; `before-hydration.e2e.ts` acts in that
 * window), so their scripts may wait for `load`.
 */
const COURIER_PAGES = /^\/dashboard(\/|$)/;
const ADMIN_PAGES = /^\/admin(\/|$)/;

function isHtml(response: Response) {
  return /^text\/html/.test(response.headers.get("Content-Type") ?? "");
}

async function rewriteHtml(response: Response, rewrite: (html: string) => string | Promise<string>) {
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(await rewrite(await response.text()), { status: response.status, headers });
}

/** A body over the limit: a page without JS goes back to its form, which says so; anything else gets the JSON 413. */
async function tooLargeAnswer(request: Request, url: URL) {
  const page = tooLargePageFor(request, url);
  return page
    ? new Response(null, { status: 303, headers: { Location: page } })
    : await earlyError(request, 413, "errors:tooLarge");
}
