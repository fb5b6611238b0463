/** How a page action says a change went through: a redirect (POST → redirect → GET) carrying a toast. */
import { redirect, type RouterContextProvider } from "react-router";
import { setToast } from "remix-toast/middleware";
import { getInstance } from "~/infra/i18n.server";

type Toast = {
  type?: "success" | "error" | "warning";
  values?: Record<string, unknown>;
  undo?: { action: string; until: number };
};

/** The toast says the translation `key` (with `values`) in the reader's language. */
export function redirectWithToast(
  context: Readonly<RouterContextProvider>,
  to: string,
  key: string,
  toast: Toast = {},
) {
  setToast(context as RouterContextProvider, {
    type: toast.type ?? "success",
    message: getInstance(context).t(key, toast.values),
    ...(toast.undo ? { undo: toast.undo } : {}),
  });
  return redirect(to);
}
