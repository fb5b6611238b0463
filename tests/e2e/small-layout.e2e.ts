import type { Locator } from "@playwright/test";
import { handovers } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { vehicle } from "../admin-fixtures";
import { createUser, totpCode } from "../factories";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test, waitForHydration } from "./fixtures";

/** Layout: nothing cut, nothing promised that is not done, no errors while tabbing. */

/** Room left in a select after its longest option's text (negative: the text is cut). */
async function selectSlack(select: Locator) {
  return await select.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const widest = Math.max(...[...el.options].map((option) => context.measureText(option.text).width));
    // The native arrow sits in the right padding; the text gets the rest.
    return el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - widest;
  });
}

async function leasedVehicleWithCheckOut() {
  const courier = await createUser({ status: "working_with_vehicle" });
  const leased = await vehicle({
    status: "in_use",
    assignedUserId: courier.id,
    leaseEndsAt: new Date(Date.now() + 20 * 86_400_000),
    odometerKm: 120,
  });
  writerForTests().insert(handovers).values({ kind: "check_out", vehicleId: leased.id, userId: courier.id }).run();
  return leased;
}

for (const width of [360, 1280]) {
  test.describe(`admin selects in Slovak at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, locale: "sk-SK" });
    test("the queue's sort and the handover's damage states show their whole text", async ({ page }) => {
      test.setTimeout(90_000);
      await loginAs(page, { role: "admin", language: "sk" });
      await page.goto("/admin/applications");
      expect(await selectSlack(page.locator('select[name="sort"]'))).toBeGreaterThanOrEqual(0);
      await expectNoHorizontalOverflow(page);
      const leased = await leasedVehicleWithCheckOut();
      await page.goto(`/admin/vehicles/${leased.id}/handover?kind=check_out`);
      const selects = page.locator(".handover-part select");
      expect(await selects.count()).toBeGreaterThan(3);
      for (const select of await selects.all()) expect(await selectSlack(select)).toBeGreaterThanOrEqual(0);
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: shotPath(`handover-selects-sk-${width}`), fullPage: true });
    });
  });
}

test.describe("phones at 360 px", () => {
  test.use({ viewport: { width: 360, height: 780 }, locale: "sk-SK" });

  test("tabbing through the empty log-in dialog shows no errors; submitting does", async ({ page }) => {
    await page.goto("/?auth=login");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog");
    await dialog.locator("input[name=email]").focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.locator('[aria-invalid="true"]')).toHaveCount(0);
    await expect(dialog.locator(".field-error:visible")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Prihlásiť sa" }).click();
    await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
  });

  test("the TOTP key wraps only between groups; recovery codes are focused, with download and copy", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await loginAs(page, { role: "admin", language: "sk", secondFactorPending: true });
    await page.goto("/auth/second-factor");
    await waitForHydration(page);
    const groups = page.locator(".totp-secret code .whitespace-nowrap");
    expect(await groups.count()).toBeGreaterThan(4);
    for (const group of await groups.all()) expect(await group.evaluate((el) => el.getClientRects().length)).toBe(1);
    const secret = (await page.locator(".totp-secret code").innerText()).replace(/\s/g, "");
    await page.getByLabel("Kód", { exact: true }).fill(totpCode(secret));
    await page.getByRole("button", { name: "Potvrdiť a pokračovať" }).click();
    const heading = page.getByRole("heading", { name: "Vaše záložné kódy" });
    await expect(heading).toBeFocused();
    // Not hidden under the sticky header.
    const header = (await page.locator(".site-header").boundingBox())!;
    // Where the page settles: the router's scroll after the navigation may land after the focus.
    await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    const download = page.getByRole("link", { name: "Stiahnuť ako textový súbor" });
    const codes = await page.locator(".recovery-codes code").allInnerTexts();
    expect(decodeURIComponent((await download.getAttribute("href"))!)).toContain(codes.join("\n"));
    await expect(page.getByRole("button", { name: "Kopírovať kódy" })).toBeVisible();
    await page.screenshot({ path: shotPath("recovery-codes-sk-360"), fullPage: true });
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`application form hint ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ viewport: { width: 360, height: 780 }, locale: "sk-SK", javaScriptEnabled });
    test("promises to shrink photos only where the script does it", async ({ page }) => {
      await loginAs(page, { status: "confirmed_account", language: "sk" });
      await page.goto("/dashboard");
      const hint = page.getByTestId("photo-limits");
      await expect(hint).toContainText("do 10 MB");
      if (javaScriptEnabled) await expect(hint).toContainText("zmenšíme");
      else await expect(hint).not.toContainText("zmenšíme");
    });
  });
}

test.describe("a dialog opened by address", () => {
  for (const [width, height, auth] of [
    [1280, 800, "forgot"],
    [360, 780, "register"],
  ] as const) {
    test(`stays where it is when the page hydrates (${width} px, ${auth})`, async ({ page }) => {
      // The server's copy is open but not yet modal; it used to sit at the top and jump to the middle
      // once the script made it modal, so a tap aimed at its button in that moment landed beside it.
      await page.setViewportSize({ width, height });
      // Scripts that arrive a second late (a slow network) are the case under test: the page is measured before them.
      await page.route(/\/assets\/.+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await route.continue();
      });
      await page.goto(`/?auth=${auth}`, { waitUntil: "domcontentloaded" });
      const dialog = page.locator("dialog");
      const before = await dialog.boundingBox();
      expect(await dialog.evaluate((el) => el.matches(":modal"))).toBe(false);
      await waitForHydration(page);
      expect(await dialog.evaluate((el) => el.matches(":modal"))).toBe(true);
      expect(await dialog.boundingBox()).toEqual(before);
    });
  }
});
