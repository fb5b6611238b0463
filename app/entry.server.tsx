// The web-streams build, not the one Bun's export condition picks (server.bun): that one writes every
// small piece of HTML into a direct stream on its own; this one fills 2 KB chunks first. Same HTML,
// about a fifth fewer instructions per admin page (callgrind, docs/performance-log.md).
import { renderToReadableStream } from "react-dom/server.edge";
import { I18nextProvider } from "react-i18next";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceContext } from "~/components/nonce";
import { randomToken } from "~/infra/crypto.server";
import { contentSecurityPolicy } from "~/infra/security-headers.server";
import { getInstance } from "~/infra/i18n.server";
import { DEFAULT_LANGUAGE } from "~/domain/rules";
import { i18nFor } from "~/infra/i18n.server";
import { isDatabaseBusy, markBusy } from "~/infra/db-busy.server";

export const streamTimeout = 10_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = randomToken(16);
  let i18n;
  try {
    i18n = getInstance(loadContext);
  } catch {
    // A render outside the root middleware has no request instance: Slovak, the default.
    i18n = i18nFor(DEFAULT_LANGUAGE);
  }
  let status = responseStatusCode;
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <I18nextProvider i18n={lightView(i18n)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </I18nextProvider>
    </NonceContext.Provider>,
    {
      nonce,
      // A finished Suspense boundary (the dashboard's lazily loaded forms) stays where it is in the HTML:
      // past this size React would send it as a hidden copy that only a script moves into place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        status = 500;
        if (!request.signal.aborted)
          console.error(JSON.stringify({ level: "error", msg: "render failed", error: String(error) }));
      },
    },
  );
  // The whole document at once, so crawlers and visitors without JavaScript get complete HTML.
  await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
  return new Response(body, { headers: responseHeaders, status });
}

/**
 * The request's i18next instance behind an object with no own properties. On the server every
 * `useTranslation` call copies the own property descriptors of the instance it is given into a new
 * object (react-i18next's language-change wrapper, useful only in a browser that keeps the component):
 * with the instance itself that was about 5 % of a page's CPU. Reads and method calls go through the
 * prototype to the instance, which nothing changes while the document renders.
 */
function lightView(i18n: ReturnType<typeof i18nFor>): ReturnType<typeof i18nFor> {
  return Object.create(i18n) as ReturnType<typeof i18nFor>;
}

/** Errors the router reports: expected 4xx answers are not logged; real failures are, as one JSON line. */
export function handleError(error: unknown, { request, context }: { request: Request; context?: unknown }) {
  if (request.signal.aborted) return;
  // The server turns this request's 500 into a 503 with Retry-After (app/infra/db-busy.server.ts).
  if (isDatabaseBusy(error)) markBusy(context as object | undefined);
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const detail = error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) };
  console.error(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "error",
      msg: "unhandled route error",
      path: new URL(request.url).pathname,
      ...detail,
    }),
  );
}
