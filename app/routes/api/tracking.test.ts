import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { pageViewsDaily, rateLimits, referralClicks, referralLinks } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { pageViewsOn, trafficDay } from "~/models/tracking.server";
import { call, readJson } from "../../../tests/route-harness";
import * as pageView from "./track.page-view";
import * as referralTrack from "./referrals.track";

const BROWSER = "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

beforeEach(async () => {
  await writerForTests().delete(pageViewsDaily);
  await writerForTests().delete(referralLinks);
  await writerForTests().delete(rateLimits);
});

describe("POST /api/track/page-view", () => {
  test("counts a view for today and answers 204", async () => {
    for (let i = 0; i < 2; i++) {
      const response = await call(pageView.action as never, "/api/track/page-view", { json: { path: "/", referrer: "https://example.com/" }, headers: { "User-Agent": BROWSER } });
      expect(response.status).toBe(204);
    }
    expect(await pageViewsOn(trafficDay())).toBe(2);
  });

  test("accepts form-encoded bodies and a missing referrer", async () => {
    const response = await call(pageView.action as never, "/api/track/page-view", { form: { path: "/?lng=en" }, headers: { "User-Agent": BROWSER } });
    expect(response.status).toBe(204);
    expect(await pageViewsOn(trafficDay())).toBe(1);
  });

  test("bots are not counted", async () => {
    const response = await call(pageView.action as never, "/api/track/page-view", { json: { path: "/" }, headers: { "User-Agent": GOOGLEBOT } });
    expect(response.status).toBe(204);
    expect(await pageViewsOn(trafficDay())).toBe(0);
  });

  test("bad input is 400 JSON and counts nothing", async () => {
    for (const json of [{}, { path: "no-slash" }, { path: 42 }, [1, 2]]) {
      const response = await call(pageView.action as never, "/api/track/page-view?lng=en", { json, headers: { "User-Agent": BROWSER } });
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
  const createLink = async (code: string) => (await writerForTests().insert(referralLinks).values({ name: "Flyers", code }).returning())[0]!;
  const clicksOf = async (id: number) => (await writerForTests().select().from(referralLinks).where(eq(referralLinks.id, id)))[0]!.clicks;

  test("counts one click (total and per day) and remembers the code for the session", async () => {
    const link = await createLink("SPRING24");
    const response = await call(referralTrack.loader as never, "/api/referrals/track/SPRING24", { params: { code: "SPRING24" }, headers: { "User-Agent": BROWSER } });
    expect(response.status).toBe(204);
    expect(response.headers.get("Set-Cookie")).toMatch(/^cf_ref=SPRING24; Path=\/; HttpOnly; SameSite=Lax/);
    expect(response.headers.get("Set-Cookie")).not.toMatch(/Max-Age|Expires/);
    expect(await clicksOf(link.id)).toBe(1);
    const daily = (await writerForTests().select().from(referralClicks).where(eq(referralClicks.linkId, link.id)));
    expect(daily).toEqual([{ linkId: link.id, day: trafficDay(), count: 1 }]);
  });

  test("the same session is counted once; another session again", async () => {
    const link = await createLink("ONCE");
    const cookie = "cf_ref=ONCE";
    await call(referralTrack.loader as never, "/api/referrals/track/ONCE", { params: { code: "ONCE" }, cookie, headers: { "User-Agent": BROWSER } });
    expect(await clicksOf(link.id)).toBe(0);
    await call(referralTrack.loader as never, "/api/referrals/track/ONCE", { params: { code: "ONCE" }, headers: { "User-Agent": BROWSER } });
    await call(referralTrack.loader as never, "/api/referrals/track/ONCE", { params: { code: "ONCE" }, headers: { "User-Agent": BROWSER } });
    expect(await clicksOf(link.id)).toBe(2);
    const daily = (await writerForTests().select().from(referralClicks).where(eq(referralClicks.linkId, link.id)))[0];
    expect(daily?.count).toBe(2);
  });

  test("bots are not counted", async () => {
    const link = await createLink("BOTS");
    const response = await call(referralTrack.loader as never, "/api/referrals/track/BOTS", { params: { code: "BOTS" }, headers: { "User-Agent": GOOGLEBOT } });
    expect(response.status).toBe(204);
    expect(await clicksOf(link.id)).toBe(0);
  });

  test("an unknown or malformed code is 404 JSON", async () => {
    for (const code of ["NOPE", "bad code!", "x".repeat(200)]) {
      const response = await call(referralTrack.loader as never, `/api/referrals/track/${encodeURIComponent(code)}?lng=en`, { params: { code } });
      expect(response.status).toBe(404);
      expect(await readJson(response)).toEqual({ error: "Not found." });
    }
  });

  test("POST is 405", async () => {
    const response = await call(referralTrack.action as never, "/api/referrals/track/X", { method: "POST", params: { code: "X" } });
    expect(response.status).toBe(405);
  });
});
