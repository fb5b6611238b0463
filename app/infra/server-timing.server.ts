import { createContext, type RouterContextProvider, type ServerBuild } from "react-router";

/**
 * Where the time of one answer went, sent as a `Server-Timing` header (outside production, or with
 * SERVER_TIMING=1) so that browser dev tools and `bench/request-cost.ts` show it without a profiler:
 *  - `mw`: everything that is not a loader, the render or compression: server.ts's own checks, React
 *    Router (route matching, data strategy) and the middleware chain (session, language, toast),
 *  - `loader`: from the first loader's start to the last loader's end (actions count here too),
 *  - `render`: React's render of the document, loader data included, until the whole HTML is ready,
 *  - `compress`: compressing the answer,
 *  - `total`: from the request's arrival in server.ts until the answer is handed to Bun.
 * A page served from the home page copy says `cache;desc=hit`.
 */
export type Timing = { loaderStart: number; loaderEnd: number; render: number; cacheHit: boolean };

export const timingContext = createContext<Timing | null>(null);

export function newTiming(): Timing {
  return { loaderStart: 0, loaderEnd: 0, render: 0, cacheHit: false };
}

function timed<A extends { context: Readonly<RouterContextProvider> }, R>(fn: (args: A) => R) {
  return async (args: A) => {
    const timing = args.context.get(timingContext);
    const started = performance.now();
    try {
      return await fn(args);
    } finally {
      if (timing) {
        if (timing.loaderStart === 0 || started < timing.loaderStart) timing.loaderStart = started;
        timing.loaderEnd = Math.max(timing.loaderEnd, performance.now());
      }
    }
  };
}

/** The same build with every loader, action and the document render timed into `timingContext`. */
export function instrumentBuild(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = { ...route.module };
    if (module.loader) module.loader = timed(module.loader as never) as never;
    if (module.action) module.action = timed(module.action as never) as never;
    routes[id] = { ...route, module };
  }
  const render = build.entry.module.default;
  const entryModule = {
    ...build.entry.module,
    default: (async (...args: Parameters<typeof render>) => {
      const started = performance.now();
      try {
        return await render(...args);
      } finally {
        const timing = (args[4] as RouterContextProvider | undefined)?.get(timingContext);
        if (timing) timing.render += performance.now() - started;
      }
    }) as typeof render,
  };
  return { ...build, routes, entry: { ...build.entry, module: entryModule } };
}

const ms = (n: number) => Math.max(0, Math.round(n * 100) / 100);

/** The header value: `compressed` is the compression's time, `total` the whole answer's. */
export function serverTimingHeader(timing: Timing, compressed: number, total: number) {
  if (timing.cacheHit) return `cache;desc=hit, compress;dur=${ms(compressed)}, total;dur=${ms(total)}`;
  const loader = timing.loaderEnd - timing.loaderStart;
  const mw = total - loader - timing.render - compressed;
  return `mw;dur=${ms(mw)}, loader;dur=${ms(loader)}, render;dur=${ms(timing.render)}, compress;dur=${ms(compressed)}, total;dur=${ms(total)}`;
}
