import { data, type RouterContextProvider } from "react-router";
import { getInstance } from "~/infra/i18n.server";

/** The API's error body (docs/api.md): `{ error }` in the request's language, plus optional field errors. */
export function jsonError(
  context: Readonly<RouterContextProvider>,
  status: number,
  key: string,
  extra: {
    fieldErrors?: Record<string, string[]>;
    headers?: HeadersInit;
    values?: Record<string, unknown>;
    extra?: Record<string, unknown>;
  } = {},
) {
  const t = getInstance(context).t;
  const body: Record<string, unknown> = { error: t(key, extra.values), ...extra.extra };
  if (extra.fieldErrors) body.fieldErrors = extra.fieldErrors;
  return Response.json(body, { status, headers: extra.headers });
}

/** Reads a JSON or form-encoded body as a plain object; null when it cannot be parsed. */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.includes("application/json")) {
      const value: unknown = await request.json();
      return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      const form = await request.formData();
      return Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
    }
    const text = await request.text();
    return text.trim() === "" ? {} : null;
  } catch {
    return null;
  }
}

export function methodNotAllowed(context: Readonly<RouterContextProvider>, allow: string[]) {
  return jsonError(context, 405, "errors:methodNotAllowed", { headers: { Allow: allow.join(", ") } });
}

/**
 * A page action's form body. A body no form can produce (JSON, text, broken multipart) is bad
 * input, not a crash: it ends the action with 400 and the translated `errors:invalidInput`.
 */
export async function readFormData(context: Readonly<RouterContextProvider>, request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ error: getInstance(context).t("errors:invalidInput") }, { status: 400 });
  }
}
