import { z } from "zod";
import { multiLineText } from "./text";
import { REPORT_MESSAGE_MAX } from "./rules";
import type { ReportStatus } from "./status";

/** One message of a problem report's conversation, oldest first. */
export type ThreadMessage = { key: string; from: "courier" | "admin"; body: string; at: Date };

type ReportForThread = {
  id: number;
  description: string;
  createdAt: Date;
  response: string | null;
  resolvedAt: Date | null;
};
type StoredMessage = { id: number; fromAdmin: boolean; body: string; createdAt: Date };

/**
 * The whole conversation of a report: the courier's description is always the first message;
 * a reply written before conversations existed (the report's `response`) follows it; then the
 * stored messages in the order they were written.
 */
export function reportThread(report: ReportForThread, messages: StoredMessage[]): ThreadMessage[] {
  const thread: ThreadMessage[] = [
    { key: `report-${report.id}`, from: "courier", body: report.description, at: report.createdAt },
  ];
  if (report.response)
    thread.push({
      key: `response-${report.id}`,
      from: "admin",
      body: report.response,
      at: report.resolvedAt ?? report.createdAt,
    });
  const ordered = [...messages].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
  for (const m of ordered)
    thread.push({ key: `message-${m.id}`, from: m.fromAdmin ? "admin" : "courier", body: m.body, at: m.createdAt });
  return thread;
}

/** The courier writes into an open report; a resolved one is reopened by an admin, not by a reply. */
export function courierMayReply(status: ReportStatus) {
  return status === "open";
}

export { REPORT_MESSAGE_MAX } from "./rules";

/** A courier's reply in the report conversation (the dashboard form, with and without JS). */
export const reportReplySchema = z.object({
  reportId: z.coerce.number({ error: "errors.replyRequired" }).int().positive(),
  body: multiLineText({ error: "errors.replyRequired" })
    .trim()
    .min(1, { error: "errors.replyRequired" })
    .max(REPORT_MESSAGE_MAX, { error: "errors.tooLong" }),
});
