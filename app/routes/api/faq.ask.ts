import type { Route } from "./+types/faq.ask";
import { askSchema } from "~/domain/assistant-schema";
import { isLanguage } from "~/domain/rules";
import { askAssistant } from "~/services/assistant.server";
import { requestInfoContext } from "~/infra/context";
import { jsonError, methodNotAllowed, readBody } from "~/infra/http.server";
import { getInstance, getLocale } from "~/infra/i18n.server";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, ["POST"]);
}

/** `POST /api/faq/ask {question, language}` → `{answer}` (docs/api.md). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(context, ["POST"]);
  const body = await readBody(request);
  const parsed = askSchema.safeParse(body ?? {});
  if (!body || !parsed.success) {
    const t = getInstance(context).t;
    return jsonError(context, 400, "errors:invalidInput", {
      fieldErrors: { question: [t("home:assistant.questionInvalid")] },
    });
  }
  const locale = getLocale(context);
  const language = parsed.data.language ?? (isLanguage(locale) ? locale : "sk");
  const outcome = await askAssistant(parsed.data.question, language, context.get(requestInfoContext).ip);
  if (outcome.ok) return Response.json({ answer: outcome.answer });
  if (outcome.status === 429) {
    return jsonError(context, 429, "errors:rateLimited", {
      headers: { "Retry-After": String(outcome.retryAfterSeconds) },
      values: { minutes: Math.ceil(outcome.retryAfterSeconds / 60) },
    });
  }
  return jsonError(context, 503, "home:assistant.error");
}
