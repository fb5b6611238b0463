import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { showToast } from "~/lib/toast.client";

export type FlashToast = { message: string; type: "info" | "success" | "error" | "warning"; description?: string };

// The toast library is fetched after hydration, off the page's critical path.
const ToastHost = lazy(() => import("./toast-host"));

/**
 * Spec §9 notifications. Before hydration (or without JS) the flash message is plain HTML with
 * role="alert"; once React runs it becomes a toast.
 */
export function Toaster({ flash }: { flash: FlashToast | null | undefined }) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (hydrated && flash) void showToast(flash.type, flash.description ? `${flash.message} ${flash.description}` : flash.message);
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
    <Suspense fallback={null}>
      <ToastHost label={t("toast.notifications")} />
    </Suspense>
  );
}
