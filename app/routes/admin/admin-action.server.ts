/** Small helpers every admin route shares: id params, flash toasts, translated refusals. */
import { data, type RouterContextProvider } from "react-router";
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

export { redirectWithToast } from "../toast.server";

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
