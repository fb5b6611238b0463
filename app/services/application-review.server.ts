/**
 * Deciding one application from its page: the decision is made against the page the admin saw,
 * "… and open the next" goes on to the application that waited after this one, and an approval made
 * with a key can be taken back until the deadline its toast counts down to.
 */
import type { z } from "zod";
import type { decisionSchema } from "~/domain/admin-schemas";
import { neighbours, UNDO_APPROVAL_MS } from "~/domain/review-queue";
import {
  approveApplication,
  getApplicationDetail,
  pendingApplicationQueue,
  rejectApplication,
} from "~/models/applications.server";
import { DecisionError } from "~/models/decisions.server";

/** What the page posted about itself: the application it showed, that one's state, and whether a key decided. */
export type ShownPage = { shown: string | null; version: string | null; keyed: boolean };

/**
 * The state the decision is made against. A page showing another application is stale, and so is a
 * key press that does not say what it saw (a key must never decide something unseen).
 * Throws DecisionError("stalePage").
 */
export function shownVersion(applicationId: number, page: ShownPage): string | undefined {
  const other = page.shown !== null && page.shown !== String(applicationId);
  if (other || (page.keyed && (page.shown === null || page.version === null))) throw new DecisionError("stalePage");
  return page.version ?? undefined;
}

export type DecisionResult = {
  approved: boolean;
  /** The courier's name, for a keyed approval's toast. */
  name?: string;
  /** Until when (ms) a keyed approval can be undone: the moment undoApproval stops accepting it. */
  undoUntil?: number;
  /** With `openNext`: the application to open next, or null when none waits. */
  next?: number | null;
};

/** Approves or rejects one application as shown; throws DecisionError as the models do. */
export async function decideApplication(
  adminId: number,
  applicationId: number,
  decision: z.infer<typeof decisionSchema>,
  options: { shownVersion?: string; keyed: boolean; openNext: boolean },
): Promise<DecisionResult> {
  const { shownVersion, keyed, openNext } = options;
  // The queue is read before the decision, so the next is the one after this row, not the new first.
  const queueBefore = openNext ? await pendingApplicationQueue() : [];
  if (decision.intent === "approve")
    await approveApplication(adminId, applicationId, {
      documentValidUntil: decision.documentValidUntil ?? null,
      shownVersion,
    });
  else await rejectApplication(adminId, applicationId, decision, shownVersion);
  const approved = decision.intent === "approve";
  const result: DecisionResult = { approved };
  if (approved && keyed) {
    const application = (await getApplicationDetail(applicationId))?.application;
    result.name = application?.fullName;
    result.undoUntil = (application?.decidedAt?.getTime() ?? Date.now()) + UNDO_APPROVAL_MS;
  }
  if (openNext)
    result.next = neighbours(queueBefore, applicationId).next ?? (await pendingApplicationQueue())[0] ?? null;
  return result;
}
