import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { splitDuration } from "~/domain/cooldown";
import { useDates } from "./format";

/**
 * "Next report in …": the server renders the time the cooldown ends (all a page without JS
 * needs); once React runs it ticks every second and reloads the data when it reaches zero.
 */
export function Countdown({ until }: { until: string }) {
  const { t } = useTranslation("dashboard");
  const { dateTime } = useDates();
  const { revalidate } = useRevalidator();
  const [remaining, setRemaining] = useState<number | null>(null);
  useEffect(() => {
    const end = new Date(until).getTime();
    const tick = () => {
      const left = Math.max(0, end - Date.now());
      setRemaining(left);
      if (left === 0) {
        window.clearInterval(timer);
        void revalidate();
      }
    };
    const timer = window.setInterval(tick, 1000);
    tick();
    return () => window.clearInterval(timer);
  }, [until, revalidate]);
  const parts = remaining === null ? null : splitDuration(remaining);
  return (
    <output className="alert alert-info block" data-testid="cooldown">
      {parts ? (
        <span aria-live="off">
          {t("report.nextIn", {
            hours: parts.hours,
            minutes: String(parts.minutes).padStart(2, "0"),
            seconds: String(parts.seconds).padStart(2, "0"),
          })}
        </span>
      ) : (
        <span>{t("report.nextAt", { time: dateTime(until) })}</span>
      )}
    </output>
  );
}
