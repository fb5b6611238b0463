/**
 * Runs a route module's loader or action the way the server does: through the root middleware
 * (session, i18n, the query text rule), with a real Request and the real database. Returns a Response.
 */
import { RouterContextProvider } from "react-router";
import { requestInfoContext } from "~/infra/context";
import { i18nMiddleware } from "~/middleware/i18n";
import { queryTextMiddleware } from "~/middleware/query-text";
import { sessionMiddleware } from "~/middleware/session";

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
  return (await sessionMiddleware(
    args as never,
    () =>
      i18nMiddleware(args as never, () =>
        Promise.resolve(queryTextMiddleware(args as never, run as never) as Promise<Response>).catch(toResponse),
      ) as Promise<Response>,
  )) as Response;
}

export async function readJson<T = Record<string, unknown>>(response: Response) {
  return (await response.json()) as T;
}
