/**
 * The installable site and the phone's notifications, as far as an offline machine allows: the manifest and
 * its icons; no service worker and no permission prompt on load; both only after the courier's tap; the
 * subscription saved through the API; without scripts a note instead of the button. There is no push
 * service here, so whether `pushManager.subscribe` succeeds is the browser's business: the delivery itself
 * is tested in app/services/push.test.ts against a local push service that decrypts.
 */
import { createECDH, randomBytes } from "node:crypto";
import { translatorFor } from "~/infra/i18n.server";
import { pushSubscriptionsOf } from "~/models/push.server";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test, waitForHydration } from "./fixtures";

const en = translatorFor("en");

/** A subscription as a browser makes one (the endpoint is never called here). */
function browserSubscription() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.net/send/${randomBytes(8).toString("hex")}`,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
  };
}

test("the manifest is linked and valid, and every icon it names loads", async ({ page }) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/manifest.webmanifest");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#0f766e");
  const response = await page.request.get(href!);
  expect(response.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await response.json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: "Courier Fleet", start_url: "/dashboard", display: "standalone" });
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
  expect(manifest.icons.some((i) => i.purpose === "maskable")).toBe(true);
  for (const icon of manifest.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()["content-type"], icon.src).toContain(icon.type);
  }
  const worker = await page.request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toContain("javascript");
});

test.describe("with JavaScript", () => {
  // Chromium's automation context counts as incognito, where it has no Push API and says so in the console.
  test.use({ allowedConsoleErrors: [/does not support the Push API in incognito/] });
  test("no service worker and no prompt on load; both on the tap; the phone is listed and removed", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["notifications"]);
    // Counts what the page asks the browser, before any script of the page runs.
    await page.addInitScript(() => {
      const w = window as unknown as { permissionAsks: number };
      w.permissionAsks = 0;
      if (!("Notification" in window)) return;
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args) => {
        w.permissionAsks++;
        return ask(...args);
      };
    });
    const courier = await loginAs(page, { language: "en" });
    await page.goto("/dashboard#notifications");
    await waitForHydration(page);
    const section = page.getByTestId("push");
    await expect(section.getByTestId("push-state")).toHaveText(en("dashboard:push.off"));
    const registrations = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
    const asks = () => page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks);
    expect(await registrations()).toBe(0);
    expect(await asks()).toBe(0);

    await section.getByRole("button", { name: en("dashboard:push.turnOn") }).click();
    await expect.poll(asks).toBe(1);
    await expect.poll(registrations).toBe(1);
    // Polled: between installing and installed a registration briefly names no worker at all.
    await expect
      .poll(() =>
        page.evaluate(() =>
          navigator.serviceWorker
            .getRegistration("/")
            .then((r) => r?.active?.scriptURL ?? r?.installing?.scriptURL ?? r?.waiting?.scriptURL ?? ""),
        ),
      )
      .toContain("/sw.js");
    // Offline there is no push service: the browser either subscribes or says it could not; never silence.
    await expect(
      section
        .getByTestId("push-state")
        .filter({ hasText: en("dashboard:push.on") })
        .or(section.getByRole("alert")),
    ).toBeVisible();

    // The page's own request, as after a successful subscribe: stored for this courier, listed with its browser.
    const saved = await page.request.post("/api/push/subscription", { data: browserSubscription() });
    expect(saved.status()).toBe(201);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.reload();
    const phones = page.getByTestId("push-phones");
    await expect(phones).toContainText("Chrome");
    await expectNoHorizontalOverflow(page);
    await page.getByTestId("notifications").screenshot({ path: shotPath("push-phones-360") });
    const before = (await pushSubscriptionsOf(courier.id)).length;
    await phones
      .getByRole("button", { name: en("dashboard:push.remove") })
      .last()
      .click();
    await expect.poll(async () => (await pushSubscriptionsOf(courier.id)).length).toBe(before - 1);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the section says notifications need the browser's scripts", async ({ page }) => {
    await loginAs(page, { language: "en" });
    await page.goto("/dashboard");
    await expect(page.getByTestId("push-needs-scripts")).toHaveText(en("dashboard:push.needsScripts"));
    await expect(page.getByRole("button", { name: en("dashboard:push.turnOn") })).toHaveCount(0);
  });
});
