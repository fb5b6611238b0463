import { useCallback, useEffect, useRef } from "react";

/**
 * The invisible captcha in the browser (CONTRACT §5). The solver is imported only when an auth
 * form is shown, so the home page does not carry it. ALTCHA is solved in the background as soon
 * as the form appears; every token is used once, so a new one is prepared after each submit.
 */
export type CaptchaConfig = { provider: "altcha" | "recaptcha" | "off"; siteKey: string | null };

type Grecaptcha = { ready(cb: () => void): void; execute(siteKey: string, options: { action: string }): Promise<string> };

async function solveAltcha(signal: AbortSignal): Promise<string | null> {
  const response = await fetch("/api/captcha/challenge", { credentials: "same-origin", signal, cache: "no-store" });
  if (!response.ok) return null;
  const challenge = (await response.json()) as { algorithm: "SHA-256"; challenge: string; maxnumber: number; salt: string; signature: string };
  const { solveChallenge } = await import("altcha-lib/v1");
  const task = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber);
  signal.addEventListener("abort", () => task.controller.abort());
  const solution = await task.promise;
  if (!solution) return null;
  const { algorithm, challenge: hash, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: hash, number: solution.number, salt, signature }));
}

let recaptchaScript: Promise<Grecaptcha> | undefined;
function loadRecaptcha(siteKey: string) {
  recaptchaScript ??= new Promise<Grecaptcha>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error("reCAPTCHA did not load"));
    };
    script.onerror = () => {
      recaptchaScript = undefined;
      reject(new Error("reCAPTCHA did not load"));
    };
    document.head.append(script);
  });
  return recaptchaScript;
}

/**
 * `token()` resolves to the captcha token for the next submission: "" when the captcha is off,
 * null when it could not be obtained (the form then shows the captcha error and sends nothing).
 */
export function useCaptcha(config: CaptchaConfig | undefined, action: "login" | "register") {
  const pending = useRef<Promise<string | null> | null>(null);
  const abort = useRef<AbortController | null>(null);
  const provider = config?.provider ?? "off";
  const siteKey = config?.siteKey ?? null;

  const prepare = useCallback(() => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    if (provider === "altcha") pending.current = solveAltcha(controller.signal).catch(() => null);
    else if (provider === "recaptcha" && siteKey) pending.current = loadRecaptcha(siteKey).then(() => null, () => null);
    else pending.current = Promise.resolve("");
  }, [provider, siteKey]);

  useEffect(() => {
    prepare();
    return () => abort.current?.abort();
  }, [prepare]);

  return useCallback(async (): Promise<string | null> => {
    if (provider === "recaptcha" && siteKey) {
      // reCAPTCHA tokens live two minutes: ask for one at submit time.
      try {
        const g = await loadRecaptcha(siteKey);
        return await g.execute(siteKey, { action });
      } catch {
        return null;
      }
    }
    if (!pending.current) prepare();
    let token = await pending.current;
    // A failed or aborted attempt gets one fresh try before the error is shown.
    if (token === null) {
      prepare();
      token = await pending.current;
    }
    prepare();
    return token;
  }, [provider, siteKey, action, prepare]);
}
