/**
 * Reading the plans PostgreSQL's auto_explain writes into the server log (text format, the default
 * `log_line_prefix` '%m [%p] ' with `log_timezone=UTC`), for scale-out.ts.
 */

export type LoggedPlan = {
  /** When the statement finished (ms since the epoch, from the log line). */
  at: number;
  pid: number;
  durationMs: number;
  query: string;
  /** The plan's lines, without the leading tab and without the "Query Text" line. */
  plan: string[];
};

const HEADER = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?) UTC \[(\d+)\] LOG:  duration: ([\d.]+) ms  plan:$/;

/** Every auto_explain entry of a log, in the order written; other log lines are skipped. */
export function parseAutoExplainLog(text: string): LoggedPlan[] {
  const plans: LoggedPlan[] = [];
  let current: (LoggedPlan & { inQuery: boolean }) | null = null;
  const finish = () => {
    if (current)
      plans.push({
        at: current.at,
        pid: current.pid,
        durationMs: current.durationMs,
        query: current.query.trim(),
        plan: current.plan,
      });
    current = null;
  };
  for (const line of text.split("\n")) {
    const header = HEADER.exec(line);
    if (header) {
      finish();
      current = {
        at: Date.parse(`${header[1]!.replace(" ", "T")}Z`),
        pid: Number(header[2]),
        durationMs: Number(header[3]),
        query: "",
        plan: [],
        inQuery: false,
      };
      continue;
    }
    if (!current) continue;
    // The entry continues on lines that start with a tab; anything else is the next log line.
    if (!line.startsWith("\t")) {
      finish();
      continue;
    }
    const body = line.slice(1);
    if (body.startsWith("Query Text: ")) {
      current.query = body.slice("Query Text: ".length);
      current.inQuery = true;
    } else if (
      current.inQuery &&
      current.plan.length === 0 &&
      !/\(cost=|\(actual /.test(body) &&
      !body.startsWith("Query Parameters: ")
    ) {
      // A statement written over several lines: its text runs until the plan's first node.
      current.query += `\n${body}`;
    } else if (!body.startsWith("Query Parameters: ")) {
      current.inQuery = false;
      current.plan.push(body);
    }
  }
  finish();
  return plans;
}

/** The entries written between FROM and TO (inclusive, ms since the epoch). */
export function plansBetween(plans: LoggedPlan[], from: number, to: number): LoggedPlan[] {
  return plans.filter((p) => p.at >= from && p.at <= to);
}

/** A plan shortened for reading: at most MAX lines, each at most WIDTH characters. */
export function trimPlan(plan: string[], max = 25, width = 160): string[] {
  const lines = plan.slice(0, max).map((l) => (l.length > width ? `${l.slice(0, width - 1)}…` : l));
  if (plan.length > max) lines.push(`… ${plan.length - max} more lines`);
  return lines;
}
