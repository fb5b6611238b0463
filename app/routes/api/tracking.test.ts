import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { pageViewsDaily, rateLimits, referralClicks, referralClickVisitors, referralLinks } from "~db/schema";
import { RATE_LIMITS } from "~/domain/rules";
import { referralVisitorHash } from "~/services/referral.server";
import { writerForTests } from "~/infra/db.server";
import { deleteOldReferralVisitors, pageViewsOn, recordReferralClick, trafficDay } from "~/models/tracking.server";
import { call, readJson } from "../../../tests/route-harness";
import * as pageView from "./track.page-view";
import * as referralTrack from "./referrals.track";

const BROWSER =
  "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

beforeEach(async () => {
  await writerForTests().delete(pageViewsDaily);
  await writerForTests().delete(referralLinks);
  await writerForTests().delete(rateLimits);
});

describe("POST /api/track/page-view", () => {
  test("counts a view for today and answers 204", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await call(pageView.action as never, "/api/track/page-view", {
        json: { path: "/", referrer: "https://example.com/" },
        headers: { "User-Agent": BROWSER },
      });
      expect(response.status).toBe(204);
    }
    expect(await pageViewsOn(trafficDay())).toBe(2);
  });

  test("accepts form-encoded bodies and a missing referrer", async () => {
    const response = await call(pageView.action as never, "/api/track/page-view", {
      form: { path: "/?lng=en" },
      headers: { "User-Agent": BROWSER },
    });
    expect(response.status).toBe(204);
    expect(await pageViewsOn(trafficDay())).toBe(1);
  });

  test("bots are not counted", async () => {
    const response = await call(pageView.action as never, "/api/track/page-view", {
      json: { path: "/" },
      headers: { "User-Agent": GOOGLEBOT },
    });
    expect(response.status).toBe(204);
    expect(await pageViewsOn(trafficDay())).toBe(0);
  });

  test("bad input is 400 JSON and counts nothing", async () => {
    for (const json of [{}, { path: "no-slash" }, { path: 42 }, [1, 2]]) {
      const response = await call(pageView.action as never, "/api/track/page-view?lng=en", {
        json,
        headers: { "User-Agent": BROWSER },
      });
      expect(response.status).toBe(400);
      expect(await readJson(response)).toEqual({ error: "The request is not valid." });
    }
    expect(await pageViewsOn(trafficDay())).toBe(0);
  });

  test("GET is 405", async () => {
    const response = await call(pageView.loader as never, "/api/track/page-view");
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("GET /api/referrals/track/{code}", () => {
  const createLink = async (code: string) =>
    (await writerForTests().insert(referralLinks).values({ name: "Flyers", code }).returning())[0]!;
  const clicksOf = async (id: number) =>
    (await writerForTests().select().from(referralLinks).where(eq(referralLinks.id, id)))[0]!.clicks;

  test("counts one click (total and per day) and remembers the code for the session", async () => {
    const link = await createLink("SPRING24");
    const response = await call(referralTrack.loader as never, "/api/referrals/track/SPRING24", {
      params: { code: "SPRING24" },
      headers: { "User-Agent": BROWSER },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("Set-Cookie")).toMatch(/^cf_ref=SPRING24; Path=\/; HttpOnly; SameSite=Lax/);
    expect(response.headers.get("Set-Cookie")).not.toMatch(/Max-Age|Expires/);
    expect(await clicksOf(link.id)).toBe(1);
    const daily = await writerForTests().select().from(referralClicks).where(eq(referralClicks.linkId, link.id));
    expect(daily).toEqual([{ linkId: link.id, day: trafficDay(), count: 1 }]);
  });

  test("the same session is counted once; another visitor again", async () => {
    const link = await createLink("ONCE");
    const cookie = "cf_ref=ONCE";
    await call(referralTrack.loader as never, "/api/referrals/track/ONCE", {
      params: { code: "ONCE" },
      cookie,
      headers: { "User-Agent": BROWSER },
    });
    expect(await clicksOf(link.id)).toBe(0);
    await call(referralTrack.loader as never, "/api/referrals/track/ONCE", {
      params: { code: "ONCE" },
      headers: { "User-Agent": BROWSER },
      ip: "10.24.4.1",
    });
    await call(referralTrack.loader as never, "/api/referrals/track/ONCE", {
      params: { code: "ONCE" },
      headers: { "User-Agent": BROWSER },
      ip: "10.24.4.2",
    });
    expect(await clicksOf(link.id)).toBe(2);
    const daily = (await writerForTests().select().from(referralClicks).where(eq(referralClicks.linkId, link.id)))[0];
    expect(daily?.count).toBe(2);
  });

  test("one address counts once per code and day, whatever its cookies; the address is kept only as a hash", async () => {
    const link = await createLink("ADDR");
    const other = await createLink("ADDR2");
    for (let i = 0; i < 20; i++) {
      const response = await call(referralTrack.loader as never, "/api/referrals/track/ADDR", {
        params: { code: "ADDR" },
        headers: { "User-Agent": BROWSER },
        ip: "10.24.4.9",
      });
      expect(response.status).toBe(204);
    }
    expect(await clicksOf(link.id)).toBe(1);
    // Another code from the same address is its own click.
    await call(referralTrack.loader as never, "/api/referrals/track/ADDR2", {
      params: { code: "ADDR2" },
      headers: { "User-Agent": BROWSER },
      ip: "10.24.4.9",
    });
    expect(await clicksOf(other.id)).toBe(1);
    const stored = JSON.stringify(await writerForTests().select().from(referralClickVisitors));
    expect(stored).toContain(String(link.id));
    expect(stored).not.toContain("10.24.4.9");
  });

  test("the next day the same address counts again; the hashes of past days are dropped", async () => {
    const link = await createLink("DAYS");
    const visitor = referralVisitorHash("10.24.4.10", trafficDay());
    const today = new Date();
    const tomorrow = new Date(today.getTime() + 24 * 60 * 60 * 1000);
    expect(await recordReferralClick(link.id, visitor, today)).toBe(true);
    expect(await recordReferralClick(link.id, visitor, today)).toBe(false);
    expect(await recordReferralClick(link.id, referralVisitorHash("10.24.4.10", trafficDay(tomorrow)), tomorrow)).toBe(
      true,
    );
    expect(await clicksOf(link.id)).toBe(2);
    // The day after tomorrow, today's hashes go and tomorrow's (yesterday by then) stay.
    await deleteOldReferralVisitors(new Date(tomorrow.getTime() + 24 * 60 * 60 * 1000));
    const left = await writerForTests()
      .select()
      .from(referralClickVisitors)
      .where(eq(referralClickVisitors.linkId, link.id));
    expect(left.map((row) => row.day)).toEqual([trafficDay(tomorrow)]);
  });

  test(`past ${RATE_LIMITS.referralTrack.limit} a minute from one address: 429 with Retry-After, in the request's language`, async () => {
    await createLink("FLOOD");
    for (let i = 0; i < RATE_LIMITS.referralTrack.limit; i++) {
      const response = await call(referralTrack.loader as never, "/api/referrals/track/FLOOD", {
        params: { code: "FLOOD" },
        headers: { "User-Agent": BROWSER },
        ip: "10.24.4.20",
      });
      expect(response.status).toBe(204);
    }
    const refused = await call(referralTrack.loader as never, "/api/referrals/track/FLOOD?lng=en", {
      params: { code: "FLOOD" },
      headers: { "User-Agent": BROWSER },
      ip: "10.24.4.20",
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(String((await readJson(refused)).error)).toStartWith("Too many");
    // Unknown codes count against the limit too: scanning for codes is what it stops.
    const scan = await call(referralTrack.loader as never, "/api/referrals/track/NOPE", {
      params: { code: "NOPE" },
      ip: "10.24.4.20",
    });
    expect(scan.status).toBe(429);
    expect(
      (
        await call(referralTrack.loader as never, "/api/referrals/track/FLOOD", {
          params: { code: "FLOOD" },
          headers: { "User-Agent": BROWSER },
          ip: "10.24.4.21",
        })
      ).status,
    ).toBe(204);
  });

  test("bots are not counted", async () => {
    const link = await createLink("BOTS");
    const response = await call(referralTrack.loader as never, "/api/referrals/track/BOTS", {
      params: { code: "BOTS" },
      headers: { "User-Agent": GOOGLEBOT },
    });
    expect(response.status).toBe(204);
    expect(await clicksOf(link.id)).toBe(0);
  });

  test("an unknown or malformed code is 404 JSON", async () => {
    for (const code of ["NOPE", "bad code!", "x".repeat(200)]) {
      const response = await call(
        referralTrack.loader as never,
        `/api/referrals/track/${encodeURIComponent(code)}?lng=en`,
        { params: { code } },
      );
      expect(response.status).toBe(404);
      expect(await readJson(response)).toEqual({ error: "Not found." });
    }
  });

  test("POST is 405", async () => {
    const response = await call(referralTrack.action as never, "/api/referrals/track/X", {
      method: "POST",
      params: { code: "X" },
    });
    expect(response.status).toBe(405);
  });
});
