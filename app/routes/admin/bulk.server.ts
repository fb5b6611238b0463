import type { RouterContextProvider } from "react-router";
import { setToast } from "remix-toast/middleware";
import { getInstance } from "~/infra/i18n.server";
import { redirect } from "react-router";

type BulkResult = {
  done: number[];
  skipped: number[];
  /** Each skipped row with whose it was and why (`admin:decisions.<reason>`). */
  skippedRows?: { courier: string; reason: string }[];
  /** Rows closed because the bulk gave their vehicle to another row. */
  closed?: { courier: string }[];
};

/**
 * After a bulk action: back to the same list (filters, sort and page kept) with "N done", then each
 * row it closed or skipped by name and why (or "M skipped" where the model gives no names).
 */
export function bulkToast(context: Readonly<RouterContextProvider>, to: string, key: string, result: BulkResult) {
  const { t } = getInstance(context);
  const named = result.skippedRows
    ? result.skippedRows.map((row) =>
        t("admin:bulk.skippedRow", { courier: row.courier, reason: t(`admin:decisions.${row.reason}`) }),
      )
    : result.skipped.length
      ? [t("admin:bulk.skipped", { count: result.skipped.length })]
      : [];
  const closed = (result.closed ?? []).map((row) => t("admin:bulk.closedRow", { courier: row.courier }));
  const message = [t(key, { count: result.done.length }), ...closed, ...named].join(" ");
  setToast(context as RouterContextProvider, { type: result.done.length ? "success" : "error", message });
  return redirect(to);
}
