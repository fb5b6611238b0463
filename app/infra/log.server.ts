/** Structured logs: one JSON object per line on stdout. */
export function log(level: "info" | "warn" | "error", msg: string, fields: Record<string, unknown> = {}) {
  // Test runs set COURIER_QUIET_LOGS so that only warnings and errors reach their output.
  if (level === "info" && process.env.COURIER_QUIET_LOGS === "1") return;
  const line = redactQueryParams(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));
  // The request log (a line per request) is written once per turn of the event loop: a write per line
  // was about 2 % of /api/auth/me under load. Anything else flushes it first, so the order stays.
  if (level === "info" && msg === "request") {
    if (pending.length === 0) setImmediate(flushRequestLog);
    pending.push(line);
    return;
  }
  flushRequestLog();
  if (level === "error") console.error(line);
  else console.log(line);
}

let pending: string[] = [];

export function flushRequestLog() {
  if (pending.length === 0) return;
  const lines = pending.join("\n");
  pending = [];
  console.log(lines);
}

/**
 * A failed query's error names its bound values ("params: …"): e-mails, names, password hashes, the
 * very data these logs must not hold. They are cut from every line, whichever field carries them.
 */
export function redactQueryParams(line: string) {
  return line.replace(/(\\n|\n)params: (?:[^"\\]|\\(?!n))*/g, "$1params: [redacted]");
}
