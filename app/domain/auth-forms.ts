import type { SubmissionResult } from "@conform-to/react";

/** The auth dialog's views; each opens from the URL (`?auth=login`), with or without JS. */
export const AUTH_VIEWS = ["login", "register", "forgot"] as const;
export type AuthView = (typeof AUTH_VIEWS)[number];

export function parseAuthView(value: unknown): AuthView | null {
  return typeof value === "string" && (AUTH_VIEWS as readonly string[]).includes(value) ? (value as AuthView) : null;
}

/** A no-JS captcha question as the server writes it out, in words (see app/services/captcha.server.ts). */
export type FallbackQuestion = { token: string; question: string };

/**
 * What the form actions of the auth dialog answer, to a fetcher (JS) or to the re-rendered page
 * (no JS): Conform's reply (field errors, typed values) plus translated messages.
 */
export type AuthFormResult = {
  reply?: SubmissionResult<string[]>;
  /** The refusal, already in the request's language. */
  error?: string | null;
  /** The success message, already in the request's language. */
  message?: string | null;
  /** Login of an account that is not activated: offer to resend the e-mail to this address. */
  resendEmail?: string | null;
  fallback?: FallbackQuestion | null;
};
