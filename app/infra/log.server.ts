/** Structured logs: one JSON object per line on stdout. */
export function log(level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown> = {}) {
  // Test runs set COURIER_QUIET_LOGS so that only warnings and errors reach their output.
  if (level === "info" && process.env.COURIER_QUIET_LOGS === "1") return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}
