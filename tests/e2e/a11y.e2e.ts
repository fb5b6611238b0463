import { AxeBuilder } from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { applications, handovers, serviceRecords, vehicles } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { application, vehicle } from "../admin-fixtures";
import { storedDocument } from "../dashboard-helpers";
import { createUser, enrolSecondFactor } from "../factories";
import { png } from "../media-fixtures";
import { expect, loginAs, test, waitForHydration } from "./fixtures";

/**
 * Accessibility (docs/performance.md, "Accessibility"): axe-core on every screen of the product with no serious or critical
 * violation (WCAG 2.1 A/AA rules), form fields labelled, dialogs that trap focus, close on Escape and
 * give focus back, and keyboard-only journeys for registration and the job application.
 *
 * The three languages share one markup, so each screen is analysed once, the groups spread over the
 * languages; the home page (where `lang` and the header's texts differ) in all three. That every
 * language has every text is app/infra/locales.test.ts; that a missing one fails is the i18n test.
 */

test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 40[34]/] });

async function expectNoSeriousViolations(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(500);
  // Hydrated, so what axe sees is what a visitor with JavaScript gets.
  await waitForHydration(page);
  await expectNoSeriousViolationsNow(page, url);
}

/** axe on the page as it stands (after something was opened on it). */
async function expectNoSeriousViolationsNow(page: Page, url: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
  expect(serious, `${url}`).toEqual([]);
}

/** Every visible form control has an accessible name. */
async function expectLabelledFields(page: Page) {
  const unlabelled = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("input:not([type=hidden]), select, textarea")]
      .filter((el) => el.offsetParent !== null || el.getClientRects().length > 0)
      .filter((el) => {
        const labelled =
          (el as HTMLInputElement).labels?.length ||
          el.getAttribute("aria-label") ||
          el.getAttribute("aria-labelledby") ||
          el.getAttribute("title");
        return !labelled;
      })
      .map((el) => el.outerHTML.slice(0, 120)),
  );
  expect(unlabelled).toEqual([]);
}

/** axe and the labels on one screen, as it stands after hydration. */
async function checkScreen(page: Page, url: string) {
  await expectNoSeriousViolations(page, url);
  await expectLabelledFields(page);
}

/**
 * Space on a focused file input opens the chooser. On a loaded machine Chromium now and then drops the
 * first press before the chooser is intercepted; a second press is what a person would do too.
 */
async function chooserFromSpace(page: Page) {
  for (let attempt = 1; ; attempt++) {
    const chooser = page.waitForEvent("filechooser", { timeout: 10_000 });
    await page.keyboard.press("Space");
    try {
      return await chooser;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

test.describe("axe", () => {
  // One screen per test: axe alone takes 15 s on one page when the two-core machine is loaded.
  test.describe.configure({ timeout: 90_000 });

  for (const lng of ["sk", "ua", "en"]) {
    test(`home (${lng})`, async ({ page }) => {
      await checkScreen(page, `/?lng=${lng}`);
    });
  }

  for (const url of [
    "/?auth=login",
    "/?auth=register",
    "/?auth=forgot",
    "/activate/not-a-real-token",
    "/reset-password/not-a-real-token",
    "/no-such-page",
  ]) {
    test(`public: ${url} (sk)`, async ({ page }) => {
      await checkScreen(page, `${url}${url.includes("?") ? "&" : "?"}lng=sk`);
    });
  }

  const states = [
    ["created_account", "/dashboard"],
    ["confirmed_account", "/dashboard"],
    ["applied_for_job", "/dashboard"],
    ["job_rejected", "/dashboard"],
    ["working_no_vehicle", "/dashboard"],
    ["working_no_vehicle", "/dashboard?modal=vehicle"],
    ["applied_for_vehicle", "/dashboard"],
    ["lease_expired", "/dashboard"],
  ] as const;
  for (const [status, url] of states) {
    test(`courier dashboard: ${status} ${url} (ua)`, async ({ page }) => {
      await loginAs(page, { status, language: "ua" });
      await checkScreen(page, url);
    });
  }

  test("admin vehicle page, its handover form (en)", async ({ page }) => {
    const admin = await loginAs(page, { role: "admin", language: "en" });
    // A leased vehicle whose check-out waits to be recorded, with a service record: the vehicle page's
    // handover and service sections and the handover form.
    const courier = await createUser({ status: "working_with_vehicle" });
    const leased = await vehicle({
      status: "in_use",
      assignedUserId: courier.id,
      leaseEndsAt: new Date(Date.now() + 20 * 86_400_000),
      odometerKm: 120,
    });
    writerForTests().insert(handovers).values({ kind: "check_out", vehicleId: leased.id, userId: courier.id }).run();
    writerForTests()
      .insert(serviceRecords)
      .values({
        vehicleId: leased.id,
        serviceDate: new Date(),
        description: "Brake pads",
        costCents: 4990,
        nextDueKm: 2000,
        createdById: admin.id,
      })
      .run();
    await checkScreen(page, `/admin/vehicles/${leased.id}`);
    await checkScreen(page, `/admin/vehicles/${leased.id}/handover?kind=check_out`);
  });

  for (const url of [
    "/admin",
    "/admin/users",
    "/admin/users/:self",
    "/admin/applications",
    "/admin/vehicles",
    "/admin/vehicles/new",
    "/admin/vehicle-requests",
    "/admin/problem-reports",
    "/admin/news",
    "/admin/news/new",
    "/admin/referrals",
    "/admin/audit",
    "/admin/content",
    "/admin/content/faq/new",
    "/admin/content/fleet/new",
    "/admin/content/partners/new",
    "/admin/settings/company",
  ]) {
    test(`admin: ${url} (en)`, async ({ page }) => {
      const admin = await loginAs(page, { role: "admin", language: "en" });
      await checkScreen(page, url.replace(":self", String(admin.id)));
    });
  }

  test("admin: vehicle requests with an expired lease in the leases table (en)", async ({ page }) => {
    await loginAs(page, { role: "admin", language: "en" });
    const courier = await createUser({ status: "lease_expired" });
    const expired = await vehicle({
      status: "in_use",
      assignedUserId: courier.id,
      leaseEndsAt: new Date(Date.now() - 2 * 86_400_000),
    });
    try {
      // The row is marked, and its user link sits beside the badge "Lease expired".
      await checkScreen(page, `/admin/vehicle-requests?q=${encodeURIComponent(courier.email)}`);
      await expect(page.locator(".admin-row-alert")).toHaveCount(1);
    } finally {
      writerForTests().delete(vehicles).where(eq(vehicles.id, expired.id)).run();
    }
  });

  // Parts that scroll inside a fixed height must take focus, or a keyboard cannot scroll them.
  test("admin: the dashboard's traffic table opened (en)", async ({ page }) => {
    await loginAs(page, { role: "admin", language: "en" });
    await page.goto("/admin");
    await waitForHydration(page);
    await page.getByText("Traffic as a table").click();
    await expect(page.locator(".admin-traffic-table .table-wrap")).toBeVisible();
    await expectNoSeriousViolationsNow(page, "/admin, the traffic table");
  });

  test("admin: an application's document zoomed (en)", async ({ page }) => {
    await loginAs(page, { role: "admin", language: "en" });
    const courier = await createUser({ status: "applied_for_job" });
    const applied = await application(courier.id);
    // A real stored file, larger than the dialog: it shows, and nothing answers 404.
    const document = await storedDocument(courier.id, "id_front", { applicationId: applied.id, size: [1600, 1200] });
    try {
      await expectNoSeriousViolations(page, `/admin/applications/${applied.id}?doc=${document.id}`);
      await expect(page.locator(".admin-zoom img")).toBeVisible();
    } finally {
      // A pending application would stay first in the queues of this worker's later admin journeys.
      writerForTests().delete(applications).where(eq(applications.id, applied.id)).run();
    }
  });

  test("second-factor page: enrolment, then verification (sk)", async ({ page }) => {
    const admin = await loginAs(page, { role: "admin", language: "sk", secondFactorPending: true });
    await expectNoSeriousViolations(page, "/auth/second-factor");
    await expect(page.locator(".totp-qr")).toBeVisible();
    await expectLabelledFields(page);
    await enrolSecondFactor(admin.id);
    await expectNoSeriousViolations(page, "/auth/second-factor");
    await expect(page.locator(".totp-qr")).toHaveCount(0);
    await expectLabelledFields(page);
  });

  test("the sessions page (sk)", async ({ page }) => {
    await loginAs(page, { role: "admin", language: "sk" });
    await checkScreen(page, "/account/sessions");
  });
});

/** Presses Tab until `target` has focus, as a keyboard user would (at most `limit` presses). */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`could not reach ${target} with the keyboard`);
}

/**
 * Tab and Shift+Tab never put focus on the page behind a modal: it stays in the dialog (or, past
 * its last control, leaves for the browser's own toolbar, which a modal <dialog> allows) and
 * comes back into the dialog.
 */
async function expectFocusTrapped(page: Page, dialog: Locator, presses: number) {
  const where = () =>
    dialog.evaluate((d) =>
      d.contains(document.activeElement)
        ? "dialog"
        : document.activeElement === document.body || !document.hasFocus()
          ? "browser"
          : document.activeElement!.outerHTML.slice(0, 80),
    );
  const seen = new Set<string>();
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < presses; i++) {
      await page.keyboard.press(key);
      const at = await where();
      seen.add(at);
      expect(["dialog", "browser"], `focus after ${i + 1} × ${key}`).toContain(at);
    }
  }
  expect(seen.has("dialog")).toBe(true);
}

test.describe("keyboard only", () => {
  // Dozens of key presses, each a round trip to the browser: slow when the machine is loaded.
  test.describe.configure({ timeout: 90_000 });
  test("the auth dialog traps focus, closes on Escape and gives focus back", async ({ page }) => {
    await page.goto("/?lng=en");
    await waitForHydration(page);
    const opener = page.getByRole("banner").getByRole("link", { name: "Log in" }).first();
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expectFocusTrapped(page, dialog, 25);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("a dashboard dialog traps focus, closes on Escape and gives focus back", async ({ page }) => {
    await loginAs(page, { status: "working_no_vehicle", language: "en" });
    await page.goto("/dashboard");
    await waitForHydration(page);
    const opener = page.getByRole("link", { name: "Request a vehicle" });
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expectFocusTrapped(page, dialog, 15);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("a dashboard dialog opened by its address closes on Escape once the page has hydrated", async ({ page }) => {
    await loginAs(page, { status: "working_no_vehicle", language: "en" });
    await page.goto("/dashboard?modal=vehicle");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole("link", { name: "Close" }));
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("registration with the keyboard alone", async ({ page }) => {
    await page.goto("/?lng=en");
    await waitForHydration(page);
    await tabTo(page, page.getByRole("banner").getByRole("link", { name: "Register" }).first());
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await tabTo(page, dialog.locator("input[name=email]"));
    await page.keyboard.type(`keyboard-${Date.now().toString(36)}@example.com`);
    await tabTo(page, dialog.locator("input[name=password]"));
    await page.keyboard.type("Kuriér-Jazda-7!");
    const submit = dialog.getByRole("button", { name: "Register" });
    await expect(submit).toBeEnabled({ timeout: 15_000 });
    await tabTo(page, submit);
    await page.keyboard.press("Enter");
    await expect(dialog.getByText("Registration successful")).toBeVisible({ timeout: 15_000 });
  });

  test("the job application with the keyboard alone", async ({ page }) => {
    await loginAs(page, { status: "confirmed_account", language: "en" });
    await page.goto("/dashboard");
    await waitForHydration(page);
    const type = async (label: Locator, text: string) => {
      await tabTo(page, label);
      await page.keyboard.type(text);
    };
    await type(page.getByLabel("Full name (as in passport)"), "Olena Kovalenko");
    await type(page.getByRole("spinbutton", { name: /^Age/ }), "24");
    await type(page.getByLabel("Phone number (Slovak)"), "0903 555 123");
    await tabTo(page, page.getByLabel("Preferred contact method"));
    await page.keyboard.press("End"); // the last choice (Viber); keys change a closed select in Chromium
    // A messenger needs the courier's username in it.
    await type(page.getByLabel("Username in the chosen app"), "olena_k");
    // Citizenship: Tab enters the radio group on its first choice, the arrow keys move to "Another country".
    await tabTo(page, page.getByRole("radio", { name: "Slovak" }));
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("radio", { name: "Another country", exact: true })).toBeChecked();
    const card = await png(400, 260);
    // Identity documents plus the refugee document (for "another country" a residence permit or it is required).
    for (const field of ["face_photo", "id_front", "id_back", "refugee_document"]) {
      const input = page.locator(`input[name="${field}"][type="file"]`);
      await tabTo(page, input);
      const chooser = await chooserFromSpace(page);
      await chooser.setFiles({ name: `${field}.png`, mimeType: "image/png", buffer: Buffer.from(card) });
    }
    const validUntil = page.getByLabel("Residence permit or refugee document valid until");
    await tabTo(page, validUntil);
    await validUntil.fill(new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10));
    await tabTo(page, page.getByRole("button", { name: "Submit application" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("link", { name: "View my application" })).toBeVisible({ timeout: 15_000 });
  });
});
