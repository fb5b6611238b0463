import { BUILD_HEADER } from "~/domain/build-version";

/**
 * A page opened before a deploy keeps working after it (docs/deploy.md). Every answer names the build
 * that made it; once one names another build than the page's, the page's next navigation to another
 * page is a full load of the new build instead of a client-side one that would mix the two. Posts and
 * reloads of the page itself still go through as they are: what a form sends always reaches the server
 * (a moved form's old address answers 308), and the typed values stay on the page until it is left.
 */
export function watchBuildVersion(ownBuild: string, win: Window = window) {
  let stale = false;
  const fetchFromPage = win.fetch.bind(win);

  win.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), win.location.href);
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const sameOrigin = url.origin === win.location.origin;
    const page = sameOrigin && url.pathname.endsWith(".data") ? documentUrlOf(url) : null;
    const leavesPage = method === "GET" && page !== null && page.pathname !== win.location.pathname;
    if (stale && leavesPage) return loadInFull(win, page);
    const response = await fetchFromPage(input, init);
    const answeredBy = response.headers.get(BUILD_HEADER);
    if (sameOrigin && answeredBy && answeredBy !== ownBuild) {
      stale = true;
      if (leavesPage) return loadInFull(win, page);
    }
    return response;
  };
}

/** The page a router data URL stands for: `/a/b.data?_routes=…` is `/a/b`, `/_.data` is `/`. */
export function documentUrlOf(dataUrl: URL): URL {
  const url = new URL(dataUrl);
  url.pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  return url;
}

/** The browser leaves the page; the router's fetch never settles, so it renders nothing of the old build. */
function loadInFull(win: Window, url: URL): Promise<Response> {
  win.location.assign(url.href);
  return new Promise<Response>(() => undefined);
}
