import { z } from "zod";
import type { Route } from "./+types/telegram.webhook";
import { jsonError, methodNotAllowed, readBody } from "~/infra/http.server";
import { log } from "~/infra/log.server";
import { isTelegramSecret, telegramConfigured, type TelegramUpdate } from "~/infra/telegram.server";
import { config } from "~/infra/config.server";
import { handleTelegramUpdate } from "~/services/telegram.server";

const updateSchema = z.looseObject({
  update_id: z.number().int(),
  message: z
    .looseObject({
      message_id: z.number().int(),
      chat: z.looseObject({ id: z.number().int(), type: z.string().max(32) }),
      from: z.looseObject({ id: z.number().int(), language_code: z.string().max(35).optional() }).optional(),
      text: z.string().max(4096).optional(),
    })
    .optional(),
});

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, ["POST"]);
}

/**
 * `POST /api/telegram/webhook`: Telegram's updates when the site is public (docs/operations.md#telegram).
 * Public, but only with the secret header set by setWebhook (compared in constant time); 404 while the
 * bot or its webhook secret is not configured.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(context, ["POST"]);
  if (!telegramConfigured() || !config().telegram?.webhookSecret) return jsonError(context, 404, "errors:notFound");
  if (!isTelegramSecret(request.headers.get("X-Telegram-Bot-Api-Secret-Token")))
    return jsonError(context, 401, "errors:unauthorized");
  const parsed = updateSchema.safeParse((await readBody(request)) ?? undefined);
  // An update we cannot read is acknowledged, or Telegram would send it again and again.
  if (!parsed.success) return Response.json({ ok: true });
  try {
    await handleTelegramUpdate(parsed.data as TelegramUpdate);
  } catch (error) {
    log("error", "telegram update not handled", { update: parsed.data.update_id, error: String(error) });
    return jsonError(context, 503, "errors:busy");
  }
  return Response.json({ ok: true });
}
