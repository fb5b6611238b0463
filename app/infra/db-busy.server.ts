/**
 * A write that waited longer than the lock allows is "try again shortly", not a crash: SQLite's
 * SQLITE_BUSY ("database is locked", past `busy_timeout`), PostgreSQL's lock timeout (55P03),
 * serialization failure (40001) and deadlock (40P01). The entry's `handleError` marks the request's
 * context; the server answers it 503 with `Retry-After` instead of the router's 500.
 */
const PG_BUSY_CODES = new Set(["55P03", "40001", "40P01"]);

export const BUSY_RETRY_AFTER_SECONDS = 2;

/** Whether `error` (or any error it wraps, as Drizzle's query errors do) is a lock wait that ran out. */
export function isDatabaseBusy(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current && depth < 5;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    if (typeof current !== "object") return false;
    const { code, errno, message } = current as { code?: unknown; errno?: unknown; message?: unknown };
    if (code === "SQLITE_BUSY" || (typeof code === "string" && code.startsWith("SQLITE_BUSY_")) || errno === 5)
      return true;
    if (typeof code === "string" && PG_BUSY_CODES.has(code)) return true;
    if (typeof message === "string" && /\bdatabase is locked\b/.test(message)) return true;
  }
  return false;
}

// A registered symbol, not a module-level set: the server and the built routes each load their own copy of this module.
const BUSY = Symbol.for("courier-fleet.database-busy");

/** Remembers that the request with this router context failed on a busy database. */
export function markBusy(context: object | undefined) {
  if (context) (context as Record<symbol, boolean>)[BUSY] = true;
}

export function wasBusy(context: object) {
  return (context as Record<symbol, boolean>)[BUSY] === true;
}
