import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Bounce, ToastContainer, toast } from "react-toastify/unstyled";
import "react-toastify/ReactToastify.css";

export type FlashToast = { message: string; type: "info" | "success" | "error" | "warning"; description?: string };

/**
 * Spec §9 notifications. Before hydration (or without JS) the flash message is plain HTML with
 * role="alert"; once React runs it becomes a toast.
 */
export function Toaster({ flash }: { flash: FlashToast | null | undefined }) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (hydrated && flash) toast[flash.type](flash.description ? `${flash.message} ${flash.description}` : flash.message);
  }, [flash, hydrated]);

  if (!hydrated) {
    return flash ? (
      <div className="static-toast" role="alert" data-type={flash.type}>
        {flash.type === "error" ? <strong>{t("toast.errorTitle")}: </strong> : null}
        {flash.message}
        {flash.description ? ` ${flash.description}` : null}
      </div>
    ) : null;
  }
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      closeButton
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      draggableDirection="x"
      role="alert"
      theme="light"
      transition={Bounce}
      aria-label={t("toast.notifications")}
      hotKeys={(e) => e.altKey && e.code === "KeyT"}
      newestOnTop
    />
  );
}
