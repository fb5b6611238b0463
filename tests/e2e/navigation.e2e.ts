import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test, waitForHydration } from "./fixtures";
import { createUser } from "../factories";

/** Calls to action, the phone header and menu, and the error screens. */
test.use({ locale: "en-US", allowedConsoleErrors: [/status of 40[34]/] });

test.describe("calls to action for a logged-in courier", () => {
  test("360 px: every call to action on the home page leads to the dashboard, not to Create account", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await loginAs(page, { status: "working_no_vehicle", language: "en" });
    await page.goto("/");
    for (const name of ["Apply now", "Start earning", "Create an account"]) {
      await expect(page.getByRole("main").getByRole("link", { name, exact: true })).toHaveAttribute(
        "href",
        "/dashboard",
      );
    }
    await page.getByRole("main").getByRole("link", { name: "Apply now" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "My dashboard" })).toBeVisible();
  });

  test("a visitor's call to action still opens Create account", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("main").getByRole("link", { name: "Apply now" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page).toHaveURL(/auth=register/);
  });
});

test.describe("the phone header at 360 px", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("Log in sits next to the menu button; the menu closes on a tapped link and on Escape", async ({ page }) => {
    await page.goto("/");
    // Closing on a tapped link and on Escape is the script's part; the home page hydrates on the first move.
    await waitForHydration(page);
    const banner = page.getByRole("banner");
    const login = banner.getByTestId("header-login");
    await expect(login).toBeVisible();
    await expect(banner.locator(".nav-menu > summary")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: shotPath("header-360") });

    const menu = banner.locator("details.nav-menu");
    await menu.locator("summary").click();
    await expect(menu).toHaveAttribute("open", "");
    await menu.getByRole("link", { name: "Fleet" }).click();
    await expect(page).toHaveURL(/#fleet$/);
    await expect(banner.locator("details.nav-menu")).not.toHaveAttribute("open", "");
    await expect(banner.locator(".nav-panel")).toBeHidden();

    await banner.locator("details.nav-menu > summary").click();
    await expect(banner.locator("details.nav-menu")).toHaveAttribute("open", "");
    await page.keyboard.press("Escape");
    await expect(banner.locator("details.nav-menu")).not.toHaveAttribute("open", "");
    await expect(banner.locator("details.nav-menu > summary")).toBeFocused();

    await login.click();
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Log in" })).toBeVisible();
  });

  test.describe("without JS", () => {
    test.use({ javaScriptEnabled: false });
    test("Log in in the header opens the login dialog; the menu still opens", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("banner").locator("details.nav-menu > summary").click();
      await expect(page.getByRole("banner").locator(".nav-panel")).toBeVisible();
      await page.getByRole("banner").getByTestId("header-login").click();
      await expect(page).toHaveURL(/auth=login/);
      await expect(page.getByRole("dialog").getByRole("heading", { name: "Log in" })).toBeVisible();
    });
  });
});

test.describe("error screens inside the site layout, translated", () => {
  for (const width of [360, 1280]) {
    test(`the 404 page in Ukrainian at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      const response = await page.goto("/no-such-page?lng=ua");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("404: Сторінку не знайдено");
      await expect(page).toHaveTitle("404: Сторінку не знайдено");
      await expect(page.getByText("Такої сторінки не існує.")).toBeVisible();
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(page.getByRole("link", { name: "Повернутися на головну" })).toHaveAttribute("href", "/");
      await expectNoHorizontalOverflow(page);
      await page.screenshot({ path: shotPath(`404-ua-${width}`), fullPage: true });
    });
  }

  test("a refused page renders in the root error boundary with the header, translated, and a way home", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await loginAs(page, { status: "working_no_vehicle", language: "ua" });
    const response = await page.goto("/admin/users");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("У вас немає доступу до цієї сторінки.");
    // The header knows the courier (their dashboard link sits in the phone menu).
    await expect(page.getByRole("banner").locator('a[href="/dashboard"]').first()).toBeAttached();
    await expect(page.getByRole("banner").getByTestId("header-login")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("link", { name: "Повернутися на головну" })).toHaveAttribute("href", "/");
    await expectNoHorizontalOverflow(page);
  });
});

test.describe("the admin lists' plain links (AppLink)", () => {
  test("a click navigates inside the app without reloading the document; the section is marked; a modified click is left to the browser", async ({
    page,
  }) => {
    await loginAs(page, { role: "admin", language: "en" });
    // Its own name each run, so a retry finds one row, not the last try's too.
    const target = `applink-${Date.now().toString(36)}`;
    await createUser({ email: `${target}@example.com`, fullName: "Applink Target" });
    await page.goto(`/admin/users?q=${target}`);
    // Before hydration a click is the browser's own and reloads the document.
    await waitForHydration(page);
    // A value kept on window survives a client-side navigation and is gone after a reload.
    await page.evaluate(() => Object.assign(window, { keptAcrossNavigation: true }));
    const sidebar = page.locator(".admin-sidebar-wide");
    await expect(sidebar.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");

    await page.getByRole("cell").getByRole("link", { name: "Applink Target" }).click();
    await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Applink Target");
    expect(await page.evaluate(() => (window as { keptAcrossNavigation?: boolean }).keptAcrossNavigation)).toBe(true);
    // Still the Users section on a user's page (NavLink's rule: the path or one below it).
    await expect(sidebar.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");

    await sidebar.getByRole("link", { name: "Vehicles" }).click();
    await expect(page).toHaveURL(/\/admin\/vehicles$/);
    await expect(sidebar.getByRole("link", { name: "Vehicles" })).toHaveClass(/\bactive\b/);
    await expect(sidebar.getByRole("link", { name: "Users" })).not.toHaveAttribute("aria-current", "page");
    expect(await page.evaluate(() => (window as { keptAcrossNavigation?: boolean }).keptAcrossNavigation)).toBe(true);

    // Ctrl+click is the browser's (a new tab): the app leaves it alone. Whether headless Chromium then opens
    // the tab is its own business, so the page records what the app did and stops the tab itself.
    await page.evaluate(() =>
      window.addEventListener("click", (event) => {
        Object.assign(window, { leftToBrowser: !event.defaultPrevented });
        event.preventDefault();
      }),
    );
    await sidebar.getByRole("link", { name: "Users" }).click({ modifiers: ["ControlOrMeta"] });
    expect(await page.evaluate(() => (window as { leftToBrowser?: boolean }).leftToBrowser)).toBe(true);
    await expect(page).toHaveURL(/\/admin\/vehicles$/);
    await expect(sidebar.getByRole("link", { name: "Vehicles" })).toHaveAttribute("aria-current", "page");
  });

  test.describe("without JS", () => {
    test.use({ javaScriptEnabled: false });
    test("the same links are plain links", async ({ page }) => {
      await loginAs(page, { role: "admin", language: "en" });
      await page.goto("/admin/users");
      await page.locator(".admin-sidebar-wide").getByRole("link", { name: "Vehicles" }).click();
      await expect(page).toHaveURL(/\/admin\/vehicles$/);
      await expect(page.locator(".admin-sidebar-wide").getByRole("link", { name: "Vehicles" })).toHaveAttribute(
        "aria-current",
        "page",
      );
    });
  });
});
