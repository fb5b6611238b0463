/**
 * Why a job application is rejected: a short list of stock reasons the admin picks from (shown to
 * the courier and in the e-mail in the courier's language), or a reason written by hand.
 */
export const STOCK_REJECTION_REASONS = [
  "blurryPhoto",
  "documentExpired",
  "documentMismatch",
  "missingRightToStay",
  "underage",
] as const;
export type StockRejectionReason = (typeof STOCK_REJECTION_REASONS)[number];

export function isStockRejectionReason(value: unknown): value is StockRejectionReason {
  return typeof value === "string" && (STOCK_REJECTION_REASONS as readonly string[]).includes(value);
}

/** The translation key of a stock reason (`dashboard` namespace). */
export function stockReasonKey(code: StockRejectionReason) {
  return `dashboard:rejectionReasons.${code}`;
}
