/**
 * Runs a route module's loader or action the way the server does: through `root.tsx`'s own middleware
 * array (session, i18n, the query text rule, referral, toasts — whatever it holds), with a real Request
 * and the real database. Returns a Response.
 */
import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/infra/context";
import { middleware as rootMiddleware } from "~/root";

/** The chain every call goes through: the root route's array itself, never a copy of it. */
export const harnessMiddleware = rootMiddleware;

/** Any route loader or action; its generated args type is narrower than what the harness builds. */
type Handler = (args: never) => unknown;

export type CallOptions = {
  method?: string;
  params?: Record<string, string>;
  cookie?: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string> | FormData;
  body?: BodyInit;
  ip?: string;
};

type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };
function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

function toResponse(value: unknown): Response {
  if (value instanceof Response) return value;
  if (isDataWithInit(value)) {
    const init = value.init ?? {};
    return Response.json(value.data, { status: init.status ?? 200, headers: init.headers });
  }
  return Response.json(value ?? null);
}

export function buildRequest(path: string, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: BodyInit | undefined = options.body;
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  } else if (options.form instanceof FormData) {
    body = options.form;
  } else if (options.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = new URLSearchParams(options.form).toString();
  }
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  return new Request(`http://localhost:3999${path}`, { method, headers, body });
}

export async function call(handler: Handler | undefined, path: string, options: CallOptions = {}): Promise<Response> {
  if (!handler) throw new Error(`No handler for ${path}`);
  const request = buildRequest(path, options);
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { ip: options.ip ?? "127.0.0.1", requestId: "test" });
  const params = options.params ?? {};
  const url = new URL(request.url);
  const args = { request, context, params, url, pattern: url.pathname, unstable_pattern: path };
  const run = async () => {
    try {
      return toResponse(await handler(args as never));
    } catch (thrown) {
      return toResponse(thrown);
    }
  };
  return runMiddleware(0, args, run);
}

type Middleware = (args: never, next: () => Promise<Response>) => unknown;

/**
 * As React Router runs a middleware chain: each calls `next()` at most once (a middleware that does
 * not is followed by it anyway); one that returns nothing answers with what `next()` gave; one that
 * throws (a thrown `data()` or Response) answers with that, and the middleware around it sees a response.
 */
async function runMiddleware(index: number, args: unknown, handler: () => Promise<Response>): Promise<Response> {
  const current = harnessMiddleware[index] as Middleware | undefined;
  if (!current) return handler();
  let inner: Promise<Response> | undefined;
  const next = () => {
    inner ??= runMiddleware(index + 1, args, handler);
    return inner;
  };
  try {
    const result = await current(args as never, next);
    return result === undefined ? await next() : toResponse(result);
  } catch (thrown) {
    return toResponse(thrown);
  }
}

export async function readJson<T = Record<string, unknown>>(response: Response) {
  return (await response.json()) as T;
}
