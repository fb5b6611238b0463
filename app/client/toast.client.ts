type ToastType = "info" | "success" | "error" | "warning";

/** Toasts the library could not show (its code could not be fetched): the Toaster shows them as plain alerts. */
export const TOAST_FALLBACK_EVENT = "cf:toast-fallback";
export type ToastFallbackDetail = { type: ToastType; message: string };

/** The same message twice within this time is one toast (a flash seen by a double-run effect). */
const REPEAT_GUARD_MS = 1000;
const lastShown = new Map<string, number>();
let serial = 0;

let library: Promise<typeof import("react-toastify/unstyled")> | null = null;

/**
 * The toast library, fetched once after hydration. A failed fetch (the connection dropped before it
 * arrived) is forgotten, so the next toast tries again instead of never working.
 */
export function loadToastLibrary() {
  library ??= import("react-toastify/unstyled").catch((error: unknown) => {
    library = null;
    throw error;
  });
  return library;
}

/**
 * Shows a toast, loading the toast library on first use; it queues toasts until its container mounts.
 * A repeated failure (the same submit, offline again a few seconds later) shows its toast again.
 */
export async function showToast(type: ToastType, message: string) {
  const key = `${type}:${message}`;
  const now = Date.now();
  if (now - (lastShown.get(key) ?? 0) < REPEAT_GUARD_MS) return;
  lastShown.set(key, now);
  try {
    const { toast } = await loadToastLibrary();
    toast[type](message, { toastId: `${key}:${++serial}` });
  } catch {
    // Offline before the library arrived: the message must still be seen.
    window.dispatchEvent(new CustomEvent<ToastFallbackDetail>(TOAST_FALLBACK_EVENT, { detail: { type, message } }));
  }
}
