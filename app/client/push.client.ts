/**
 * Web Push in the browser (docs/operations.md#push). Nothing here runs on load but a look at what this
 * browser already has: the service worker is registered and permission asked only when the courier taps
 * "Turn on", because a prompt nobody asked for is what browsers (and couriers) punish.
 */
import { api, ApiError } from "./api.client";

/** Push needs a secure context (https or localhost), a service worker and the Push API. */
export function pushSupported() {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** This browser's subscription, if a service worker of ours was registered earlier; registers nothing. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return registration ? await registration.pushManager.getSubscription() : null;
}

function keyBytes(base64url: string) {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function subscribe(registration: ServiceWorkerRegistration, publicKey: string) {
  const options = { userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) };
  try {
    return await registration.pushManager.subscribe(options);
  } catch (error) {
    // A subscription made with an earlier key of the server is refused until it is dropped.
    const old = await registration.pushManager.getSubscription();
    if (!old) throw error;
    await old.unsubscribe();
    return await registration.pushManager.subscribe(options);
  }
}

export type TurnOnResult = "on" | "denied" | "failed";

/** On the courier's tap: asks permission, registers the worker, subscribes and stores the subscription. */
export async function turnOnPush(publicKey: string): Promise<TurnOnResult> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return "denied";
  try {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    const registration = await navigator.serviceWorker.ready;
    const subscription = await subscribe(registration, publicKey);
    await api("/push/subscription", { method: "POST", body: subscription.toJSON(), silent: true });
    return "on";
  } catch {
    return "failed";
  }
}

/** "Turn off": forgets the subscription on the server, then in the browser. */
export async function turnOffPush() {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await api("/push/subscription", { method: "DELETE", body: { endpoint: subscription.endpoint }, silent: true }).catch(
    (error: unknown) => {
      // Already gone on the server (removed from the list, or expired): the browser's copy goes too.
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    },
  );
  await subscription.unsubscribe();
}
