import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { applications, problemReports, uploads } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { application, courier } from "../admin-fixtures";
import { png } from "../media-fixtures";
import { addWeeks, weekOf } from "~/domain/pay-week";
import { newPasswordResetToken } from "~/models/accounts.server";
import { getPendingHandover, recordHandover } from "~/models/handovers.server";
import { approveVehicleRequest, createVehicleRequest } from "~/models/vehicle-requests.server";
import { createVehicle } from "../dashboard-helpers";
import { agreedRent, createUser } from "../factories";
import { createPlatformRow, insertStatement, linkAccount } from "../pay-fixtures";
import { expect, loginAs, test, waitForHydration } from "./fixtures";

/**
 * Holds every script of the page until `release()`: what the test does meanwhile happens before
 * hydration, as on a slow phone. The page is opened without waiting for `load`, which scripts delay.
 */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const statusOf = (id: number) =>
  writerForTests().select({ status: applications.status }).from(applications).where(eq(applications.id, id)).get()
    ?.status;

type Field = { index: number; tag: string; type: string; name: string; options: string[] };
type Snapshot = Record<string, string | boolean>;

/** Every field of the form a person can change, in document order. */
function fieldsOf(form: ReturnType<Page["locator"]>) {
  return form.evaluate((element) =>
    [...(element as HTMLFormElement).querySelectorAll("input, textarea, select")].map((field, index) => {
      const input = field as HTMLInputElement;
      const usable =
        input.name &&
        input.type !== "hidden" &&
        !input.disabled &&
        !input.readOnly &&
        input.getClientRects().length > 0;
      return {
        index: usable ? index : -1,
        tag: field.tagName.toLowerCase(),
        type: input.type,
        name: input.name,
        options: field instanceof HTMLSelectElement ? [...field.options].map((o) => o.value).filter(Boolean) : [],
      };
    }),
  );
}

/** What the form holds now, by name (and value, for a box or a round choice). */
function snapshot(form: ReturnType<Page["locator"]>): Promise<Snapshot> {
  return form.evaluate((element) => {
    const held: Record<string, string | boolean> = {};
    for (const field of (element as HTMLFormElement).querySelectorAll("input, textarea, select")) {
      const input = field as HTMLInputElement;
      if (!input.name || input.type === "hidden") continue;
      if (input.type === "checkbox" || input.type === "radio") held[`${input.name}=${input.value}`] = input.checked;
      else if (input.type === "file") {
        const names = [...(input.files ?? [])].map((f) => f.name).join(",");
        // A document photo travels on its own once the form hydrates: the form then holds it as kept.
        const uploaded = input.closest(".doc-input")?.querySelector(".doc-kept");
        held[input.name] = names || (uploaded ? "(uploaded)" : "");
      } else held[input.name] = input.value;
    }
    return held;
  });
}

/** A value a person could have typed, fitting the field's kind. */
function typed(field: Field, text: string) {
  switch (field.type) {
    case "email":
      return `early.${field.name.replace(/\W/g, "")}@example.com`;
    case "password":
      return "Early-Typed-Pass-9!";
    case "number":
      return "7";
    case "date":
      return "2026-12-01";
    case "month":
      return "2026-12";
    case "time":
      return "09:30";
    case "tel":
      return "+421 900 123 456";
    case "url":
      return "https://example.com/early";
    default:
      return `${text} ${field.name}`;
  }
}

/**
 * Changes every field of the form as a person would (types, picks the last choice, ticks, attaches a
 * photo) and returns what it now holds, for the fields it changed.
 */
async function fillEveryField(form: ReturnType<Page["locator"]>, text = "Early") {
  const all = form.locator("input, textarea, select");
  for (const field of await fieldsOf(form)) {
    if (field.index < 0) continue;
    const target = all.nth(field.index);
    if (field.tag === "select") await target.selectOption(field.options.at(-1) ?? "");
    else if (field.type === "checkbox") await target.setChecked(!(await target.isChecked()));
    else if (field.type === "radio") await target.check();
    else if (field.type === "file") await target.setInputFiles(await photo(`${field.name}.png`));
    else if (field.type === "range" || field.type === "color") continue;
    else await target.fill(typed(field, text));
  }
  return snapshot(form);
}

let pngBytes: Buffer | undefined;
async function photo(name: string) {
  pngBytes ??= Buffer.from(await png(400, 260));
  return { name, mimeType: "image/png", buffer: pngBytes };
}

/** Opens `url` with its scripts held, fills `form`, releases the scripts; everything filled is still there. */
async function keptThroughHydration(
  page: Page,
  url: string,
  form: (page: Page) => ReturnType<Page["locator"]>,
  open?: (page: Page) => Promise<void>,
) {
  const release = await holdScripts(page);
  await page.goto(url, { waitUntil: "commit" });
  await form(page).waitFor({ state: "attached" });
  await open?.(page);
  const before = await fillEveryField(form(page));
  release();
  await waitForHydration(page);
  // A field taken over by the client renders after the page's own effects.
  await page.waitForTimeout(300);
  // Photos chosen before hydration are uploaded as drafts once the form hydrates.
  await expect(page.locator('.doc-input:not([data-upload="idle"])')).toHaveCount(0, { timeout: 20_000 });
  const after = await snapshot(form(page));
  const lost = Object.entries(before)
    .filter(([key, value]) => after[key] !== value && !(typeof value === "string" && after[key] === "(uploaded)"))
    .map(([key, value]) => `${key}: ${JSON.stringify(value)} -> ${JSON.stringify(after[key])}`);
  expect(lost, `fields of ${url} that lost what was done before hydration`).toEqual([]);
  return before;
}

test("review queue: r pressed before the scripts, then a reason with an a typed into the page approves nothing", async ({
  page,
}) => {
  await loginAs(page, { role: "admin", language: "en" });
  const shown = await application((await courier("applied_for_job", "Early Keys")).id);
  const release = await holdScripts(page);
  await page.goto(`/admin/applications/${shown.id}`, { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The keys are not offered before they work: the press below is visibly ignored.
  await expect(page.locator(".admin-queue-nav kbd, #approve-next kbd")).toHaveCount(0);
  await page.keyboard.press("r");
  release();
  await waitForHydration(page);
  await expect(page.locator("#approve-next kbd")).toHaveText("a");
  await page.locator(`html[data-review-keys="${shown.id}"]`).waitFor({ state: "attached" });
  // The admin believes the reason box is open and types into the page.
  await page.keyboard.type("Washed out photo", { delay: 80 });
  await page.waitForTimeout(800);
  await page.keyboard.press("Enter");
  await page.waitForLoadState("networkidle");
  expect(statusOf(shown.id)).toBe("pending");
});

test("a link clicked before hydration navigates, though the page hydrates meanwhile", async ({ page }) => {
  await loginAs(page, { role: "admin", language: "en" });
  const release = await holdScripts(page);
  await page.goto("/admin/dashboard", { waitUntil: "commit" });
  // The next page answers late: the page hydrates while the click's navigation waits.
  await page.route(/\/admin\/users$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.getByRole("link", { name: "Users", exact: true }).first().click({ noWaitAfter: true });
  release();
  await expect(page).toHaveURL(/\/admin\/users$/, { timeout: 10_000 });
});

test("a link clicked while the page hydrates navigates", async ({ page }) => {
  await loginAs(page, { role: "admin", language: "en" });
  const release = await holdScripts(page);
  await page.goto("/admin/dashboard", { waitUntil: "commit" });
  await expect(page.getByRole("link", { name: "Users", exact: true }).first()).toBeVisible();
  release();
  // The router exists (its modules ran) but React has not finished hydrating the page.
  await page.waitForFunction(() => "__reactRouterDataRouter" in window || "__reactRouterRouteModules" in window, null, {
    polling: 1,
  });
  const hydrated = await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));
  await page.getByRole("link", { name: "Users", exact: true }).first().click();
  console.log("hydrated at click", hydrated);
  await expect(page).toHaveURL(/\/admin\/users$/, { timeout: 10_000 });
});

test.describe("every form keeps what was done in it before hydration", () => {
  test.use({ viewport: { width: 1280, height: 900 }, locale: "en-GB" });

  for (const view of ["login", "register", "forgot"] as const) {
    test(`auth: ${view}`, async ({ page }) => {
      await keptThroughHydration(page, `/?auth=${view}&lng=en`, (p) => p.locator(`form[action="/auth/${view}"]`));
    });
  }

  test("reset password", async ({ page }) => {
    const user = await createUser({ status: "confirmed_account" });
    const { token } = (await newPasswordResetToken(user.email))!;
    await keptThroughHydration(page, `/reset-password/${token}?lng=en`, (p) =>
      p.locator("form", { has: p.locator('input[type="password"]') }).first(),
    );
  });

  test("application: every field, and every photo arrives as a draft", async ({ page }) => {
    const user = await loginAs(page, { status: "confirmed_account", language: "en" });
    const before = await keptThroughHydration(page, "/dashboard", (p) => p.locator("form#application"));
    const photos = Object.entries(before).filter(([, value]) => typeof value === "string" && value.endsWith(".png"));
    expect(photos.length).toBeGreaterThan(0);
    const stored = writerForTests().select().from(uploads).where(eq(uploads.ownerId, user.id)).all();
    expect(stored.length).toBe(photos.length);
  });

  test("vehicle request", async ({ page }) => {
    await loginAs(page, { status: "working_no_vehicle", language: "en" });
    await createVehicle({ name: `Early Scooter ${Date.now().toString(36)}` });
    await keptThroughHydration(page, "/dashboard?modal=vehicle", (p) =>
      p.locator('form[action^="/dashboard/vehicle-request"]').first(),
    );
  });

  test("problem report", async ({ page }) => {
    const courier = await loginAs(page, { status: "working_no_vehicle", language: "en" });
    const admin = await createUser({ role: "admin" });
    const vehicle = await createVehicle({ name: `Early Report ${Date.now().toString(36)}` });
    await approveVehicleRequest(admin.id, (await createVehicleRequest(courier.id, vehicle.id, await agreedRent())).id);
    const form = (p: Page) => p.locator('form[action^="/dashboard/report"]');
    const before = await keptThroughHydration(page, "/dashboard?modal=report", form);
    await form(page).locator('button[type="submit"]').click();
    await expect(page.getByText("Report sent.").first()).toBeVisible();
    const report = writerForTests().select().from(problemReports).where(eq(problemReports.userId, courier.id)).get();
    expect(report?.description).toBe(before.description);
    const photos = writerForTests().select().from(uploads).where(eq(uploads.problemReportId, report!.id)).all();
    expect(photos.length).toBeGreaterThan(0);
  });

  test("handover dispute", async ({ page }) => {
    const courier = await loginAs(page, { status: "working_no_vehicle", language: "en" });
    const admin = await createUser({ role: "admin" });
    const vehicle = await createVehicle({ name: `Early Dispute ${Date.now().toString(36)}` });
    await approveVehicleRequest(admin.id, (await createVehicleRequest(courier.id, vehicle.id, await agreedRent())).id);
    const pending = (await getPendingHandover(vehicle.id, "check_out"))!;
    const note = { batteryPercent: 80, odometerKm: 12, damages: { deck: "dent" as const }, note: null };
    await recordHandover(admin.id, pending.handover.id, note, []);
    await keptThroughHydration(
      page,
      "/dashboard",
      (p) => p.locator('form[action="/dashboard/handover-dispute"]'),
      // The note is behind "I disagree", a disclosure that opens without scripts.
      (p) => p.getByTestId("confirm-check_out").getByText("I disagree").click(),
    );
  });

  test("bank details and pay question", async ({ page }) => {
    const user = await loginAs(page, { status: "working_with_vehicle", language: "en" });
    const platform = await createPlatformRow();
    await linkAccount(platform.id, `E2E-${user.id}`, user.id, "2026-01-01");
    await insertStatement(user.id, addWeeks(weekOf(new Date()), -1), { status: "approved" });
    await keptThroughHydration(page, "/dashboard/pay?lng=en", (p) => p.locator("form#bank-details"));
    await keptThroughHydration(
      page,
      "/dashboard/pay?lng=en",
      (p) => p.locator("form", { has: p.locator('input[name="intent"][value="question"]') }).first(),
      (p) => p.locator(".pay-ask summary").first().click(),
    );
  });

  test("admin: reject reason", async ({ page }) => {
    await loginAs(page, { role: "admin", language: "en" });
    const shown = await application((await courier("applied_for_job", "Early Reject")).id);
    const form = (p: Page) => p.locator("form", { has: p.locator('input[name="intent"][value="reject"]') });
    const before = await keptThroughHydration(page, `/admin/applications/${shown.id}`, form);
    await form(page).getByRole("button", { name: "Reject", exact: true }).click();
    await expect(page).not.toHaveURL(new RegExp(`/admin/applications/${shown.id}$`));
    const row = writerForTests().select().from(applications).where(eq(applications.id, shown.id)).get();
    expect(row?.status).toBe("rejected");
    expect(row?.rejectionReason).toContain(String(before.reason ?? before.note ?? ""));
  });

  for (const path of ["news/new", "vehicles/new", "settings/rules", "settings/company", "content/faq/new"]) {
    test(`admin: ${path}`, async ({ page }) => {
      await loginAs(page, { role: "admin", language: "en" });
      await keptThroughHydration(page, `/admin/${path}`, (p) => p.locator("main form").last());
    });
  }

  test("admin: service record", async ({ page }) => {
    await loginAs(page, { role: "admin", language: "en" });
    const vehicle = await createVehicle({ name: `Early Service ${Date.now().toString(36)}` });
    await keptThroughHydration(page, `/admin/vehicles/${vehicle.id}/service`, (p) => p.locator("main form").last());
  });
});
