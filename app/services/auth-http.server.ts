import { data, type RouterContextProvider } from "react-router";
import type { AuthFormResult } from "~/domain/auth-forms";
import type { z } from "zod";
import { fieldErrorKeys } from "~/domain/auth-schemas";
import { getInstance } from "~/infra/i18n.server";
import type { FlowFailure } from "./auth.server";
import { fallbackForForm } from "./captcha.server";
import { jsonError, readBody } from "~/infra/http.server";

type Context = Readonly<RouterContextProvider>;

/** A flow's refusal as CONTRACT §4 JSON, with `Retry-After` on 429. */
export function apiFailure(context: Context, failure: FlowFailure) {
  const headers = failure.retryAfter ? { "Retry-After": String(failure.retryAfter) } : undefined;
  const response = jsonError(context, failure.status, failure.error, { headers, values: failure.values, extra: failure.secondFactorRequired ? { secondFactorRequired: true } : undefined });
  return response;
}

/**
 * Reads and validates a JSON or form body with a shared schema. Answers 400 with translated
 * `fieldErrors`; the `error` line is the first field's message, so a client showing only `error`
 * still says what is wrong (e.g. "Password does not meet security requirements.").
 */
export async function parseApiBody<S extends z.ZodType>(context: Context, request: Request, schema: S): Promise<{ ok: true; value: z.infer<S> } | { ok: false; response: Response }> {
  const body = await readBody(request);
  if (!body) return { ok: false, response: jsonError(context, 400, "errors:invalidInput") };
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const t = getInstance(context).t;
  const keys = fieldErrorKeys(parsed.error);
  const fieldErrors = Object.fromEntries(Object.entries(keys).map(([field, messages]) => [field, messages.map((key) => t(key))]));
  const first = Object.values(keys)[0]?.[0] ?? "errors:invalidInput";
  return { ok: false, response: jsonError(context, 400, first, { fieldErrors }) };
}

type Reply = { reply(options?: { hideFields?: string[] }): unknown };

/**
 * A form action's refusal: Conform's reply (typed values kept, passwords dropped), the translated
 * message and a fresh no-JS captcha question, with the flow's status code.
 */
export function formFailure(context: Context, submission: Reply, failure: Pick<FlowFailure, "status" | "error" | "values" | "retryAfter">, extra: Record<string, unknown> = {}) {
  const t = getInstance(context).t;
  const headers = failure.retryAfter ? { "Retry-After": String(failure.retryAfter) } : undefined;
  return data(
    { reply: submission.reply({ hideFields: ["password", "confirmPassword", "fallbackAnswer"] }), error: t(failure.error, failure.values), fallback: fallbackForForm(context), ...extra } as AuthFormResult,
    { status: failure.status, headers },
  );
}

/** A form whose input did not pass the shared schema: field errors only, nothing else ran. */
export function formInvalid(context: Context, submission: Reply) {
  return data({ reply: submission.reply({ hideFields: ["password", "confirmPassword", "fallbackAnswer"] }), fallback: fallbackForForm(context) } as AuthFormResult, { status: 400 });
}
