import { parseWithZod } from "@conform-to/zod/v4";
import { data, type HeadersFunction, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { AuthFormResult } from "~/domain/auth-forms";
import { emailOnlySchema, fieldErrorKeys } from "~/domain/auth-schemas";
import { requestInfoContext } from "~/infra/context";
import { jsonError, methodNotAllowed, readBody, readFormData } from "~/infra/http.server";
import { getInstance, getLocale } from "~/infra/i18n.server";
import type { forgotPassword, FlowFailure } from "./auth.server";
import { fallbackForForm } from "./captcha.server";

type Context = Readonly<RouterContextProvider>;

/** A flow's refusal as the API's JSON error (docs/api.md), with `Retry-After` on 429. */
export function apiFailure(context: Context, failure: FlowFailure) {
  const headers = retryAfterHeaders(failure);
  const response = jsonError(context, failure.status, failure.error, {
    headers,
    values: failure.values,
    extra: failure.secondFactorRequired ? { secondFactorRequired: true } : undefined,
  });
  return response;
}

/**
 * Reads and validates a JSON or form body with a shared schema. Answers 400 with translated
 * `fieldErrors`; the `error` line is the first field's message, so a client showing only `error`
 * still says what is wrong (e.g. "Password does not meet security requirements.").
 */
export async function parseApiBody<S extends z.ZodType>(
  context: Context,
  request: Request,
  schema: S,
): Promise<{ ok: true; value: z.infer<S> } | { ok: false; response: Response }> {
  const body = await readBody(request);
  if (!body) return { ok: false, response: jsonError(context, 400, "errors:invalidInput") };
  const parsed = schema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const t = getInstance(context).t;
  const keys = fieldErrorKeys(parsed.error);
  const fieldErrors = Object.fromEntries(
    Object.entries(keys).map(([field, messages]) => [field, messages.map((key) => t(key))]),
  );
  const first = Object.values(keys)[0]?.[0] ?? "errors:invalidInput";
  return { ok: false, response: jsonError(context, 400, first, { fieldErrors }) };
}

type Reply = { reply(options?: { hideFields?: string[] }): unknown };

/**
 * A form action's refusal: Conform's reply (typed values kept, passwords dropped), the translated
 * message and a fresh no-JS captcha question, with the flow's status code.
 */
export function formFailure(
  context: Context,
  submission: Reply,
  failure: Pick<FlowFailure, "status" | "error" | "values" | "retryAfter">,
  extra: Record<string, unknown> = {},
) {
  const t = getInstance(context).t;
  const headers = retryAfterHeaders(failure);
  return data(
    {
      reply: submission.reply({ hideFields: ["password", "confirmPassword", "fallbackAnswer"] }),
      error: t(failure.error, failure.values),
      fallback: fallbackForForm(context),
      ...extra,
    } as AuthFormResult,
    { status: failure.status, headers },
  );
}

/** `Retry-After` of a refusal past a rate limit (docs/security.md, "Abuse limits"); nothing otherwise. */
export function retryAfterHeaders(failure: Pick<FlowFailure, "retryAfter">): HeadersInit | undefined {
  return failure.retryAfter ? { "Retry-After": String(failure.retryAfter) } : undefined;
}

/**
 * The `headers` export of the form routes that can answer 429 (auth forms, the home page's
 * assistant): the router passes only an action's Set-Cookie on to
 * the document (and `.data`) answer by itself, so a 429's `Retry-After` is passed on here.
 */
export const formActionHeaders: HeadersFunction = ({ actionHeaders, errorHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After") ?? errorHeaders?.get("Retry-After");
  const headers = new Headers();
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

/** A form whose input did not pass the shared schema: field errors only, nothing else ran. */
export function formInvalid(context: Context, submission: Reply) {
  return data(
    {
      reply: submission.reply({ hideFields: ["password", "confirmPassword", "fallbackAnswer"] }),
      fallback: fallbackForForm(context),
    } as AuthFormResult,
    { status: 400 },
  );
}

/** A flow that takes only an e-mail address and answers the same whatever the address: forgot password, resend activation. */
type EmailOnlyFlow = typeof forgotPassword;
type ActionArgs = { context: Context; request: Request };

/** The JSON API action of an e-mail-only flow (200 `{ message }`, docs/api.md). */
export function emailOnlyApiAction(flow: EmailOnlyFlow) {
  return async ({ context, request }: ActionArgs) => {
    if (request.method !== "POST") return methodNotAllowed(context, ["POST"]);
    const body = await parseApiBody(context, request, emailOnlySchema);
    if (!body.ok) return body.response;
    const result = await flow(body.value, { ip: context.get(requestInfoContext).ip, language: getLocale(context) });
    if (!result.ok) return apiFailure(context, result);
    return Response.json({ message: getInstance(context).t(result.message) });
  };
}

/** The form action of an e-mail-only flow, for the auth dialog and its no-JS page. */
export function emailOnlyFormAction(flow: EmailOnlyFlow) {
  return async ({ context, request }: ActionArgs) => {
    const submission = parseWithZod(await readFormData(context, request), { schema: emailOnlySchema });
    if (submission.status !== "success") return formInvalid(context, submission);
    const result = await flow(submission.value, {
      ip: context.get(requestInfoContext).ip,
      language: getLocale(context),
    });
    if (!result.ok) return formFailure(context, submission, result);
    return { message: getInstance(context).t(result.message) } satisfies AuthFormResult;
  };
}
