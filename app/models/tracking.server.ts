import { and, eq, gte, lt, lte, sql } from "drizzle-orm";
import { pageViewsDaily, referralClicks, referralClickVisitors, referralLinks } from "~db/schema";
import { TRAFFIC_CHART_DAYS } from "~/domain/rules";
import { db, transaction } from "~/infra/db.server";

const DAY = 24 * 60 * 60 * 1000;

/** The counting day of the traffic chart and referral clicks: the UTC calendar date, `YYYY-MM-DD`. */
export function trafficDay(at: Date = new Date()) {
  return at.toISOString().slice(0, 10);
}

/** One page view on the given day (the admin's 30-day chart reads page_views_daily). */
export async function recordPageView(at: Date = new Date()) {
  const day = trafficDay(at);
  await transaction((tx) =>
    tx
      .insert(pageViewsDaily)
      .values({ day, views: 1 })
      .onConflictDoUpdate({ target: pageViewsDaily.day, set: { views: sql`${pageViewsDaily.views} + 1` } }),
  );
}

export async function pageViewsOn(day: string) {
  const [row] = await db()
    .select({ views: pageViewsDaily.views })
    .from(pageViewsDaily)
    .where(eq(pageViewsDaily.day, day))
    .limit(1);
  return row?.views ?? 0;
}

/** Page views for each of the last 30 days (today included), days without visits as zero. */
export async function trafficLastDays(now = new Date(), days = TRAFFIC_CHART_DAYS) {
  const keys = Array.from({ length: days }, (_, i) => trafficDay(new Date(now.getTime() - (days - 1 - i) * DAY)));
  const rows = await db()
    .select()
    .from(pageViewsDaily)
    .where(and(gte(pageViewsDaily.day, keys[0]!), lte(pageViewsDaily.day, keys[keys.length - 1]!)));
  const byDay = new Map(rows.map((r) => [r.day, r.views]));
  return keys.map((day) => ({ day, views: byDay.get(day) ?? 0 }));
}

export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The referral link with this code, or null (also for malformed codes). */
export async function findReferralLinkByCode(code: string) {
  if (!REFERRAL_CODE_PATTERN.test(code)) return null;
  const [row] = await db()
    .select({ id: referralLinks.id, code: referralLinks.code })
    .from(referralLinks)
    .where(eq(referralLinks.code, code))
    .limit(1);
  return row ?? null;
}

/**
 * Counts one click on the link (its running total and the per-day row, together), unless this
 * visitor was counted for it on that day already. `visitorHash` is a keyed hash of the client
 * address and the day; the address itself is never stored. True when the click was counted.
 */
export async function recordReferralClick(linkId: number, visitorHash: string, at: Date = new Date()) {
  const day = trafficDay(at);
  return transaction(async (tx) => {
    const first = await tx
      .insert(referralClickVisitors)
      .values({ linkId, day, visitorHash })
      .onConflictDoNothing()
      .returning({ linkId: referralClickVisitors.linkId });
    if (first.length === 0) return false;
    await tx
      .update(referralLinks)
      .set({ clicks: sql`${referralLinks.clicks} + 1` })
      .where(eq(referralLinks.id, linkId));
    await tx
      .insert(referralClicks)
      .values({ linkId, day, count: 1 })
      .onConflictDoUpdate({
        target: [referralClicks.linkId, referralClicks.day],
        set: { count: sql`${referralClicks.count} + 1` },
      });
    return true;
  });
}

/** Visitor hashes are needed only for the day they count (the "expired limits" job keeps yesterday's too). */
export async function deleteOldReferralVisitors(now: Date = new Date()) {
  await transaction((tx) =>
    tx.delete(referralClickVisitors).where(lt(referralClickVisitors.day, trafficDay(new Date(now.getTime() - DAY)))),
  );
}
