import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { loadToastLibrary, showToast, TOAST_FALLBACK_EVENT, type ToastFallbackDetail } from "~/client/toast.client";
import { Intent } from "./intent";

export type FlashToast = {
  message: string;
  type: "info" | "success" | "error" | "warning";
  description?: string;
  undo?: { action: string; until: number };
};

/** Waits for the connection to come back, then fetches again (a lazy import that fails once would fail for good). */
function importWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve) =>
        window.addEventListener("online", () => resolve(importWhenOnline(load)), { once: true }),
      ),
  );
}

// The toast library is fetched after hydration, off the page's critical path.
const ToastHost = lazy(() => importWhenOnline(() => import("./toast-host")));

const FALLBACK_MS = 5000;

/**
 * Spec §9 notifications. Before hydration (or without JS) the flash message is plain HTML with
 * role="alert"; once React runs it becomes a toast. A toast raised while the library could not be
 * fetched (offline right after the page loaded) is shown the plain way too.
 */
export function Toaster({ flash }: { flash: FlashToast | null | undefined }) {
  const { t } = useTranslation();
  const [hydrated, setHydrated] = useState(false);
  const [fallback, setFallback] = useState<ToastFallbackDetail | null>(null);
  useEffect(() => {
    setHydrated(true);
    void loadToastLibrary().catch(() => undefined);
    const onFallback = (event: Event) => setFallback((event as CustomEvent<ToastFallbackDetail>).detail);
    window.addEventListener(TOAST_FALLBACK_EVENT, onFallback);
    return () => window.removeEventListener(TOAST_FALLBACK_EVENT, onFallback);
  }, []);
  useEffect(() => {
    if (!fallback) return;
    const timer = window.setTimeout(() => setFallback(null), FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }, [fallback]);
  useEffect(() => {
    if (hydrated && flash && !flash.undo)
      void showToast(flash.type, flash.description ? `${flash.message} ${flash.description}` : flash.message);
  }, [flash, hydrated]);

  if (flash?.undo)
    return <UndoToast key={`${flash.undo.action}:${flash.undo.until}`} message={flash.message} undo={flash.undo} />;
  const shown = hydrated
    ? fallback
    : flash
      ? { type: flash.type, message: flash.description ? `${flash.message} ${flash.description}` : flash.message }
      : null;
  return (
    <>
      {shown ? (
        <div className="static-toast" role="alert" data-type={shown.type} data-testid="static-toast">
          {shown.type === "error" ? <strong>{t("toast.errorTitle")}: </strong> : null}
          {shown.message}
        </div>
      ) : null}
      {hydrated ? (
        <Suspense fallback={null}>
          <ToastHost label={t("toast.notifications")} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * A success toast with an Undo button (an approval made with a key): a real form, so it works without
 * JavaScript too; it disappears when the server would refuse the undo anyway.
 */
function UndoToast({ message, undo }: { message: string; undo: { action: string; until: number } }) {
  const { t } = useTranslation("admin");
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setOpen(false), Math.max(0, undo.until - Date.now()));
    return () => window.clearTimeout(timer);
  }, [undo.until]);
  if (!open) return null;
  return (
    <output className="static-toast undo-toast" data-type="success" data-testid="undo-toast">
      <span>{message}</span>
      <Form method="post" action={undo.action}>
        <Intent value="undo" />
        <button type="submit" className="btn btn-outline">
          {t("decisions.undo")}
        </button>
      </Form>
    </output>
  );
}
