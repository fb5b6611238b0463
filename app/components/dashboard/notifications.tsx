import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { DashboardActionData, DashboardData } from "./types";
import { PushPhones } from "./push-phones";

const EVENTS = ["application", "vehicle", "replies", "documents", "pay", "announcements"] as const;

/**
 * Where the courier hears about each event: "Connect Telegram" (the bot, with a one-time code) or
 * "Disconnect", this phone's notifications (Web Push), and a plain form of checkboxes, event × channel
 * (docs/operations.md#telegram, #push).
 */
export function Notifications({
  notifications,
  actionData,
}: {
  notifications: DashboardData["notifications"];
  actionData: DashboardActionData | undefined;
}) {
  const { t } = useTranslation("dashboard");
  const { telegram, push, choices } = notifications;
  // The channels the courier can have now: each gets a column of the choices.
  const channels = [
    "email" as const,
    ...(telegram ? ["telegram" as const] : []),
    ...(push.phones.length ? ["push" as const] : []),
  ];
  const isOn = (event: string, channel: string) =>
    choices.find((c) => c.event === event && c.channel === channel)?.enabled ?? true;
  return (
    <section className="card dash-section" id="notifications" data-testid="notifications">
      <h2 className="dash-h2">{t("telegram.title")}</h2>
      {actionData?.intent === "notifications" && actionData.error ? (
        <p className="alert alert-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {telegram ? (
        <div className="dash-actions items-center" data-testid="telegram-state">
          <span>{telegram.connected ? t("telegram.connected") : t("telegram.notConnected")}</span>
          <Form method="post" action="/dashboard/notifications" reloadDocument={!telegram.connected}>
            <button
              type="submit"
              name="intent"
              value={telegram.connected ? "telegramDisconnect" : "telegramConnect"}
              className={telegram.connected ? "btn btn-outline" : "btn btn-primary"}
            >
              {telegram.connected ? t("telegram.disconnect") : t("telegram.connect")}
            </button>
          </Form>
          {telegram.connected ? null : <span className="field-hint">{t("telegram.connectHint")}</span>}
        </div>
      ) : null}
      <PushPhones push={push} />
      {channels.length > 1 ? (
        <>
          <p className="field-hint">{t("telegram.intro")}</p>
          <Form method="post" action="/dashboard/notifications" className="dash-section">
            {channels.map((channel) => (
              <input key={channel} type="hidden" name="channel" value={channel} />
            ))}
            <div className="table-wrap">
              <table className="table">
                <thead>
                  <tr>
                    <th scope="col">{t("telegram.event")}</th>
                    {channels.map((channel) => (
                      <th scope="col" key={channel} className="w-px px-2 text-center whitespace-normal">
                        {t(`telegram.channels.${channel}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {EVENTS.map((event) => (
                    <tr key={event}>
                      <th scope="row" className="font-normal whitespace-normal">
                        {t(`telegram.events.${event}`)}
                      </th>
                      {channels.map((channel) => (
                        <td key={channel} className="px-2 text-center">
                          <input
                            type="checkbox"
                            name="on"
                            value={`${event}:${channel}`}
                            defaultChecked={isOn(event, channel)}
                            aria-label={`${t(`telegram.events.${event}`)}: ${t(`telegram.channels.${channel}`)}`}
                          />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="field-hint">{t("telegram.quiet")}</p>
            <div className="dash-actions">
              <button type="submit" name="intent" value="save" className="btn btn-outline">
                {t("telegram.save")}
              </button>
            </div>
          </Form>
        </>
      ) : null}
    </section>
  );
}
