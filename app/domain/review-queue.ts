/**
 * The admin review queue: which rows an admin list shows first and how long each waiting row has
 * left against the promised decision time. Pure rules, shared by the models and the screens.
 */
import { REVIEW_PROMISE_HOURS } from "./rules";
import { searchTerm } from "./text";

const HOUR = 60 * 60 * 1000;

export type QueueSort = "oldest" | "newest";
export type QueueFilter<T extends string> = { status: T | "all"; q: string; sort: QueueSort; page: number };

/** A 1-based page number from the URL; anything odd becomes page 1. */
export function pageNumber(value: string | null | undefined) {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 && page < 100_000 ? page : 1;
}

/**
 * Filters of a queue list from its URL. Without a status the list shows what waits (`waiting`),
 * oldest first, so the admin starts with the row closest to the promise; `status=all` shows every row.
 */
export function queueFilterFrom<T extends string>(
  params: URLSearchParams,
  statuses: readonly T[],
  waiting: T,
): QueueFilter<T> {
  const raw = params.get("status");
  const status: T | "all" =
    raw === "all" ? "all" : (statuses as readonly string[]).includes(raw ?? "") ? (raw as T) : waiting;
  const sortParam = params.get("sort");
  const sort: QueueSort =
    sortParam === "oldest" || sortParam === "newest" ? sortParam : status === waiting ? "oldest" : "newest";
  return { status, q: searchTerm(params), sort, page: pageNumber(params.get("page")) };
}

/** Time left until the promised decision: negative once overdue; `tone` colours the badge. */
export function reviewTimeLeft(
  createdAt: Date | number,
  now: Date | number = Date.now(),
  promiseHours = REVIEW_PROMISE_HOURS,
) {
  const deadline = new Date(createdAt).getTime() + promiseHours * HOUR;
  const minutes = Math.floor((deadline - new Date(now).getTime()) / 60_000);
  const tone = minutes < 0 ? "danger" : minutes < 4 * 60 ? "warn" : "ok";
  const hours = Math.floor(Math.abs(minutes) / 60);
  // Past two days late, minutes are noise: "3 d 4 h overdue".
  const days = hours >= 48 ? Math.floor(hours / 24) : 0;
  return {
    minutes,
    overdue: minutes < 0,
    hours,
    restMinutes: Math.abs(minutes) % 60,
    days,
    restHours: hours - days * 24,
    tone,
  } as const;
}

/** The digits of a search term that looks like a phone number ("0901 234 567" → "0901234567"), else null. */
export function phoneDigits(term: string) {
  const digits = term.replace(/\D/g, "");
  return digits.length >= 3 && /^[+\d\s()/-]+$/.test(term.trim()) ? digits : null;
}

/** Row ids of a bulk form (`ids` repeated), unique positive integers, at most `max`. */
export function bulkIds(values: FormDataEntryValue[], max: number) {
  const ids = new Set<number>();
  for (const value of values) {
    const id = Number(value);
    if (Number.isInteger(id) && id > 0) ids.add(id);
  }
  return [...ids].slice(0, max);
}

/** The neighbours of `id` in a queue ordered oldest first: the row before and after it. */
export function neighbours(ids: readonly number[], id: number) {
  const at = ids.indexOf(id);
  if (at === -1) return { previous: null, next: ids[0] ?? null };
  return { previous: ids[at - 1] ?? null, next: ids[at + 1] ?? null };
}

/**
 * What the review page showed of an application: its status and when it was decided. A decision
 * posted with another version (the page was stale, or a key press landed on the next page) is refused.
 */
export function applicationVersion(row: { status: string; decidedAt: Date | number | null }) {
  return `${row.status}.${row.decidedAt ? new Date(row.decidedAt).getTime() : 0}`;
}

/** How long an approval can be taken back by the admin who made it. */
export const UNDO_APPROVAL_MS = 10_000;

/** Whether an approval made at `decidedAt` may still be undone at `now`. */
export function canUndoApproval(decidedAt: Date | number | null, now: Date | number) {
  if (!decidedAt) return false;
  const age = new Date(now).getTime() - new Date(decidedAt).getTime();
  return age >= 0 && age <= UNDO_APPROVAL_MS;
}
