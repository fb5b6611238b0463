import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { api } from "~/client/api.client";

const REFERRAL_KEY = "referralCode";
const REPORTED_KEY = "referralReported";

function storage() {
  try {
    return window.sessionStorage;
  } catch {
    return null; // Blocked storage (private modes, strict settings): tracking still works, referrals via the cookie.
  }
}

/**
 * Every route change (the first load included) sends a page view; a `?ref=` code is kept
 * in sessionStorage under `referralCode` for registration and reported once per session. Failures
 * are only logged. Renders nothing.
 */
export function SiteTracking() {
  const location = useLocation();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const path = `${location.pathname}${location.search}`;
    if (previous.current === path) return;
    const referrer =
      previous.current === null ? document.referrer || null : `${window.location.origin}${previous.current}`;
    // The anonymous home page counts its first view before it hydrates (app/infra/deferred-hydration.server.ts).
    const countedBeforeHydration =
      previous.current === null && (window as { __pageViewSent?: string }).__pageViewSent === path;
    previous.current = path;
    if (!countedBeforeHydration)
      api("/track/page-view", { body: { path, referrer }, silent: true }).catch((error: unknown) =>
        console.warn("page view not counted", error),
      );

    const code = new URLSearchParams(location.search).get("ref");
    const store = storage();
    if (!code || !store) return;
    store.setItem(REFERRAL_KEY, code);
    if (store.getItem(REPORTED_KEY) === code) return;
    store.setItem(REPORTED_KEY, code);
    api(`/referrals/track/${encodeURIComponent(code)}`, { silent: true }).catch((error: unknown) => {
      // An unknown code is not kept for registration.
      if (store.getItem(REFERRAL_KEY) === code) store.removeItem(REFERRAL_KEY);
      console.warn("referral not counted", error);
    });
  }, [location.pathname, location.search]);
  return null;
}
