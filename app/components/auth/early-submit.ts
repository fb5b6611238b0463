import { useEffect } from "react";
import { useHydrated } from "../use-hydrated";

/**
 * Props for a form that needs its script to send, and the sending of a submit the page's inline guard held
 * before the form hydrated (early-submit-guard.ts).
 */
export function useEarlySubmit(formId: string) {
  const ready = useHydrated();
  useEffect(() => {
    if (!ready) return;
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement) || !element.hasAttribute("data-submit-held")) return;
    element.removeAttribute("data-submit-held");
    element.requestSubmit();
  }, [ready, formId]);
  return { "data-needs-script": "", "data-ready": ready ? "" : undefined };
}
