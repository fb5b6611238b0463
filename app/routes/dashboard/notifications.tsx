/**
 * The courier's notification channels (docs/operations.md#telegram): "Connect Telegram" (a one-time code,
 * then the bot), "Disconnect", and which events go to which channel. Plain forms, no JavaScript needed.
 */
import { redirect } from "react-router";
import type { Route } from "./+types/notifications";
import { guardNetwork } from "~/client/network";
import { CHANNELS, EVENT_NAMES, type Channel, type NotificationEvent } from "~/domain/notifications";
import { config } from "~/infra/config.server";
import { readFormData } from "~/infra/http.server";
import { issueTelegramCode, saveNotificationChoices, unlinkTelegram } from "~/models/telegram.server";
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
  if (intent === "save") {
    const channels: Channel[] = telegram ? [...CHANNELS] : ["email"];
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
