import i18next from "i18next";
import { showToast } from "./toast.client";

export const API_TIMEOUT_MS = 15_000;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> | null,
  ) {
    super(message);
  }
}

/** Spec §8: any failure but a 404 shows an error toast with the server's `error`, else the network message. */
export function showErrorToast(message: string) {
  void showToast("error", message);
}

/**
 * The one client for `/api`: 15 s time-out, cookies sent, JSON in and out. Failures are shown as a
 * toast (except 404) and then thrown to the caller.
 */
export async function api<T = unknown>(
  path: string,
  init: { method?: string; body?: unknown; silent?: boolean } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      credentials: "include",
      headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
  } catch (cause) {
    const message = i18next.t("errors:network");
    if (!init.silent) showErrorToast(message);
    throw new ApiError(0, message, { cause: String(cause) });
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    const message = typeof body?.error === "string" ? body.error : i18next.t("errors:network");
    if (response.status !== 404 && !init.silent) showErrorToast(message);
    throw new ApiError(response.status, message, body);
  }
  return body as T;
}
