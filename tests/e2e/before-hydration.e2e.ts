import type { Page, Request } from "@playwright/test";
import { eq } from "drizzle-orm";
import { readFileSync } from "node:fs";
import path from "node:path";
import { applications, handovers, problemReports, uploads } from "~db/schema";
import { stageEarningsFile } from "~/models/earnings-import.server";
import { writerForTests } from "~/infra/db.server";
import { application, courier, problemReport } from "../admin-fixtures";
import { askAboutLine } from "~/models/pay-questions.server";
import { png } from "../media-fixtures";
import { addWeeks, weekOf } from "~/domain/pay-week";
import { newPasswordResetToken } from "~/models/accounts.server";
import { getPendingHandover, recordHandover } from "~/models/handovers.server";
import { approveVehicleRequest, createVehicleRequest } from "~/models/vehicle-requests.server";
import { createVehicle, receivedFile } from "../dashboard-helpers";
import { agreedRent, createUser, TEST_PASSWORD } from "../factories";
import { createPlatformRow, insertStatement, linkAccount } from "../pay-fixtures";
import { expect, loginAs, test, waitForHydration } from "./fixtures";

/** How long the scripts are held at least, as on a slow phone. */
const HELD_MS = 3_000;

/**
 * Holds every script of the page for HELD_MS and until `release()`: what the test does meanwhile happens
 * before hydration. The page is opened without waiting for `load`, which scripts delay.
 */
async function holdScripts(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = new Promise((resolve) => setTimeout(resolve, HELD_MS));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await Promise.all([released, held]);
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

/**
 * Fields whose value React owns (a `value` prop, or `checked` for a box or a round choice). Hydration
 * leaves what was typed in the DOM, but the next render of such a field puts React's value back.
 */
function controlledByReact(form: ReturnType<Page["locator"]>) {
  return form.evaluate((element) =>
    [...(element as HTMLFormElement).querySelectorAll("input, textarea, select")].flatMap((field) => {
      const input = field as HTMLInputElement;
      if (!input.name || input.type === "hidden") return [];
      const key = Object.keys(field).find((k) => k.startsWith("__reactProps$"));
      const props = (key ? (field as unknown as Record<string, Record<string, unknown>>)[key] : undefined) ?? {};
      const box = input.type === "checkbox" || input.type === "radio";
      return (box ? props.checked : props.value) === undefined ? [] : [input.name];
    }),
  );
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
async function fillEveryField(form: ReturnType<Page["locator"]>, values: Record<string, string> = {}) {
  const all = form.locator("input, textarea, select");
  for (const field of await fieldsOf(form)) {
    if (field.index < 0) continue;
    const target = all.nth(field.index);
    const given = values[field.name];
    if (given !== undefined && field.tag !== "select" && field.type !== "radio" && field.type !== "checkbox")
      await target.fill(given);
    else if (field.tag === "select") await target.selectOption(given ?? field.options.at(-1) ?? "");
    else if (field.type === "checkbox") await target.setChecked(!(await target.isChecked()));
    else if (field.type === "radio") await target.check();
    else if (field.type === "file") await target.setInputFiles(await photo(`${field.name}.png`));
    else if (field.type === "range" || field.type === "color") continue;
    else await target.fill(typed(field, "Early"));
  }
  return snapshot(form);
}

let pngBytes: Buffer | undefined;
async function photo(name: string) {
  pngBytes ??= Buffer.from(await png(400, 260));
  return { name, mimeType: "image/png", buffer: pngBytes };
}

type Journey = {
  /** Opens what holds the form (a disclosure) before the fields are filled. */
  open?: (page: Page) => Promise<void>;
  /** Values the form accepts, by field name, where a made-up one would be refused before sending. */
  values?: Record<string, string>;
  /** Sends the form after hydration and checks the post carries every value. */
  submit?: boolean;
  /**
   * The post is checked as the browser sends it, and the server gets an empty one instead: the operator's
   * settings, posts and vehicles of the server every journey shares stay as the other journeys expect.
   */
  dryRun?: boolean;
};

/**
 * Opens `url` with its scripts held, fills `form`, releases the scripts; everything filled is still
 * there, and (with `submit`) is in what the form posts.
 */
async function keptThroughHydration(
  page: Page,
  url: string,
  form: (page: Page) => ReturnType<Page["locator"]>,
  { open, values, submit, dryRun }: Journey = {},
) {
  const release = await holdScripts(page);
  await page.goto(url, { waitUntil: "commit" });
  await form(page).waitFor({ state: "attached" });
  await open?.(page);
  const before = await fillEveryField(form(page), values);
  expect(Object.keys(before).length, `fields filled in ${url}`).toBeGreaterThan(0);
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
  expect(await controlledByReact(form(page)), `fields of ${url} React owns`).toEqual([]);
  if (submit) {
    const action = new URL((await form(page).getAttribute("action")) ?? page.url(), page.url()).pathname;
    const isPost = (request: Request) =>
      request.method() === "POST" && new URL(request.url()).pathname.replace(/\.data$/, "") === action;
    // With dryRun the post is read where it leaves the browser, before the server gets an empty one instead.
    let sent: (sent: FormData) => void = () => {};
    const intercepted = new Promise<FormData>((resolve) => (sent = resolve));
    if (dryRun)
      await page.route(
        () => true,
        async (route) => {
          if (!isPost(route.request())) return route.fallback();
          sent(await sentFields(route.request()));
          await route.continue({
            postData: "intent=left-unsent",
            headers: { ...route.request().headers(), "content-type": "application/x-www-form-urlencoded" },
          });
        },
      );
    const posted = dryRun ? intercepted : page.waitForRequest(isPost).then(sentFields);
    await form(page).locator('button[type="submit"]').first().click();
    expect(missingFrom(await posted, before), `fields ${url} did not send`).toEqual([]);
  }
  return before;
}

/** The fields of a form post, multipart or not. */
function sentFields(request: Request) {
  const type = request.headers()["content-type"] ?? "";
  return new Response(new Uint8Array(request.postDataBuffer() ?? []), { headers: { "content-type": type } }).formData();
}

/** What the form held that the post does not carry. A photo already uploaded as a draft travels as "kept". */
function missingFrom(sent: FormData, held: Snapshot) {
  return Object.entries(held).flatMap(([key, value]) => {
    if (typeof value === "boolean") {
      const [name, choice] = key.split(/=(.*)/s) as [string, string];
      return sent.getAll(name).includes(choice) === value ? [] : [key];
    }
    const got = sent.getAll(key).map((entry) => (typeof entry === "string" ? entry : entry.name));
    const ok = got.includes(value) || (value.endsWith(".png") && got.includes("kept"));
    return ok ? [] : [`${key}: ${JSON.stringify(value)} sent as ${JSON.stringify(got)}`];
  });
}

test("review queue: an r pressed before the scripts opens the reason box with what was typed after it", async ({
  page,
}) => {
  await loginAs(page, { role: "admin", language: "en" });
  const shown = await application((await courier("applied_for_job", "Early Keys")).id);
  const release = await holdScripts(page);
  await page.goto(`/admin/applications/${shown.id}`, { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The keys are not offered before they work.
  await expect(page.locator(".admin-queue-nav kbd, #approve-next kbd")).toHaveCount(0);
  await page.keyboard.press("r");
  await page.keyboard.type("Washed ", { delay: 50 });
  release();
  await waitForHydration(page);
  await expect(page.locator("#approve-next kbd")).toHaveText("a");
  const reason = page.getByRole("textbox", { name: /^Reason in your own words/ });
  await expect(reason).toBeFocused();
  await page.keyboard.type("out photo, a retake", { delay: 50 });
  await expect(reason).toHaveValue("Washed out photo, a retake");
  await page.waitForLoadState("networkidle");
  expect(statusOf(shown.id)).toBe("pending");
});

test("review queue: a reason typed into the page, no text box focused, approves nothing", async ({ page }) => {
  await loginAs(page, { role: "admin", language: "en" });
  const shown = await application((await courier("applied_for_job", "Early Typing")).id);
  const release = await holdScripts(page);
  await page.goto(`/admin/applications/${shown.id}`, { waitUntil: "commit" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  release();
  await waitForHydration(page);
  await page.locator(`html[data-review-keys="${shown.id}"]`).waitFor({ state: "attached" });
  // The admin believes the reason box is open and types into the page, then sends it with Enter.
  await page.keyboard.type("Washed out photo", { delay: 80 });
  await page.keyboard.press("Enter");
  await page.waitForLoadState("networkidle");
  expect(statusOf(shown.id)).toBe("pending");
  await expect(page.getByTestId("approve-key-ask")).toHaveCount(0);
});

const links = [
  { who: "admin", from: "/admin/dashboard", link: "Users", to: /\/admin\/users$/ },
  { who: "courier", from: "/dashboard", link: "Report a problem", to: /\/dashboard\?modal=report$/ },
] as const;

for (const { who, from, link, to } of links) {
  test(`${who}: a link clicked before hydration navigates, though the page hydrates meanwhile`, async ({ page }) => {
    if (who === "admin") await loginAs(page, { role: "admin", language: "en" });
    else await withVehicle(page, "Early Link");
    const release = await holdScripts(page);
    await page.goto(from, { waitUntil: "commit" });
    // The next page answers late: the page hydrates while the click's navigation waits.
    await page.route(to, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, HELD_MS + 1_500));
      await route.continue();
    });
    await page.getByRole("link", { name: link, exact: true }).first().click({ noWaitAfter: true });
    release();
    await expect(page).toHaveURL(to, { timeout: 10_000 });
  });

  test(`${who}: a link clicked while the page hydrates navigates`, async ({ page }) => {
    if (who === "admin") await loginAs(page, { role: "admin", language: "en" });
    else await withVehicle(page, "Early Link");
    const release = await holdScripts(page);
    await page.goto(from, { waitUntil: "commit" });
    await expect(page.getByRole("link", { name: link, exact: true }).first()).toBeVisible();
    release();
    // The router's modules have run; React may still be hydrating the page.
    await page.waitForFunction(() => "__reactRouterRouteModules" in window, null, { polling: 1 });
    await page.getByRole("link", { name: link, exact: true }).first().click();
    await expect(page).toHaveURL(to, { timeout: 10_000 });
  });
}

test("the application takes over citizenship and contact method chosen before hydration", async ({ page }) => {
  await loginAs(page, { status: "confirmed_account", language: "en" });
  const release = await holdScripts(page);
  await page.goto("/dashboard", { waitUntil: "commit" });
  await page.getByRole("radio", { name: "Slovak" }).check();
  await page.getByLabel("Preferred contact method").selectOption("telegram");
  release();
  await waitForHydration(page);
  // What follows the choices is drawn from them, not from the server's empty form.
  await expect(page.getByTestId("right-to-stay")).toHaveCount(0);
  await expect(page.getByLabel("Username in the chosen app")).toHaveAttribute("required", "");
});

test("a photo chosen once the page has hydrated but before its application form has is uploaded as a draft", async ({
  page,
}) => {
  const user = await loginAs(page, { status: "confirmed_account", language: "en" });
  // The form is loaded lazily: the page hydrates, the form's own chunk arrives later.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/application-form-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/dashboard");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.locator("form#application:not([data-hydrated])")).toHaveCount(1);
  await page.locator('input[name="face_photo"][type="file"]').setInputFiles(await photo("face.png"));
  release();
  await expect(page.getByTestId("doc-face_photo").locator(".doc-kept")).toBeVisible({ timeout: 15_000 });
  expect(writerForTests().select().from(uploads).where(eq(uploads.ownerId, user.id)).all()).toHaveLength(1);
});

test("bank details: the name typed before hydration is shown as the bank will see it", async ({ page }) => {
  await courierWithStatement(page);
  const release = await holdScripts(page);
  await page.goto("/dashboard/pay?lng=en", { waitUntil: "commit" });
  await page.locator('form#bank-details input[name="accountHolder"]').fill("Jana Nováková");
  release();
  await waitForHydration(page);
  await expect(page.getByTestId("pay-bank-preview")).toContainText("Jana Novakova");
});

test.describe("every form keeps what was done in it before hydration, and sends it", () => {
  test.use({ viewport: { width: 1280, height: 900 }, locale: "en-GB" });
  // Made-up values a server refuses (a wrong password, a foreign address) come back as 400 / 401.
  test.use({ allowedConsoleErrors: [/status of 40[01]/] });
  const password = { password: TEST_PASSWORD };

  for (const view of ["login", "register", "forgot"] as const) {
    test(`auth: ${view}`, async ({ page }) => {
      await keptThroughHydration(page, `/?auth=${view}&lng=en`, (p) => p.locator(`form[action="/auth/${view}"]`), {
        submit: true,
      });
    });
  }

  test("reset password", async ({ page }) => {
    const user = await createUser({ status: "confirmed_account" });
    const { token } = (await newPasswordResetToken(user.email))!;
    const form = (p: Page) => p.locator("form", { has: p.locator('input[type="password"]') }).first();
    await keptThroughHydration(page, `/reset-password/${token}?lng=en`, form, { submit: true });
  });

  test("application: every field, and every photo arrives as a draft", async ({ page }) => {
    const user = await loginAs(page, { status: "confirmed_account", language: "en" });
    const before = await keptThroughHydration(page, "/dashboard", (p) => p.locator("form#application"), {
      values: { fullName: "Jan Early", age: "27", phone: "+421900123456", documentValidUntil: "2030-12-01" },
      submit: true,
    });
    const photos = Object.entries(before).filter(([, value]) => typeof value === "string" && value.endsWith(".png"));
    expect(photos.length).toBeGreaterThan(0);
    const stored = writerForTests().select().from(uploads).where(eq(uploads.ownerId, user.id)).all();
    expect(stored.length).toBe(photos.length);
  });

  test("vehicle request", async ({ page }) => {
    await loginAs(page, { status: "working_no_vehicle", language: "en" });
    await createVehicle({ name: `Early Scooter ${Date.now().toString(36)}` });
    const form = (p: Page) => p.locator('form[action^="/dashboard/vehicle-request"]').first();
    await keptThroughHydration(page, "/dashboard?modal=vehicle", form, { submit: true });
  });

  test("problem report, with its photo", async ({ page }) => {
    const courier = await withVehicle(page, "Early Report");
    const form = (p: Page) => p.locator('form[action^="/dashboard/report"]');
    const before = await keptThroughHydration(page, "/dashboard?modal=report", form, { submit: true });
    await expect(page.getByText("Report sent.").first()).toBeVisible();
    const report = writerForTests().select().from(problemReports).where(eq(problemReports.userId, courier.id)).get();
    expect(report?.description).toBe(before.description);
    const photos = writerForTests().select().from(uploads).where(eq(uploads.problemReportId, report!.id)).all();
    expect(photos.length).toBeGreaterThan(0);
  });

  test("reply to a problem report", async ({ page }) => {
    const courier = await withVehicle(page, "Early Reply");
    await problemReport(courier.id);
    const form = (p: Page) => p.locator('form[action="/dashboard/reply"]').first();
    await keptThroughHydration(page, "/dashboard", form, { submit: true });
  });

  test("handover dispute", async ({ page }) => {
    const courier = await withVehicle(page, "Early Dispute");
    const vehicleId = writerForTests()
      .select()
      .from(handovers)
      .where(eq(handovers.userId, courier.id))
      .get()!.vehicleId;
    const pending = (await getPendingHandover(vehicleId, "check_out"))!;
    const note = { batteryPercent: 80, odometerKm: 12, damages: { deck: "dent" as const }, note: null };
    await recordHandover((await createUser({ role: "admin" })).id, pending.handover.id, note, []);
    await keptThroughHydration(page, "/dashboard", (p) => p.locator('form[action="/dashboard/handover-dispute"]'), {
      // The note is behind "I disagree", a disclosure that opens without scripts.
      open: (p) => p.getByTestId("confirm-check_out").getByText("I disagree").click(),
      submit: true,
    });
  });

  test("bank details", async ({ page }) => {
    await courierWithStatement(page);
    await keptThroughHydration(page, "/dashboard/pay?lng=en", (p) => p.locator("form#bank-details"), {
      values: { iban: "SK6807200002891987426353", accountHolder: "Jana Early", ...password },
      submit: true,
    });
  });

  test("pay question", async ({ page }) => {
    await courierWithStatement(page);
    const form = (p: Page) => p.locator("form", { has: p.locator('input[name="intent"][value="question"]') }).first();
    await keptThroughHydration(page, "/dashboard/pay?lng=en", form, {
      open: (p) => p.locator(".pay-ask summary").first().click(),
      submit: true,
    });
  });

  test("reply to a pay question", async ({ page }) => {
    const { user, statement } = await courierWithStatement(page);
    await askAboutLine(user.id, statement.id, 0, "Why is the rent a day longer?");
    const form = (p: Page) =>
      p.locator("form", { has: p.locator('input[name="intent"][value="questionReply"]') }).first();
    await keptThroughHydration(page, "/dashboard/pay?lng=en", form, { submit: true });
  });

  test("admin: reject reason", async ({ page }) => {
    await loginAs(page, { role: "admin", language: "en" });
    const shown = await application((await courier("applied_for_job", "Early Reject")).id);
    const form = (p: Page) => p.locator("form", { has: p.locator('input[name="intent"][value="reject"]') });
    const before = await keptThroughHydration(page, `/admin/applications/${shown.id}`, form, { submit: true });
    await expect(page).not.toHaveURL(new RegExp(`/admin/applications/${shown.id}$`));
    const row = writerForTests().select().from(applications).where(eq(applications.id, shown.id)).get();
    expect(row?.status).toBe("rejected");
    expect(row?.rejectionReason).toContain(String(before.reason));
  });

  const company = {
    ico: "12345678",
    vatId: "SK1234567890",
    payoutName: "Early Fleet sro",
    payoutIban: "SK6807200002891987426353",
    payoutBic: "TATRSKBX",
  };
  const admin: [string, string, Record<string, string>?][] = [
    ["news/new", "form.admin-form"],
    ["vehicles/new", "form.admin-form"],
    ["settings/rules", '[data-testid="rules-pay-form"]'],
    ["settings/rules", '[data-testid="rules-operator-form"]'],
    ["settings/company", "main form", company],
    ["content/faq/new", "form.admin-form"],
  ];
  for (const [path, selector, values] of admin) {
    test(`admin: ${path} ${selector}`, async ({ page }) => {
      await loginAs(page, { role: "admin", language: "en" });
      const form = (p: Page) => p.locator(selector).last();
      await keptThroughHydration(page, `/admin/${path}`, form, { values, submit: true, dryRun: true });
    });
  }

  const service = { serviceDate: "2026-11-20", cost: "49,90", nextDueAt: "2027-01-15" };
  for (const [intent, values] of [["odometer"], ["serviceRecord", service]] as const) {
    test(`admin: vehicle service, ${intent}`, async ({ page }) => {
      await loginAs(page, { role: "admin", language: "en" });
      const vehicle = await createVehicle({ name: `Early Service ${Date.now().toString(36)}` });
      const form = (p: Page) => p.locator("form", { has: p.locator(`input[name="intent"][value="${intent}"]`) });
      await keptThroughHydration(page, `/admin/vehicles/${vehicle.id}/service`, form, { values, submit: true });
    });
  }

  test("admin: earnings file and its column mapping", async ({ page }) => {
    const admin = await loginAs(page, { role: "admin", language: "en" });
    const platform = await createPlatformRow();
    const upload = (p: Page) => p.locator("form", { has: p.locator('input[type="file"]') });
    await keptThroughHydration(page, "/admin/payouts/import", upload, {
      values: { platformId: String(platform.id), weekStart: "2026-11-02" },
      submit: true,
    });
    const file = path.resolve(import.meta.dirname, "../fixtures/earnings/platform-export-1250.csv");
    const spooled = receivedFile(new Uint8Array(readFileSync(file)));
    const id = await stageEarningsFile(
      admin.id,
      { platformId: platform.id, weekStart: "2026-11-02" },
      { ...spooled, field: "file", name: "export.csv", type: { class: "text", mime: "text/csv", ext: "csv" } },
    );
    const mapping = (p: Page) => p.locator("form", { has: p.locator('input[name="intent"][value="map"]') });
    await keptThroughHydration(page, `/admin/payouts/import?id=${id}`, mapping, { submit: true });
    await expect(page.getByText("Mapping saved", { exact: false }).first()).toBeVisible();
  });
});

/** A courier with a leased vehicle, logged in. */
async function withVehicle(page: Page, name: string) {
  const courier = await loginAs(page, { status: "working_no_vehicle", language: "en" });
  const admin = await createUser({ role: "admin" });
  const vehicle = await createVehicle({ name: `${name} ${Date.now().toString(36)}` });
  await approveVehicleRequest(admin.id, (await createVehicleRequest(courier.id, vehicle.id, await agreedRent())).id);
  return courier;
}

/**
 * A working courier with an approved statement of eight weeks ago, logged in. Not a recent week: those
 * are the weeks the pay journeys import and review on the same server, counting their rows.
 */
async function courierWithStatement(page: Page) {
  const user = await loginAs(page, { status: "working_with_vehicle", language: "en" });
  const platform = await createPlatformRow();
  await linkAccount(platform.id, `E2E-${user.id}`, user.id, "2026-01-01");
  const { statement } = await insertStatement(user.id, addWeeks(weekOf(new Date()), -8), { status: "approved" });
  return { user, statement };
}
