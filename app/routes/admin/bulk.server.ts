import type { RouterContextProvider } from "react-router";
import { setToast } from "remix-toast/middleware";
import { getInstance } from "~/infra/i18n.server";
import { redirect } from "react-router";

/** After a bulk action: back to the same list (filters, sort and page kept) with "N done, M skipped". */
export function bulkToast(context: Readonly<RouterContextProvider>, to: string, key: string, result: { done: number[]; skipped: number[] }) {
  const { t } = getInstance(context);
  const message = [t(key, { count: result.done.length }), result.skipped.length ? t("admin:bulk.skipped", { count: result.skipped.length }) : ""].filter(Boolean).join(" ");
  setToast(context as RouterContextProvider, { type: result.done.length ? "success" : "error", message });
  return redirect(to);
}
