import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { problemReports, referralLinks, users } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { application, courier, problemReport } from "../admin-fixtures";
import { createUser, sessionCookieHeader } from "../factories";
import { png } from "../media-fixtures";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test } from "./fixtures";

mkdirSync("test-results/screens", { recursive: true });

const ADMIN_PATHS = [
  "/admin",
  "/admin/dashboard",
  "/admin/users",
  "/admin/users/export.csv",
  "/admin/referrals",
  "/admin/news",
  "/admin/news/new",
  "/admin/vehicles",
  "/admin/vehicles/new",
  "/admin/applications",
  "/admin/vehicle-requests",
  "/admin/problem-reports",
  "/admin/audit",
];

const asAdmin = (page: Page) => loginAs(page, { role: "admin", language: "en" });
const statusOf = (id: number) =>
  writerForTests().select({ status: users.status }).from(users).where(eq(users.id, id)).get()?.status;

test.describe("admin authorization over HTTP, pages and .data requests", () => {
  test.use({ allowedConsoleErrors: [/status of 403/] });
  test("visitor → log in, user → 403, admin → 200", async ({ playwright, baseURL }) => {
    const admin = await createUser({ role: "admin" });
    const user = await createUser({ role: "user" });
    const clients = {
      visitor: await playwright.request.newContext({ baseURL, maxRedirects: 0 }),
      user: await playwright.request.newContext({
        baseURL,
        maxRedirects: 0,
        extraHTTPHeaders: { Cookie: await sessionCookieHeader(user.id) },
      }),
      admin: await playwright.request.newContext({
        baseURL,
        maxRedirects: 0,
        extraHTTPHeaders: { Cookie: await sessionCookieHeader(admin.id) },
      }),
    };
    for (const path of ADMIN_PATHS) {
      const urls = path.endsWith(".csv") ? [path] : [path, path === "/admin" ? "/admin.data" : `${path}.data`];
      for (const url of urls) {
        const visitor = await clients.visitor.get(url);
        const location =
          visitor.headers()["location"] ?? visitor.headers()["x-remix-redirect"] ?? (await visitor.text());
        expect([url, [302, 202, 204].includes(visitor.status()) || visitor.status() === 200, location]).toEqual([
          url,
          true,
          expect.stringContaining("auth=login"),
        ]);
        expect([url, (await clients.user.get(url)).status()]).toEqual([url, 403]);
        expect([url, (await clients.admin.get(url)).status()]).toEqual([url, 200]);
      }
    }
    await Promise.all(Object.values(clients).map((c) => c.dispose()));
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`admin journeys (${javaScriptEnabled ? "with" : "without"} JS)`, () => {
    // A refused form (400, 409) is answered with its status; the browser logs that as a failed load.
    test.use({ javaScriptEnabled, allowedConsoleErrors: [/status of 40[09]/] });

    test("approve an application and the courier's status changes", async ({ page }) => {
      await asAdmin(page);
      const target = await courier("applied_for_job", `Applicant ${javaScriptEnabled}`);
      const app = await application(target.id);
      // Searched by e-mail: earlier journeys of this worker leave pending applications of their own.
      await page.goto(`/admin/applications?status=pending&q=${encodeURIComponent(target.email)}`);
      await page.getByRole("link", { name: "Ivan Test" }).click();
      await page.goto(`/admin/applications/${app.id}`);
      await page.getByRole("button", { name: "Approve", exact: true }).click();
      await expect(page.getByText("Approved", { exact: true }).first()).toBeVisible();
      expect(statusOf(target.id)).toBe("working_no_vehicle");
      await page.goto(`/admin/users/${target.id}`);
      await expect(page.getByRole("cell", { name: "Working (no vehicle)" }).first()).toBeVisible();
    });

    test("create a vehicle with three images and be refused a fourth", async ({ page }) => {
      await asAdmin(page);
      await page.goto("/admin/vehicles/new");
      await page.getByLabel("Name").fill("Kugoo Kirin G2");
      await page.getByLabel("Serial number").fill(`E2E-${javaScriptEnabled}-${Date.now()}`);
      await page
        .getByRole("group", { name: "Characteristics" })
        .getByLabel("Slovak (SK)")
        .fill("1000 W, dojazd až 80 km");
      const images = await Promise.all(
        [1, 2, 3].map(async (n) => ({
          name: `s${n}.png`,
          mimeType: "image/png",
          buffer: Buffer.from(await png(80 + n, 60)),
        })),
      );
      await page.locator('input[name="images"]').setInputFiles(images);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByRole("heading", { name: "Kugoo Kirin G2" })).toBeVisible();
      await expect(page.getByRole("img", { name: /Vehicle image/ })).toHaveCount(3);
      await page
        .locator('input[name="images"]')
        .setInputFiles([{ name: "s4.png", mimeType: "image/png", buffer: Buffer.from(await png(50, 50)) }]);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("A vehicle can have at most 3 images. Remove one first.")).toBeVisible();
      await page.goto(page.url());
      await expect(page.getByRole("img", { name: /Vehicle image/ })).toHaveCount(3);
    });

    test("answer a problem report from its URL-addressable modal", async ({ page }) => {
      await asAdmin(page);
      const target = await courier("working_with_vehicle");
      const report = await problemReport(target.id);
      await page.goto("/admin/problem-reports?status=open");
      await page.getByRole("link", { name: "Brake squeaks" }).first().click();
      await page.goto(`/admin/problem-reports?status=open&report=${report.id}`);
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      if (javaScriptEnabled) {
        // The browser's own required check is bypassed to show the server's message.
        await dialog.locator("textarea").evaluate((el) => el.removeAttribute("required"));
        await dialog.getByRole("button", { name: "Send reply" }).click();
        await expect(dialog.getByText("Reply cannot be empty.")).toBeVisible();
      }
      await dialog.locator("textarea").fill("Come to the depot tomorrow, we will replace the pads.");
      await dialog.getByRole("button", { name: "Send reply" }).click();
      await expect(
        page.getByRole("dialog").getByTestId("admin-thread").getByText("Come to the depot tomorrow"),
      ).toBeVisible();
      const status = () =>
        writerForTests().select().from(problemReports).where(eq(problemReports.id, report.id)).get()?.status;
      // Replying is not resolving: that is a separate action, and so is reopening.
      expect(status()).toBe("open");
      await page.getByRole("dialog").getByRole("button", { name: "Mark as resolved" }).click();
      await expect(page.getByRole("dialog").getByRole("button", { name: "Reopen" })).toBeVisible();
      expect(status()).toBe("resolved");
      await page.screenshot({
        path: shotPath(`admin-report-resolved-${javaScriptEnabled ? "js" : "nojs"}`),
        fullPage: true,
      });
      await page.getByRole("dialog").getByRole("button", { name: "Reopen" }).click();
      await expect(page.getByRole("dialog").getByRole("button", { name: "Mark as resolved" })).toBeVisible();
      expect(status()).toBe("open");
    });

    test("create and delete a referral link", async ({ page }) => {
      await asAdmin(page);
      const name = `Flyer ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
      await page.goto("/admin/referrals");
      await page.getByLabel("Name").fill(name);
      await page.getByRole("button", { name: "Create link" }).click();
      const row = page.getByRole("row").filter({ hasText: name });
      await expect(row).toBeVisible();
      const code = writerForTests().select().from(referralLinks).where(eq(referralLinks.name, name)).get()!.code;
      await expect(row.getByRole("textbox")).toHaveValue(new RegExp(`/\\?ref=${code}$`));
      await expect(row.getByRole("button", { name: "Copy link" })).toHaveCount(javaScriptEnabled ? 1 : 0);
      await row.getByRole("link", { name: `Delete ${name}` }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
    });
  });
}

test.describe("admin screens at 1280 and 360 px", () => {
  for (const width of [1280, 360]) {
    test(`no horizontal overflow at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await asAdmin(page);
      const target = await courier("applied_for_job", "Screen Shot");
      const app = await application(target.id);
      const report = await problemReport(target.id);
      for (const [name, path] of [
        ["dashboard", "/admin/dashboard"],
        ["users", "/admin/users"],
        ["user-detail", `/admin/users/${target.id}`],
        ["application", `/admin/applications/${app.id}`],
        ["vehicles", "/admin/vehicles"],
        ["vehicle-new", "/admin/vehicles/new"],
        ["requests", "/admin/vehicle-requests"],
        ["report", `/admin/problem-reports?report=${report.id}`],
        ["news-new", "/admin/news/new"],
        ["referrals", "/admin/referrals"],
        ["audit", "/admin/audit"],
      ] as const) {
        await page.goto(path);
        await expect(page.locator(".admin-content h1").first()).toBeVisible();
        if (name === "dashboard") await expect(page.locator(".admin-chart .recharts-surface")).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await page.screenshot({ path: `test-results/screens/admin-${name}-${width}.png`, fullPage: true });
      }
    });
  }
});
