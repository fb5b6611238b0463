/**
 * A request that never reached the server (offline, a dropped mobile connection) must cost the
 * user nothing: the form keeps what was typed and chosen, the translated network toast appears, and
 * the same submit works once the connection is back. Route `clientAction`s wrap their server
 * action with `guardNetwork`; without JavaScript the server action is all there is.
 */
import i18next from "i18next";
import { data } from "react-router";
import { showToast } from "./toast.client";

export type NetworkFailure = { networkError: true };

/** fetch rejects with a TypeError when the request could not be made at all. */
export function isNetworkError(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    (error instanceof DOMException && (error.name === "NetworkError" || error.name === "TimeoutError"))
  );
}

export function isNetworkFailure(value: unknown): value is NetworkFailure {
  return typeof value === "object" && value !== null && (value as Partial<NetworkFailure>).networkError === true;
}

/** Spec §9: an error toast with "A network error occurred. Please check the connection." */
export function showNetworkToast() {
  void showToast("error", i18next.t("errors:network"));
}

/**
 * Runs the server action; a network failure becomes a toast and a 503 marker instead of an error
 * boundary. The status (≥ 400) tells the router not to reload the page's data, which would fail too.
 */
export async function guardNetwork<T>(serverAction: () => Promise<T>, { silent = false } = {}) {
  try {
    return await serverAction();
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    if (!silent) showNetworkToast();
    return data<NetworkFailure>({ networkError: true }, { status: 503 });
  }
}
