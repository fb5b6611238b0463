/**
 * The invisible captcha in the browser (docs/security.md, "Captcha"): browser-only code, absent from the server
 * build. The ALTCHA solver is imported only when an auth form is shown, so the home page does not
 * carry it. The React side is app/components/auth/use-captcha.ts.
 */
type Grecaptcha = {
  ready(cb: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
};

export async function solveAltcha(signal: AbortSignal): Promise<string | null> {
  const response = await fetch("/api/captcha/challenge", { credentials: "same-origin", signal, cache: "no-store" });
  if (!response.ok) return null;
  const challenge = (await response.json()) as {
    algorithm: "SHA-256";
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  };
  const { solveChallenge } = await import("altcha-lib/v1");
  const task = solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber);
  signal.addEventListener("abort", () => task.controller.abort());
  const solution = await task.promise;
  if (!solution) return null;
  const { algorithm, challenge: hash, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: hash, number: solution.number, salt, signature }));
}

let recaptchaScript: Promise<Grecaptcha> | undefined;
export function loadRecaptcha(siteKey: string) {
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
