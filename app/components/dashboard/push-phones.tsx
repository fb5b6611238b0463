import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useRevalidator } from "react-router";
import { currentPushSubscription, pushSupported, turnOffPush, turnOnPush } from "~/client/push.client";
import type { DashboardData } from "./types";
import { useDates } from "./format";

type State = "nojs" | "unsupported" | "off" | "on" | "busy";
type Problem = "denied" | "failed" | null;

/**
 * "This phone's notifications" (docs/operations.md#push): with scripts, a button that turns Web Push on or
 * off for this browser; without them a short note, since push needs the browser's scripts. The list of the
 * courier's phones, each with "Remove", is a plain form and works without scripts.
 */
export function PushPhones({ push }: { push: DashboardData["notifications"]["push"] }) {
  const { t } = useTranslation("dashboard");
  const { date } = useDates();
  const revalidator = useRevalidator();
  const [state, setState] = useState<State>("nojs");
  const [problem, setProblem] = useState<Problem>(null);

  useEffect(() => {
    if (!pushSupported()) return setState("unsupported");
    // Looks at what this browser has; registers nothing and asks nothing.
    currentPushSubscription().then(
      (subscription) => setState(subscription ? "on" : "off"),
      () => setState("off"),
    );
  }, []);

  async function toggle() {
    const was = state;
    setState("busy");
    setProblem(null);
    if (was === "on") {
      await turnOffPush().catch(() => setProblem("failed"));
      setState((await currentPushSubscription().catch(() => null)) ? "on" : "off");
    } else {
      const result = await turnOnPush(push.publicKey);
      setState(result === "on" ? "on" : "off");
      if (result !== "on") setProblem(result);
    }
    void revalidator.revalidate();
  }

  return (
    <div className="dash-section" data-testid="push">
      <h3 className="dash-h3">{t("push.title")}</h3>
      {state === "nojs" ? (
        <p className="field-hint" data-testid="push-needs-scripts">
          {t("push.needsScripts")}
        </p>
      ) : state === "unsupported" ? (
        <p className="field-hint" data-testid="push-unsupported">
          {t("push.unsupported")}
        </p>
      ) : (
        <div className="dash-actions items-center">
          <span data-testid="push-state">{state === "on" ? t("push.on") : t("push.off")}</span>
          <button
            type="button"
            className={state === "on" ? "btn btn-outline" : "btn btn-primary"}
            onClick={() => void toggle()}
            disabled={state === "busy"}
          >
            {state === "on" ? t("push.turnOff") : t("push.turnOn")}
          </button>
        </div>
      )}
      {problem ? (
        <p className="alert alert-error" role="alert">
          {t(`push.${problem}`)}
        </p>
      ) : null}
      {push.phones.length ? (
        <>
          <p id="push-phones-title" className="field-hint">
            {t("push.phones")}
          </p>
          <ul className="dash-section" aria-labelledby="push-phones-title" data-testid="push-phones">
            {push.phones.map((phone) => (
              <li key={phone.id} className="dash-actions items-center">
                <span>
                  {phone.label} · {t("push.since", { date: date(phone.createdAt) })}
                </span>
                <Form method="post" action="/dashboard/notifications">
                  <input type="hidden" name="id" value={phone.id} />
                  <button type="submit" name="intent" value="pushRemove" className="btn btn-outline">
                    {t("push.remove")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
