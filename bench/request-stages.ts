/**
 * `bun run bench request-stages [--pages /dashboard,/admin/users] [--requests 2000] [--warmup 500]`
 *
 * Where one request's time goes, measured in this process rather than sampled: the production build's
 * request handler is called in a loop (no HTTP, no compression) with every root middleware, every loader
 * and the document render (up to `allReady`) timed around the call; what is left over is React Router's
 * own work. Then the page's whole pipeline (`createPipeline`: the HTML rewrites and compression; the
 * request log is off) is timed the same way, with the process's CPU time per answer. The CPU profiler
 * (`bun --cpu-prof-md`) overstates native frames (SQLite's `values`, `Set`, `encode`) on these pages;
 * these figures do not depend on where samples land. Needs `bun run build` and the seeded bench data.
 * Whole runs move by ±0.5 ms per answer on a two-core machine (GC, JIT, neighbours): compare the parts
 * within one run, and two variants only over several alternating runs.
 */
import path from "node:path";
import { parseArgs } from "node:util";

// React picks its development or production build when first imported: run again in production mode.
if (process.env.NODE_ENV !== "production") {
  const proc = Bun.spawn(["bun", import.meta.filename, ...process.argv.slice(2)], {
    env: { ...process.env, NODE_ENV: "production", COURIER_OPERATOR_NODE_ENV: "" },
    stdout: "inherit",
    stderr: "inherit",
  });
  process.exit(await proc.exited);
}

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "/dashboard,/admin/users" },
    requests: { type: "string", default: "2000" },
    warmup: { type: "string", default: "500" },
    "build-dir": { type: "string", default: process.env.BUILD_DIR ?? "build" },
    "data-dir": { type: "string", default: "data/bench-cost" },
    users: { type: "string", default: "2000" },
  },
});
const root = path.resolve(import.meta.dirname, "..");
const dataDir = path.resolve(root, values["data-dir"]);
const buildDir = path.resolve(root, values["build-dir"]);
const requests = Number(values.requests);
const warmup = Number(values.warmup);

const { asReturningBrowser, BROWSER_HEADERS, benchSecret, createSessionCookies, ensureSeeded, serverEnv } =
  await import("./server-harness");
await ensureSeeded(dataDir, Number(values.users));
const options = { port: 3399, buildDir, dataDir, secret: benchSecret(dataDir) };
const cookies = await createSessionCookies(options);
Object.assign(process.env, serverEnv(options), { COURIER_QUIET_LOGS: "1" });

const { RouterContextProvider, createRequestHandler } = await import("react-router");
const { prepare } = await import("../app/services/startup.server");
await prepare();
const { requestInfoContext } = await import("../app/infra/context");
const { createPipeline } = await import("../app/services/pipeline.server");
const build = (await import(path.join(buildDir, "server/index.js"))) as import("react-router").ServerBuild;

const spent = new Map<string, number>();
const add = (key: string, ms: number) => spent.set(key, (spent.get(key) ?? 0) + ms);
type Middleware = (args: unknown, next: () => Promise<unknown>) => Promise<unknown>;
type Loader = (args: unknown) => Promise<unknown>;

/** The same build with each middleware's own work (before and after `next`), each loader and the render timed. */
function timedBuild(): import("react-router").ServerBuild {
  const routes: Record<string, unknown> = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = { ...route.module } as { middleware?: Middleware[]; loader?: Loader };
    module.middleware = module.middleware?.map((middleware, i) => async (args, next) => {
      const key = `middleware ${id}#${i} ${middleware.name}`;
      let started = performance.now();
      const result = await middleware(args, async () => {
        add(key, performance.now() - started);
        const response = await next();
        started = performance.now();
        return response;
      });
      add(key, performance.now() - started);
      return result;
    });
    const loader = module.loader;
    if (loader)
      module.loader = async (args) => {
        const started = performance.now();
        try {
          return await loader(args);
        } finally {
          add(`loader ${id}`, performance.now() - started);
        }
      };
    routes[id] = { ...route, module };
  }
  const render = build.entry.module.default;
  const timedRender = async (...args: Parameters<typeof render>) => {
    const started = performance.now();
    try {
      return await render(...args);
    } finally {
      add("render until allReady", performance.now() - started);
    }
  };
  return {
    ...build,
    routes: routes as typeof build.routes,
    entry: { ...build.entry, module: { ...build.entry.module, default: timedRender } },
  };
}

const handle = createRequestHandler(timedBuild(), "production");
const pipeline = createPipeline({
  build,
  clientDir: path.join(buildDir, "client"),
  appUrl: `http://127.0.0.1:${options.port}`,
  trustProxyHops: 0,
  serverTiming: false,
});
const firstHeaders = (page: string) => ({
  ...BROWSER_HEADERS,
  Cookie: page.startsWith("/admin") ? cookies.admin : cookies.user,
});
// Per page, what the browser sends once it has the first answer (the cookies that answer set included).
const headersOf = new Map<string, Record<string, string>>();
const requestFor = (page: string) =>
  new Request(`http://127.0.0.1:${options.port}${page}`, { headers: headersOf.get(page) ?? firstHeaders(page) });
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

for (const page of values.pages.split(",")) {
  const handled = async () => {
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { ip: "127.0.0.1", requestId: "bench" });
    const started = performance.now();
    const response = await handle(requestFor(page), context);
    await response.arrayBuffer();
    add("the whole handler, body read", performance.now() - started);
    return response.status;
  };
  const piped = async () => {
    const started = performance.now();
    const response = await pipeline(requestFor(page), "127.0.0.1");
    await response.arrayBuffer();
    add("the whole pipeline (rewrites, compression)", performance.now() - started);
  };
  const first = await pipeline(requestFor(page), "127.0.0.1");
  await first.arrayBuffer();
  headersOf.set(page, asReturningBrowser(firstHeaders(page), first));
  const status = await handled();
  for (let i = 0; i < warmup; i++) {
    await handled();
    await piped();
  }
  spent.clear();
  Bun.gc(true);
  for (let i = 0; i < requests; i++) await handled();
  const cpuBefore = cpuMs();
  for (let i = 0; i < requests; i++) await piped();
  const pipelineCpu = (cpuMs() - cpuBefore) / requests;
  const whole = (spent.get("the whole handler, body read") ?? 0) / requests;
  const parts = [...spent].filter(([key]) => !key.startsWith("the whole"));
  const accounted =
    parts.reduce(
      (sum, [key, ms]) =>
        key.startsWith("middleware") || key.startsWith("loader") || key.startsWith("render") ? sum + ms : sum,
      0,
    ) / requests;
  console.log(`\n${page} (status ${status}), ${requests} answers, ms per answer (wall):`);
  for (const [key, ms] of parts.sort((a, b) => b[1] - a[1]))
    console.log(`  ${(ms / requests).toFixed(3).padStart(7)}  ${key}`);
  console.log(`  ${(whole - accounted).toFixed(3).padStart(7)}  React Router's own work and reading the body`);
  console.log(`  ${whole.toFixed(3).padStart(7)}  the whole handler, body read`);
  const pipelineWall = (spent.get("the whole pipeline (rewrites, compression)") ?? 0) / requests;
  console.log(`  ${pipelineWall.toFixed(3).padStart(7)}  the whole pipeline (rewrites, compression)`);
  console.log(`  ${pipelineCpu.toFixed(3).padStart(7)}  CPU per answer through the pipeline (every thread: GC, JIT)`);
}
process.exit(0);
