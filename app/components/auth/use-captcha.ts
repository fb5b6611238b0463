import { useCallback, useEffect, useRef } from "react";
import { loadRecaptcha, solveAltcha } from "~/client/captcha.client";

export type CaptchaConfig = { provider: "altcha" | "recaptcha" | "off"; siteKey: string | null };

/*
 * ALTCHA is solved in the background as soon as the form appears; every token is used once, so a
 * new one is prepared after each submit. The browser functions run only in effects and handlers.
 */

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
    else if (provider === "recaptcha" && siteKey)
      pending.current = loadRecaptcha(siteKey).then(
        () => null,
        () => null,
      );
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
