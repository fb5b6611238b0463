import type { Page, Request } from "@playwright/test";
import { count } from "drizzle-orm";
import { vehicles } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { expect, loginAs, test, waitForHydration } from "./fixtures";

/**
 * The forms' validators (Zod and the schemas) arrive in a chunk of their own after the form has hydrated
 * (app/components/lazy-validation.ts). Before they arrive, or if they never do, the action checks the same
 * schema and the same translated message appears in place; once they are here, the browser checks alone.
 */
const VALIDATORS = /\/assets\/validators-[^/]+\.js$/;

/** The form posts the page makes (the page-view count is not one). */
function postsOf(page: Page) {
  const posts: string[] = [];
  page.on("request", (request: Request) => {
    if (request.method() === "POST" && !request.url().includes("/api/track/")) posts.push(request.url());
  });
  return posts;
}

const vehicleCount = () => writerForTests().select({ n: count() }).from(vehicles).get()?.n ?? 0;

test.describe("validation while the validators are on their way", () => {
  // The blocked chunk, and the action's answer to an invalid form (400).
  test.use({ allowedConsoleErrors: [/net::ERR_FAILED|status of 400/] });
  test("the vehicle form: the action answers while they are missing, the browser once they are here", async ({
    page,
  }) => {
    await loginAs(page, { role: "admin", language: "en" });
    const before = vehicleCount();
    await page.route(VALIDATORS, (route) => route.abort());
    const posts = postsOf(page);
    await page.goto("/admin/vehicles/new");
    await waitForHydration(page);
    const name = page.getByLabel("Name", { exact: true });
    // A blur does not send the form to the server to be checked.
    await name.focus();
    await name.blur();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("This field is required.").first()).toBeVisible();
    expect(posts).toHaveLength(1);
    await expect(page).toHaveURL(/\/admin\/vehicles\/new$/);
    expect(vehicleCount()).toBe(before);

    await page.unroute(VALIDATORS);
    const arrived = page.waitForResponse(VALIDATORS);
    await page.goto("/admin/vehicles/new");
    await waitForHydration(page);
    await arrived;
    await name.focus();
    await name.blur();
    await expect(page.getByText("This field is required.").first()).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();
    expect(posts).toHaveLength(1);
    expect(vehicleCount()).toBe(before);
  });

  test("the forgot-password dialog: the same message from the action and from the browser", async ({ page }) => {
    await page.route(VALIDATORS, (route) => route.abort());
    const posts = postsOf(page);
    await page.goto("/?auth=forgot&lng=en");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await expect(dialog.getByText("Please enter your e-mail.")).toBeVisible();
    expect(posts).toHaveLength(1);

    await page.unroute(VALIDATORS);
    const arrived = page.waitForResponse(VALIDATORS);
    await page.goto("/?auth=forgot&lng=en");
    await waitForHydration(page);
    await arrived;
    await dialog.getByRole("button", { name: "Send reset link" }).click();
    await expect(dialog.getByText("Please enter your e-mail.")).toBeVisible();
    await dialog.locator("input[name=email]").fill("not-an-address");
    await expect(dialog.getByText("Please enter a valid e-mail address.")).toBeVisible();
    expect(posts).toHaveLength(1);
  });
});
