import { DEFAULT_SETTINGS } from "./rules";

/** When the next problem report is allowed after one made at `lastReportAt` (the operator's cooldown). */
export function nextReportAt(
  lastReportAt: Date | null,
  cooldownHours: number = DEFAULT_SETTINGS.problemReportCooldownHours,
): Date | null {
  if (!lastReportAt) return null;
  return new Date(lastReportAt.getTime() + cooldownHours * 60 * 60 * 1000);
}

/** Milliseconds left in the cooldown (0 when a report is allowed now). */
export function cooldownRemainingMs(lastReportAt: Date | null, now = Date.now(), cooldownHours?: number): number {
  const next = nextReportAt(lastReportAt, cooldownHours);
  return next ? Math.max(0, next.getTime() - now) : 0;
}

/** "5 h 07 min" style parts for the "next report in …" text. */
export function splitDuration(ms: number) {
  const totalSeconds = Math.ceil(ms / 1000);
  return {
    hours: Math.floor(totalSeconds / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}
