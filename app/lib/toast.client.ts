type ToastType = "info" | "success" | "error" | "warning";

/** Shows a toast, loading the toast library on first use; it queues toasts until its container mounts. */
export async function showToast(type: ToastType, message: string) {
  const { toast } = await import("react-toastify/unstyled");
  toast[type](message, { toastId: `${type}:${message}` });
}
