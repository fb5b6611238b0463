/** Small helpers every admin route shares: id params, flash toasts, translated refusals. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { setToast } from "remix-toast/middleware";
import { getInstance } from "~/infra/i18n.server";

/** A positive integer id from the URL, or a 404. */
export function idParam(value: string | undefined) {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

export function notFound() {
  return data(null, { status: 404 });
}

/** Redirects after a change with a success toast in the admin's language (POST → redirect → GET). */
export function redirectWithToast(
  context: Readonly<RouterContextProvider>,
  to: string,
  key: string,
  type: "success" | "error" = "success",
  extra: { values?: Record<string, string>; undo?: { action: string; until: number } } = {},
) {
  setToast(context as RouterContextProvider, { type, message: getInstance(context).t(key, extra.values), ...(extra.undo ? { undo: extra.undo } : {}) });
  return redirect(to);
}

/** A refused change: 400 (or given status) with a translated `formError` the page shows, nothing changed. */
export function refuse(context: Readonly<RouterContextProvider>, key: string, status = 400) {
  return data({ formError: getInstance(context).t(key) }, { status });
}

/** The page a form was posted from, with its search params (single-fetch posts go to `<page>.data`). */
export function samePage(request: Request, drop: string[] = []) {
  const url = new URL(request.url);
  for (const name of ["_routes", "index", ...drop]) url.searchParams.delete(name);
  const search = url.searchParams.toString();
  return `${url.pathname.replace(/\.data$/, "")}${search ? `?${search}` : ""}`;
}
