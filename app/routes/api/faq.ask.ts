import type { Route } from "./+types/faq.ask";
import { askSchema } from "~/domain/assistant-schema";
import { isLanguage } from "~/domain/rules";
import { answerQuestion } from "~/services/assistant.server";
import { requestInfoContext } from "~/infra/context";
import { jsonError, methodNotAllowed, readBody } from "~/infra/http.server";
import { hit } from "~/models/limits.server";
import { getInstance, getLocale } from "~/infra/i18n.server";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, ["POST"]);
}

/** `POST /api/faq/ask {question, language}` → `{answer}` (CONTRACT §4). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(context, ["POST"]);
  const body = await readBody(request);
  const parsed = askSchema.safeParse(body ?? {});
  if (!body || !parsed.success) {
    const t = getInstance(context).t;
    return jsonError(context, 400, "errors:invalidInput", { fieldErrors: { question: [t("home:assistant.questionInvalid")] } });
  }
  const limit = hit("assistant", context.get(requestInfoContext).ip);
  if (!limit.ok) {
    return jsonError(context, 429, "errors:rateLimited", {
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
      values: { minutes: Math.ceil(limit.retryAfterSeconds / 60) },
    });
  }
  const locale = getLocale(context);
  const language = parsed.data.language ?? (isLanguage(locale) ? locale : "sk");
  try {
    const { answer } = await answerQuestion(parsed.data.question, language);
    return Response.json({ answer });
  } catch {
    return jsonError(context, 503, "home:assistant.error");
  }
}
