/**
 * The courier's notification channels (docs/operations.md#telegram, #push): "Connect Telegram" (a one-time
 * code, then the bot), "Disconnect", "Remove" a phone of Web Push, and which events go to which channel.
 * Plain forms, no JavaScript needed (turning push on is app/routes/api/push.subscription.ts).
 */
import { redirect } from "react-router";
import type { Route } from "./+types/notifications";
import { guardNetwork } from "~/client/network";
import { CHANNELS, EVENT_NAMES, type Channel, type NotificationEvent } from "~/domain/notifications";
import { config } from "~/infra/config.server";
import { readFormData } from "~/infra/http.server";
import { issueTelegramCode, saveNotificationChoices, unlinkTelegram } from "~/models/telegram.server";
import { deletePushSubscription } from "~/models/push.server";
import { requireUser } from "~/services/session.server";
import { refuse, tr } from "./respond.server";
import { redirectWithToast } from "../toast.server";

export { default, ErrorBoundary, loader, meta } from "../dashboard";
import { dashboardOrAsShown } from "../dashboard";

export const clientLoader = dashboardOrAsShown;

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardNetwork(serverAction);

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await readFormData(context, request);
  const intent = form.get("intent");
  const telegram = config().telegram;
  if (intent === "telegramConnect" && telegram) {
    const code = await issueTelegramCode(user.id);
    // Telegram opens the bot and sends "/start <code>" when the courier presses Start.
    return redirect(`https://t.me/${telegram.botName}?start=${code}`);
  }
  if (intent === "telegramDisconnect" && telegram) {
    await unlinkTelegram({ userId: user.id });
    return redirectWithToast(context, "/dashboard#notifications", "dashboard:telegram.disconnected");
  }
  if (intent === "pushRemove") {
    const id = Number(form.get("id"));
    // Someone else's phone, or one already gone, is simply not there: nothing changes.
    if (Number.isSafeInteger(id) && id > 0) await deletePushSubscription(user.id, { id });
    return redirectWithToast(context, "/dashboard#notifications", "dashboard:push.removed");
  }
  if (intent === "save") {
    // Only the columns the form showed: a channel added meanwhile (a phone in another tab) keeps its defaults.
    const shown = new Set(form.getAll("channel"));
    // A page rendered before the form named its columns had e-mail and Telegram.
    if (shown.size === 0) ["email", "telegram"].forEach((c) => shown.add(c));
    const channels = CHANNELS.filter((c) => shown.has(c) && (c !== "telegram" || telegram));
    const enabled = new Set(
      form.getAll("on").filter((v): v is `${NotificationEvent}:${Channel}` => {
        if (typeof v !== "string") return false;
        const [event, channel] = v.split(":");
        return (EVENT_NAMES as string[]).includes(event ?? "") && channels.includes(channel as Channel);
      }),
    );
    await saveNotificationChoices(user.id, channels, enabled);
    return redirectWithToast(context, "/dashboard#notifications", "dashboard:telegram.saved");
  }
  return refuse(context, "notifications", 400, tr(context, "errors:invalidInput"));
}
