import { eq } from "drizzle-orm";
import { newsPosts, pageViewsDaily, referralClicks, referralLinks } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { expect, expectNoHorizontalOverflow, shotPath, test, waitForHydration, delayScripts } from "./fixtures";

const LANGS = [
  { lng: "sk", lang: "sk", h1: "Doručujte s nami", income: "Kalkulačka príjmu", faq: "Časté otázky" },
  { lng: "ua", lang: "uk", h1: "Доставляйте з нами", income: "Калькулятор доходу", faq: "Часті запитання" },
  { lng: "en", lang: "en", h1: "Deliver with us", income: "Income calculator", faq: "Frequently asked questions" },
] as const;

test.describe("home page", () => {
  for (const { lng, lang, h1, income, faq } of LANGS) {
    for (const width of [360, 1280]) {
      test(`${lng} at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/?lng=${lng}`);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.getByRole("heading", { level: 1 })).toContainText(h1);
        await expect(page.getByRole("heading", { name: income })).toBeVisible();
        await expect(page.getByRole("heading", { name: faq })).toBeVisible();
        await expect(page.locator("#fleet img")).toHaveCount(3);
        await expect(page.locator("#news article").first()).toBeVisible();
        await expect(page.locator("#partners li")).toHaveCount(3);
        await expect(page.getByRole("contentinfo")).toContainText("Courier Fleet s.r.o.");
        await expectNoHorizontalOverflow(page);
        // Lazy images below the fold: load them before the full-page screenshot.
        for (const img of await page.locator("#fleet img").all()) await img.scrollIntoViewIfNeeded();
        await page.waitForFunction(() =>
          [...document.querySelectorAll<HTMLImageElement>("#fleet img")].every(
            (img) => img.complete && img.naturalWidth > 0,
          ),
        );
        await page.screenshot({ path: `test-results/screens/home-${lng}-${width}.png`, fullPage: true });
      });
    }
  }

  test("SEO: titles, descriptions, hreflang, Open Graph, robots.txt and sitemap.xml", async ({ page, request }) => {
    await page.goto("/?lng=en");
    await expect(page).toHaveTitle(/Courier Fleet — delivery work/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Become a delivery courier/);
    for (const hreflang of ["sk", "uk", "en", "x-default"])
      await expect(page.locator(`link[rel="alternate"][hreflang="${hreflang}"]`)).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/\?lng=en$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /Courier Fleet/);
    await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "en_GB");
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect((await request.get(image!)).headers()["content-type"]).toBe("image/jpeg");
    await page.goto("/?lng=sk");
    await expect(page).toHaveTitle(/práca kuriéra/);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toMatch(/Sitemap: http.+\/sitemap\.xml/);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    expect(xml.match(/<url>/g)).toHaveLength(3);
    expect(xml).toContain('hreflang="uk"');
  });

  test("fleet images are responsive AVIF/WebP, sized and lazy", async ({ page }) => {
    await page.goto("/?lng=en");
    const picture = page.locator("#fleet picture").first();
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
      "srcset",
      /scooter-1000w-320\.avif 320w.*800w/,
    );
    await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute("srcset", /\.webp 320w/);
    const img = picture.locator("img");
    await expect(img).toHaveAttribute("loading", "lazy");
    await expect(img).toHaveAttribute("width", "800");
    await expect(img).toHaveAttribute("height", "600");
    await expect(img).toHaveAttribute("alt", /Urban Pro 1000/);
  });

  test("news: newest first, per language, paged with plain links", async ({ page }) => {
    const now = Date.now();
    const inserted = writerForTests()
      .insert(newsPosts)
      .values([
        {
          titleSk: "E2E newest for everyone",
          contentSk: "First.",
          textPosition: "center",
          createdAt: new Date(now + 60_000),
        },
        {
          titleSk: "E2E English only",
          contentSk: "Second.",
          textPosition: "top_left",
          language: "en",
          createdAt: new Date(now + 50_000),
        },
        {
          titleSk: "E2E Slovak only",
          contentSk: "Hidden in English.",
          language: "sk",
          createdAt: new Date(now + 55_000),
        },
        { titleSk: "E2E draft", contentSk: "Not published.", published: false, createdAt: new Date(now + 70_000) },
      ])
      .returning({ id: newsPosts.id })
      .all();
    try {
      await page.goto("/?lng=en");
      const titles = page.locator("#news article h3");
      await expect(titles.nth(0)).toHaveText("E2E newest for everyone");
      await expect(titles.nth(1)).toHaveText("E2E English only");
      await expect(page.locator("#news")).not.toContainText("E2E Slovak only");
      await expect(page.locator("#news")).not.toContainText("E2E draft");
      await expect(page.locator('#news [data-position="center"]').first()).toBeVisible();
      await page.getByRole("navigation", { name: "News pages" }).getByRole("link", { name: "Older" }).click();
      await expect(page).toHaveURL(/news=2/);
      await expect(page.getByText("Page 2 of 2")).toBeVisible();
      await expect(titles).toHaveCount(2);
    } finally {
      for (const { id } of inserted) writerForTests().delete(newsPosts).where(eq(newsPosts.id, id)).run();
    }
  });

  test("calculator updates live with JavaScript", async ({ page }) => {
    await page.goto("/?lng=en");
    await expect(page.getByTestId("income-week")).toHaveText("€300.00");
    await expect(page.getByTestId("income-month")).toHaveText("€1,300.00");
    const url = page.url();
    await page.getByLabel("Days per week").selectOption("6");
    await page.getByLabel("Hours per day").selectOption("10");
    await expect(page.getByTestId("income-week")).toHaveText("€450.00");
    await expect(page.getByTestId("income-month")).toHaveText("€1,950.00");
    await expect(page.getByTestId("income-week-scooter")).toHaveText("€415.00");
    expect(page.url()).toBe(url);
  });

  test("a choice made in the calculator before the page hydrated is kept, and counted once it has", async ({
    page,
  }) => {
    // The visitor picks while the scripts are still on their way.
    await delayScripts(page);
    await page.goto("/?lng=en", { waitUntil: "domcontentloaded" });
    await page.getByLabel("Days per week").selectOption("6");
    await page.getByLabel("Hours per day").selectOption("10");
    expect(await page.locator("html[data-hydrated]").count()).toBe(0);
    await waitForHydration(page);
    await expect(page.getByLabel("Days per week")).toHaveValue("6");
    await expect(page.getByLabel("Hours per day")).toHaveValue("10");
    await expect(page.getByTestId("income-week")).toHaveText("€450.00");
  });

  test("the anonymous home page runs no script until the first move, then hydrates and is live", async ({ page }) => {
    const views: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/track/page-view")) views.push(request.postData() ?? "");
    });
    await page.goto("/");
    // The visit is counted without hydration, and once only.
    await expect.poll(() => views.length).toBe(1);
    const early = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/.+\.js$/.test(entry.name) && entry.startTime < navigation.loadEventStart)
        .map((entry) => entry.name);
    });
    expect(early).toEqual([]);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    // A move that moved nothing is the browser reporting the resting cursor after layout, not the visitor.
    const startedByStillPointer = await page.evaluate(() => {
      window.dispatchEvent(new PointerEvent("pointermove", { clientX: 0, clientY: 0, movementX: 0, movementY: 0 }));
      return document.querySelectorAll('script[type="module"]').length > 0;
    });
    expect(startedByStillPointer).toBe(false);
    await page.mouse.move(40, 300);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(page.locator("link[data-full-css]")).toHaveAttribute("media", "all");
    const week = await page.getByTestId("income-week").textContent();
    const url = page.url();
    await page.locator("select[name=days]").selectOption("7");
    await expect(page.getByTestId("income-week")).not.toHaveText(week!);
    expect(page.url()).toBe(url);
    expect(views.map((body) => JSON.parse(body).path)).toEqual(["/"]);
  });

  test("assistant answers through the API, and says when it does not know", async ({ page }) => {
    await page.goto("/?lng=en#faq");
    const asked = page.waitForResponse((r) => r.url().endsWith("/api/faq/ask"));
    await page.getByLabel("Your question").fill("When do I get paid?");
    await page.getByRole("button", { name: "Ask" }).click();
    expect((await asked).status()).toBe(200);
    await expect(page.getByTestId("assistant-answer")).toHaveText(/Payouts are weekly/);
    await page.getByLabel("Your question").fill("What is the capital of France?");
    await page.getByRole("button", { name: "Ask" }).click();
    await expect(page.getByTestId("assistant-answer")).toHaveText(/I don't know.*info@courierfleet\.sk/);
    await page.screenshot({ path: "test-results/screens/home-assistant-en.png" });
  });

  test("every route change sends a page view; the first load too", async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/track/page-view") && r.method() === "POST")
        sent.push(String(JSON.parse(r.postData() ?? "{}").path));
    });
    await page.goto("/?lng=en");
    await expect.poll(() => sent).toEqual(["/?lng=en"]);
    await page.getByRole("banner").getByRole("link", { name: "Register" }).click();
    await expect(page).toHaveURL(/auth=register/);
    await expect.poll(() => sent).toEqual(["/?lng=en", "/?lng=en&auth=register"]);
    const day = new Date().toISOString().slice(0, 10);
    const views = writerForTests().select().from(pageViewsDaily).where(eq(pageViewsDaily.day, day)).get()?.views ?? 0;
    expect(views).toBeGreaterThanOrEqual(2);
  });

  test("referral: ?ref= is kept for the session and counted once", async ({ page, context }) => {
    const code = `E2E${Date.now().toString(36)}`;
    const link = writerForTests().insert(referralLinks).values({ name: "E2E", code }).returning().get();
    const clicks = () =>
      writerForTests().select().from(referralLinks).where(eq(referralLinks.id, link.id)).get()!.clicks;
    const reported = page.waitForResponse((r) => r.url().includes(`/api/referrals/track/${code}`));
    await page.goto(`/?ref=${code}`);
    expect((await reported).status()).toBe(204);
    expect(clicks()).toBe(1);
    expect(await page.evaluate(() => sessionStorage.getItem("referralCode"))).toBe(code);
    const cookie = (await context.cookies()).find((c) => c.name === "cf_ref");
    expect(cookie?.value).toBe(code);
    expect(cookie?.expires).toBe(-1);
    await page.goto(`/?ref=${code}&lng=en`);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(clicks()).toBe(1);
    expect(writerForTests().select().from(referralClicks).where(eq(referralClicks.linkId, link.id)).get()?.count).toBe(
      1,
    );
  });

  test("particles start after load and stay off for reduced motion", async ({ browser }) => {
    for (const reducedMotion of ["no-preference", "reduce"] as const) {
      const context = await browser.newContext({ reducedMotion });
      const page = await context.newPage();
      await page.goto("/");
      const canvas = page.locator("canvas.home-particles");
      await expect(canvas).toHaveCSS("pointer-events", "none");
      if (reducedMotion === "reduce") {
        // The animation would start at the first idle moment after hydration: wait for two of them.
        await waitForHydration(page);
        for (let i = 0; i < 2; i++)
          await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3000 })));
        await expect(canvas).not.toHaveAttribute("data-running", "true");
      } else {
        await waitForHydration(page);
        await expect(canvas).toHaveAttribute("data-running", "true", { timeout: 6000 });
      }
      await context.close();
    }
  });
});

test("the first paint needs no stylesheet, and the page looks the same with and without JavaScript", async ({
  browser,
}) => {
  const looks = async (javaScriptEnabled: boolean) => {
    const context = await browser.newContext({
      javaScriptEnabled,
      viewport: { width: 360, height: 800 },
      locale: "sk-SK",
    });
    const page = await context.newPage();
    const response = await page.goto("/");
    const html = await response!.text();
    // The anonymous home copy: the page's own rules inline, the full stylesheet not render-blocking.
    expect(html).toMatch(/<style>[^<]*\.[\w-]+\{/);
    expect(html).toMatch(/rel="stylesheet" href="\/assets\/[^"]+\.css" media="print" data-full-css>/);
    expect(html).toContain('<noscript><link rel="stylesheet"');
    // No script competes with the first paint: no module preloads, the router's module script inert.
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toMatch(/<script[^>]*type="text\/plain" data-hydrate-later/);
    // Until hydration (the first interaction) the inline rules alone style the page, with or without JavaScript.
    await expect(page.locator("link[data-full-css]")).toHaveAttribute("media", "print");
    await page.screenshot({ path: shotPath(`home-critical-css-${javaScriptEnabled ? "js" : "nojs"}-360`) });
    const styles = await page.evaluate(() =>
      ["h1", "header", "main a[href*='auth=register'], main a", "footer"].map((selector) => {
        const element = document.querySelector(selector);
        if (!element) return null;
        const style = getComputedStyle(element);
        return [
          selector,
          style.fontSize,
          style.color,
          style.backgroundColor,
          style.fontFamily,
          style.display,
          style.padding,
        ].join("|");
      }),
    );
    await context.close();
    return styles;
  };
  const withScript = await looks(true);
  expect(withScript.every(Boolean)).toBe(true);
  expect(await looks(false)).toEqual(withScript);
});

test.describe("the 404", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("the 404 of a visitor without a session paints without waiting for the stylesheet", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response!.status()).toBe(404);
    const html = await response!.text();
    expect(html).toMatch(/<style>[^<]*\.[\w-]+\{/);
    expect(html).toMatch(/rel="stylesheet" href="\/assets\/[^"]+\.css" media="print" data-full-css>/);
    await expect(page.locator("link[data-full-css]")).toHaveAttribute("media", "all");
  });
});

test.describe("home page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("calculator is a GET form the server answers", async ({ page }) => {
    await page.goto("/?lng=en");
    await page.getByLabel("Days per week").selectOption("6");
    await page.getByLabel("Hours per day").selectOption("10");
    await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page).toHaveURL(/days=6&hours=10#income$/);
    await expect(page.getByTestId("income-week")).toHaveText("€450.00");
    await expect(page.getByTestId("income-month")).toHaveText("€1,950.00");
    await page.goto("/?lng=sk&days=7&hours=12");
    await expect(page.getByTestId("income-week")).toHaveText(/^630,00\s€$/);
  });

  test("assistant form renders the answer in the page", async ({ page }) => {
    await page.goto("/?lng=sk");
    await page.getByLabel("Vaša otázka").fill("Koľko rokov musím mať?");
    await page.getByRole("button", { name: "Opýtať sa" }).click();
    await expect(page.getByTestId("assistant-answer")).toContainText("16 rokov");
    await expect(page.getByLabel("Vaša otázka")).toHaveValue("Koľko rokov musím mať?");
  });

  test("referral cookie is set without JavaScript", async ({ page, context }) => {
    const code = `NOJS${Date.now().toString(36)}`;
    const link = writerForTests().insert(referralLinks).values({ name: "No JS", code }).returning().get();
    await page.goto(`/?ref=${code}`);
    expect((await context.cookies()).find((c) => c.name === "cf_ref")?.value).toBe(code);
    expect(writerForTests().select().from(referralLinks).where(eq(referralLinks.id, link.id)).get()!.clicks).toBe(1);
  });
});
