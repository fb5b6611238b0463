import { eq, sql } from "drizzle-orm";
import { pageViewsDaily, referralClicks, referralLinks } from "~db/schema";
import { db, writeTransaction } from "~/infra/db.server";

/** The counting day of the traffic chart and referral clicks: the UTC calendar date, `YYYY-MM-DD`. */
export function trafficDay(at: Date = new Date()) {
  return at.toISOString().slice(0, 10);
}

/** One page view on the given day (the admin's 30-day chart reads page_views_daily). */
export function recordPageView(at: Date = new Date()) {
  const day = trafficDay(at);
  db()
    .insert(pageViewsDaily)
    .values({ day, views: 1 })
    .onConflictDoUpdate({ target: pageViewsDaily.day, set: { views: sql`${pageViewsDaily.views} + 1` } })
    .run();
}

export function pageViewsOn(day: string) {
  return db().select({ views: pageViewsDaily.views }).from(pageViewsDaily).where(eq(pageViewsDaily.day, day)).get()?.views ?? 0;
}

export const REFERRAL_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The referral link with this code, or null (also for malformed codes). */
export function findReferralLinkByCode(code: string) {
  if (!REFERRAL_CODE_PATTERN.test(code)) return null;
  return db().select({ id: referralLinks.id, code: referralLinks.code }).from(referralLinks).where(eq(referralLinks.code, code)).get() ?? null;
}

/** Counts one click on the link: its running total and the per-day row, together. */
export function recordReferralClick(linkId: number, at: Date = new Date()) {
  const day = trafficDay(at);
  writeTransaction((tx) => {
    tx.update(referralLinks)
      .set({ clicks: sql`${referralLinks.clicks} + 1` })
      .where(eq(referralLinks.id, linkId))
      .run();
    tx.insert(referralClicks)
      .values({ linkId, day, count: 1 })
      .onConflictDoUpdate({ target: [referralClicks.linkId, referralClicks.day], set: { count: sql`${referralClicks.count} + 1` } })
      .run();
  });
}
