/**
 * Couriers on a bad day: a dropped connection, a 12 MB photo or a rejection costs them nothing.
 * At 360 px, with JS (offline submits, uploads one by one) and without (drafts, plain multipart).
 */
import type { BrowserContext, Page, Request, Route } from "@playwright/test";
import { uploads } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { getApplicationDraft } from "~/models/application-drafts.server";
import { getLatestApplication, rejectApplication, submitApplication } from "~/models/applications.server";
import { approveVehicleRequest, listOwnVehicleRequests } from "~/models/vehicle-requests.server";
import { createUser, sessionCookieHeader, TEST_PASSWORD } from "../factories";
import { createVehicle, storedDocument } from "../dashboard-helpers";
import { jpegWithGps, png } from "../media-fixtures";
import { cameraPhoto } from "../photo-fixture";
import { attachDocuments, fillApplication as fillForm } from "./application-form";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test, waitForHydration } from "./fixtures";

const NETWORK = {
  en: "A network error occurred. Please check the connection.",
  sk: "Nastala chyba siete. Skontrolujte pripojenie.",
  ua: "Сталася помилка мережі. Перевірте з'єднання.",
};
const SHOTS = process.env.E2E_SHOTS ?? "/tmp/cf-c";
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

// Going offline makes the browser log each refused request.
// (One pattern: Playwright reads a two-element array as a value and its options.)
test.use({
  allowedConsoleErrors: [
    /ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch manifest patches|^TypeError: Failed to fetch(?! dynamically)/,
  ],
});

const toast = (page: Page, lng: keyof typeof NETWORK = "en") =>
  page.getByRole("alert").filter({ hasText: NETWORK[lng] }).first();

const fillApplication = (page: Page) => fillForm(page, { phone: "0903 123 456", comment: "I can start next week." });

async function expectApplicationValues(page: Page) {
  await expect(page.getByLabel("Full name (as in passport)")).toHaveValue("Olena Kovalenko");
  await expect(page.getByRole("spinbutton", { name: /^Age/ })).toHaveValue("24");
  await expect(page.getByLabel("Phone number (Slovak)")).toHaveValue("0903 123 456");
  await expect(page.getByLabel("Preferred contact method")).toHaveValue("telegram");
  await expect(page.getByLabel("Username in the chosen app")).toHaveValue("olena_k");
  await expect(page.getByLabel("Comment")).toHaveValue("I can start next week.");
  await expect(page.getByRole("radio", { name: "Another country", exact: true })).toBeChecked();
}

/** Offline during the submit: the toast appears, the page stays; then online again. */
async function offlineThenOnline(
  context: BrowserContext,
  page: Page,
  submit: () => Promise<void>,
  check: () => Promise<void>,
  lng: keyof typeof NETWORK = "en",
) {
  await context.setOffline(true);
  await submit();
  await expect(toast(page, lng)).toBeVisible();
  await check();
  await context.setOffline(false);
}

test.describe("network failures (JS on, 360 px)", () => {
  test.beforeEach(async ({ page }) => page.setViewportSize({ width: 360, height: 780 }));

  test("job application: every value and document survives an offline submit, then it goes through", async ({
    page,
    context,
  }) => {
    await loginAs(page, { status: "confirmed_account", language: "en" });
    await page.goto("/dashboard");
    await page.waitForLoadState("networkidle");
    await fillApplication(page);
    await attachDocuments(page);
    await expect(page.getByText("uploaded ✓ — replace")).toHaveCount(4);
    await offlineThenOnline(
      context,
      page,
      () => page.getByRole("button", { name: "Submit application" }).click(),
      async () => {
        await expectApplicationValues(page);
        await expect(page.getByText("uploaded ✓ — replace")).toHaveCount(4);
        await expect(page.getByTestId("error-screen")).toHaveCount(0);
      },
    );
    await page.getByRole("button", { name: "Submit application" }).click();
    // The post moves the four stored documents into the application: slow on a loaded machine.
    await expect(page.getByText("Your application is being reviewed")).toBeVisible({ timeout: 15_000 });
  });

  for (const lng of ["sk", "ua"] as const) {
    test(`the offline toast in ${lng}`, async ({ page, context }) => {
      await loginAs(page, { status: "confirmed_account", language: lng });
      await page.goto("/dashboard");
      await page.locator('input[name="citizenship"][value="other"]').check();
      await page.locator('input[name="fullName"]').fill(lng === "sk" ? "Jana Nováková" : "Olena Kovalenko");
      await page.locator('input[name="age"]').fill("24");
      await page.locator('input[name="phone"]').fill("0903 123 456");
      await page.locator('select[name="contactMethod"]').selectOption("phone");
      await page
        .locator('input[name="documentValidUntil"]')
        .fill(new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10));
      await attachDocuments(page);
      await expect(page.locator(".doc-kept")).toHaveCount(4);
      await context.setOffline(true);
      await page.locator('form#application button[type="submit"]').click();
      await expect(toast(page, lng)).toBeVisible();
      await expectNoHorizontalOverflow(page);
      await page.locator('input[name="fullName"]').scrollIntoViewIfNeeded();
      await expect(toast(page, lng)).toBeInViewport();
      // The toast's entrance animation is finished at once for the picture.
      await page.screenshot({ path: `${SHOTS}/offline-toast-${lng}.png`, animations: "disabled" });
      await context.setOffline(false);
    });
  }

  test("log-in, register and forgot keep what was typed", async ({ page, context }) => {
    const user = await createUser({ language: "sk" });
    const challenge = page.waitForResponse((r) => r.url().includes("/api/captcha/challenge"));
    await page.goto("/?auth=login&lng=en");
    const dialog = page.getByRole("dialog");
    await challenge;
    await dialog.locator("input[name=email]").fill(user.email);
    await dialog.locator("input[name=password]").fill(TEST_PASSWORD);
    await offlineThenOnline(
      context,
      page,
      () => dialog.locator('button[type="submit"]').click(),
      async () => {
        await expect(dialog.locator("input[name=email]")).toHaveValue(user.email);
        await expect(dialog.locator("input[name=password]")).toHaveValue(TEST_PASSWORD);
      },
    );
    await dialog.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 15_000 });

    await context.clearCookies();
    const registerChallenge = page.waitForResponse((r) => r.url().includes("/api/captcha/challenge"));
    await page.goto("/?auth=register&lng=en");
    await registerChallenge;
    const email = `offline${Date.now().toString(36)}@example.com`;
    await page.getByRole("dialog").locator("input[name=email]").fill(email);
    await page.getByRole("dialog").locator("input[name=password]").fill("Silne-Heslo-42");
    await offlineThenOnline(
      context,
      page,
      () => page.getByRole("dialog").locator('button[type="submit"]').click(),
      async () => {
        await expect(page.getByRole("dialog").locator("input[name=email]")).toHaveValue(email);
      },
    );
    await page.getByRole("dialog").locator('button[type="submit"]').click();
    await expect(
      page
        .getByRole("dialog")
        .getByRole("status")
        .or(
          page
            .getByRole("dialog")
            .getByText(/e-mail/i)
            .first(),
        )
        // Both appear once the registration is through: either one is the answer.
        .first(),
    ).toBeVisible({ timeout: 15_000 });

    await page.goto("/?auth=forgot&lng=en");
    await page.getByRole("dialog").locator("input[name=email]").fill(user.email);
    await offlineThenOnline(
      context,
      page,
      () => page.getByRole("dialog").locator('button[type="submit"]').click(),
      async () => {
        await expect(page.getByRole("dialog").locator("input[name=email]")).toHaveValue(user.email);
      },
    );
  });

  test("vehicle request, problem report and its reply keep their input", async ({ page, context }) => {
    const user = await loginAs(page, { status: "working_no_vehicle", language: "en" });
    const vehicle = await createVehicle({ name: `Offline ${Date.now().toString(36)}` });
    await page.goto("/dashboard");
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "Request a vehicle" }).click();
    const card = page
      .getByRole("dialog")
      .getByTestId(/^vehicle-/)
      .filter({ hasText: vehicle.name });
    await card.getByRole("checkbox", { name: "I agree to the deductions above" }).check();
    await offlineThenOnline(
      context,
      page,
      () => card.getByRole("button", { name: "Request" }).click(),
      async () => {
        await expect(card.getByRole("button", { name: "Request" })).toBeEnabled();
      },
    );
    await card.getByRole("button", { name: "Request" }).click();
    await expect(page.getByText("Your vehicle request is waiting for approval")).toBeVisible();

    // Now riding that vehicle: the report form, then the reply form of the report.
    const admin = await createUser({ role: "admin" });
    await approveVehicleRequest(admin.id, (await listOwnVehicleRequests(user.id))[0]!.id);
    await page.reload();
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "Report a problem" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("What happened?").fill("The brake squeaks.");
    await dialog
      .locator('input[name="attachments"]')
      .setInputFiles({ name: "brake.png", mimeType: "image/png", buffer: Buffer.from(await png(200, 200)) });
    await offlineThenOnline(
      context,
      page,
      () => dialog.getByRole("button", { name: "Send report" }).click(),
      async () => {
        await expect(dialog.getByLabel("What happened?")).toHaveValue("The brake squeaks.");
        expect(
          await dialog
            .locator('input[name="attachments"]')
            .evaluate((input: HTMLInputElement) => input.files?.[0]?.name),
        ).toBe("brake.png");
      },
    );
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByText("Report sent.").first()).toBeVisible();

    const reply = page.getByTestId("reports").getByLabel("Write a reply");
    await reply.fill("It also rattles.");
    await offlineThenOnline(
      context,
      page,
      () => page.getByTestId("reports").getByRole("button", { name: "Send reply" }).click(),
      async () => {
        await expect(reply).toHaveValue("It also rattles.");
      },
    );
    await page.getByTestId("reports").getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByTestId("reports")).toContainText("It also rattles.");
  });

  test("the language switch stays put offline; the assistant keeps the question", async ({ page, context }) => {
    await page.goto("/?lng=en#faq");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Your question").fill("When do I get paid?");
    await offlineThenOnline(
      context,
      page,
      () => page.getByRole("button", { name: "Ask" }).click(),
      async () => {
        await expect(page.getByLabel("Your question")).toHaveValue("When do I get paid?");
      },
    );
    await page.getByRole("button", { name: "Ask" }).click();
    await expect(page.getByTestId("assistant-answer")).toHaveText(/Payouts are weekly/);

    const switcher = page.locator(".lang-switch").first();
    await offlineThenOnline(
      context,
      page,
      () => switcher.getByRole("link", { name: "SK" }).click(),
      async () => {
        await expect(page.locator("html")).toHaveAttribute("lang", "en");
        await expect(page.getByLabel("Your question")).toHaveValue("When do I get paid?");
      },
    );
    // The toast sits below the header (at the bottom at 360 px): the second try needs no waiting for it.
    await expect(toast(page)).toBeVisible();
    await switcher.getByRole("link", { name: "SK" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "sk");
  });
});

test.describe("drafts that survive", () => {
  test("JS on: typed fields are saved about a second after typing and come back after a reload", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const user = await loginAs(page, { status: "confirmed_account", language: "en" });
    await page.goto("/dashboard");
    const saved = page.waitForResponse((r) => r.url().includes("/dashboard/draft") && r.request().method() === "POST");
    await fillApplication(page);
    expect((await saved).status()).toBe(200);
    // The first save may hold only the first fields typed: wait until the stored draft has the last ones.
    await expect
      .poll(async () => {
        const draft = await getApplicationDraft(user.id);
        return [draft?.comment, draft?.documentValidUntil?.length];
      })
      .toEqual(["I can start next week.", 10]);
    await page.reload();
    await expectApplicationValues(page);
  });

  test("JS on: a draft save still on its way when the application is sent does not hide that it was sent", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const user = await loginAs(page, { status: "confirmed_account", language: "en" });
    await page.goto("/dashboard");
    await waitForHydration(page);
    await fillApplication(page);
    await attachDocuments(page);
    await expect(page.getByText("uploaded ✓ — replace")).toHaveCount(4, { timeout: 15_000 });
    // A slow network: the save of the last words typed is still on its way when the courier taps Send,
    // and its answer comes while the page reloads after the post.
    let heldSave: Route | null = null;
    await page.route(/\/dashboard\/draft\.data/, (route) => {
      heldSave = route;
    });
    await page.getByLabel("Comment").fill("Typed just before sending.");
    await expect.poll(() => heldSave !== null).toBe(true);
    // The held save ends (answered, or dropped by the page as the application is sent) before the
    // page's data after the post arrives.
    const held = (heldSave as Route | null)!.request();
    const saveEnded = new Promise<void>((resolve) => {
      const ended = (request: Request) => request === held && resolve();
      page.on("requestfinished", ended);
      page.on("requestfailed", ended);
    });
    await page.route(/\/dashboard\.data/, async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      await heldSave?.continue().catch(() => {});
      await saveEnded;
      await route.continue();
    });
    await page.getByRole("button", { name: "Submit application" }).click();
    // Before, the reload ended with the page's data from before the post: the form, as if nothing was sent.
    await expect(page.getByText("Your application is being reviewed")).toBeVisible({ timeout: 15_000 });
    expect((await getLatestApplication(user.id))?.comment).toBe("Typed just before sending.");
  });

  test.describe("without JS", () => {
    test.use({ javaScriptEnabled: false });
    test("a failed submit keeps the fields as the draft; they are there on the next visit", async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 780 });
      await loginAs(page, { status: "confirmed_account", language: "en" });
      await page.goto("/dashboard");
      await fillApplication(page);
      await page.getByRole("button", { name: "Submit application" }).click();
      await expect(page.getByText("Upload this document.").first()).toBeVisible();
      await page.goto("/dashboard");
      await expectApplicationValues(page);
    });
  });
});

test.describe("photos made for slow networks", () => {
  test("JS on: shrunk in the browser, uploaded alone with progress, cancel and retry; a bad file is named next to its field", async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 360, height: 780 });
    await loginAs(page, { status: "confirmed_account", language: "sk" });
    await page.goto("/dashboard");
    const photo = await cameraPhoto();
    expect(photo.bytes.length).toBeGreaterThanOrEqual(10_000_000);

    // A slow mobile uplink, so the progress bar can be seen.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: 400 * 1024,
      uploadThroughput: 60 * 1024,
    });
    const request = page.waitForRequest((r) => r.url().endsWith("/dashboard/documents"));
    await page.locator('input[name="face_photo"][type="file"]').setInputFiles(photo.path);
    const upload = page.getByTestId("upload-face_photo");
    await expect
      .poll(() => upload.locator("progress").evaluate((p: HTMLProgressElement) => p.value), { timeout: 45_000 })
      .toBeGreaterThan(0);
    await expect(upload.locator("img")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await upload.scrollIntoViewIfNeeded();
    await shot(page, "upload-progress-sk");
    // The headers of a request are known once it has been sent, so this waits for the upload.
    const sent = Number((await (await request).allHeaders())["content-length"] ?? 0);
    console.log(`bytes sent for a ${photo.bytes.length} B camera photo with JS: ${sent}`);
    expect(sent).toBeLessThan(1024 * 1024);
    await expect(page.getByTestId("doc-face_photo").getByText("nahrané ✓ — nahradiť")).toBeVisible({ timeout: 30_000 });

    // Cancel a slow upload, then retry it once the connection is better.
    await page.locator('input[name="residence_front"][type="file"]').setInputFiles(photo.path);
    const second = page.getByTestId("upload-residence_front");
    await expect
      .poll(() => second.locator("progress").evaluate((p: HTMLProgressElement) => p.value), { timeout: 45_000 })
      .toBeGreaterThan(0);
    await second.getByRole("button", { name: "Zrušiť" }).click();
    await expect(page.getByTestId("doc-residence_front").getByRole("alert")).toContainText(
      "camera-photo-4000x3000-80.jpg",
    );
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await second.getByRole("button", { name: "Skúsiť znova" }).click();
    await expect(page.getByTestId("doc-residence_front").getByText("nahrané ✓ — nahradiť")).toBeVisible();

    // Offline while choosing: only this file fails, named, with a retry.
    await context.setOffline(true);
    await page
      .locator('input[name="id_front"][type="file"]')
      .setInputFiles({ name: "predna-strana.png", mimeType: "image/png", buffer: Buffer.from(await png(400, 260)) });
    await expect(page.getByTestId("doc-id_front").getByRole("alert")).toContainText("predna-strana.png");
    await expect(page.getByTestId("doc-face_photo").getByRole("alert")).toHaveCount(0);
    await context.setOffline(false);
    await page.getByTestId("upload-id_front").getByRole("button", { name: "Skúsiť znova" }).click();
    await expect(page.getByTestId("doc-id_front").getByText("nahrané ✓ — nahradiť")).toBeVisible();

    // Not a photo: refused before anything is sent, the message names the file.
    await page
      .locator('input[name="id_back"][type="file"]')
      .setInputFiles({ name: "zmluva.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4") });
    await expect(page.getByTestId("doc-id_back").getByRole("alert")).toContainText("zmluva.pdf");
  });

  for (const lng of ["ua"] as const) {
    test(`the per-file progress in ${lng}`, async ({ page, context }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 360, height: 780 });
      await loginAs(page, { status: "confirmed_account", language: lng });
      await page.goto("/dashboard");
      // The upload starts from the script's change handler: choose the file once the page is hydrated.
      await waitForHydration(page);
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 150,
        downloadThroughput: 400 * 1024,
        uploadThroughput: 40 * 1024,
      });
      await page.locator('input[name="id_front"][type="file"]').setInputFiles((await cameraPhoto()).path);
      const upload = page.getByTestId("upload-id_front");
      await expect
        .poll(() => upload.locator("progress").evaluate((p: HTMLProgressElement) => p.value), { timeout: 45_000 })
        .toBeGreaterThan(0);
      await upload.scrollIntoViewIfNeeded();
      await shot(page, `upload-progress-${lng}`);
      await upload.getByRole("button").click();
    });
  }

  test.describe("without JS", () => {
    test.use({ javaScriptEnabled: false });
    test("the plain multipart form sends the original; the server resizes what fits its limit", async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width: 360, height: 780 });
      await loginAs(page, { status: "confirmed_account", language: "en" });
      await page.goto("/dashboard");
      const photo = await cameraPhoto();
      await fillApplication(page);
      await page.locator('input[name="face_photo"][type="file"]').setInputFiles(photo.path);
      const request = page.waitForRequest((r) => r.url().includes("/dashboard/apply"));
      await page.getByRole("button", { name: "Submit application" }).click();
      const sent = Number((await (await request).allHeaders())["content-length"] ?? 0);
      console.log(`bytes sent for a ${photo.bytes.length} B camera photo without JS: ${sent}`);
      expect(sent).toBeGreaterThan(photo.bytes.length);
      // Over the 10 MB per-image limit (docs/security.md, "Uploads"): refused with the translated message naming
      // the field, and nothing typed is lost (the post was its only copy).
      await expect(page.getByText(/^Face photo: .*too large/i).first()).toBeVisible();
      await expectApplicationValues(page);

      // A camera photo just under the limit goes through and is resized by the server.
      const fits = await cameraPhoto(40);
      expect(fits.bytes.length).toBeGreaterThanOrEqual(10_000_000);
      await page.locator('input[name="face_photo"][type="file"]').setInputFiles(fits.path);
      const second = page.waitForRequest((r) => r.url().includes("/dashboard/apply"));
      await page.getByRole("button", { name: "Submit application" }).click();
      console.log(
        `bytes sent for a ${fits.bytes.length} B camera photo without JS: ${(await (await second).allHeaders())["content-length"]}`,
      );
      await expect(page.getByTestId("doc-face_photo").getByText("uploaded ✓ — replace")).toBeVisible();
      const stored = writerForTests()
        .select()
        .from(uploads)
        .all()
        .filter((u) => u.kind === "face_photo")
        .at(-1)!;
      expect(Math.max(stored.width ?? 0, stored.height ?? 0)).toBeLessThanOrEqual(2560);
    });
  });
});

async function rejectedCourier(language: "sk" | "ua" | "en") {
  const user = await createUser({ status: "confirmed_account", language });
  for (const kind of ["face_photo", "id_front", "id_back", "refugee_document"] as const)
    await storedDocument(user.id, kind);
  await submitApplication(user.id, {
    fullName: "Olena Kovalenko",
    age: 24,
    citizenship: "other",
    phone: "+421903123456",
    contactMethod: "telegram",
    contactUsername: "olena_k",
    comment: "Ready next week.",
    documentValidUntil: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
  });
  return user;
}

test.describe("resubmission", () => {
  test("the admin ticks a document and picks a stock reason; the courier sees it in Ukrainian, prefilled, and replaces only that photo", async ({
    browser,
  }) => {
    const user = await rejectedCourier("ua");
    const adminContext = await browser.newContext({ locale: "en-US" });
    const adminPage = await adminContext.newPage();
    await loginAs(adminPage, { role: "admin", language: "en" });
    await adminPage.goto(`/admin/applications/${(await getLatestApplication(user.id))!.id}`);
    // The stock reason is offered as the courier will read it, in Ukrainian.
    const stock = adminPage.getByTestId("reject-stock");
    await expect(stock).toContainText("Фото розмите або нечитабельне");
    await stock.getByRole("radio", { name: /^Blurred or unreadable photo/ }).check();
    // Only the documents the courier uploaded are offered for replacement.
    await expect(adminPage.getByRole("checkbox", { name: "Residence permit, front" })).toHaveCount(0);
    await adminPage.setViewportSize({ width: 1280, height: 900 });
    await adminPage.getByTestId("reject-stock").screenshot({ path: shotPath("reject-reasons-ua-courier-1280") });
    await adminPage.getByRole("checkbox", { name: "Face photo" }).check();
    await adminPage.getByRole("button", { name: "Reject" }).click();
    await expect(adminPage.getByText("Rejected. The user has been notified by e-mail.")).toBeVisible();
    await adminContext.close();

    const context = await browser.newContext({ viewport: { width: 360, height: 780 }, locale: "uk-UA" });
    const page = await context.newPage();
    await page.context().clearCookies();
    const [name, value] = (await sessionCookieHeader(user.id)).split(/=(.*)/s) as [string, string];
    await context.addCookies([
      { name, value, domain: new URL(process.env.APP_URL!).hostname, path: "/", httpOnly: true, sameSite: "Lax" },
    ]);
    await page.goto("/dashboard");
    await expect(page.getByText("Фото розмите або нечитабельне").first()).toBeVisible();
    await expect(page.getByTestId("resubmit-hint")).toBeVisible();
    await expect(page.locator('input[name="fullName"]')).toHaveValue("Olena Kovalenko");
    await expect(page.locator('input[name="contactUsername"]')).toHaveValue("olena_k");
    await expect(page.getByTestId("doc-face_photo").locator(".doc-replace")).toBeVisible();
    await expect(page.locator(".doc-kept")).toHaveCount(3);
    await expectNoHorizontalOverflow(page);
    await page.getByTestId("resubmit-hint").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/resubmission-prefilled-ua.png`, fullPage: true });

    await page.locator('input[name="face_photo"][type="file"]').setInputFiles({
      name: "face-new.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from(await jpegWithGps(800, 600)),
    });
    // Chosen perhaps before the page hydrated: then it is shrunk and uploaded once it has, which on a busy machine takes more than 5 s.
    await expect(page.locator(".doc-kept")).toHaveCount(4, { timeout: 15_000 });
    await page.locator('form#application button[type="submit"]').click();
    await expect(page.getByTestId("status-applied_for_job")).toBeVisible();
    expect((await getLatestApplication(user.id))!.status).toBe("pending");
    await context.close();
  });

  test.describe("without JS", () => {
    test.use({ javaScriptEnabled: false, locale: "sk-SK" });
    test("the prefilled form in Slovak; only the marked document is uploaded again", async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 780 });
      const admin = await createUser({ role: "admin" });
      const user = await loginAs(page, { status: "confirmed_account", language: "sk" });
      for (const kind of ["face_photo", "id_front", "id_back", "refugee_document"] as const)
        await storedDocument(user.id, kind);
      const app = await submitApplication(user.id, {
        fullName: "Jana Nováková",
        age: 31,
        citizenship: "other",
        phone: "+421903123456",
        contactMethod: "phone",
        contactUsername: "",
        comment: "",
        documentValidUntil: new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10),
      });
      await rejectApplication(admin.id, app.id, {
        reasonCode: "documentExpired",
        reason: "Občiansky preukaz platil do roku 2025.",
        replace: ["id_front", "id_back"],
      });
      await page.goto("/dashboard");
      await expect(
        page.getByText("Platnosť dokladu uplynula — Občiansky preukaz platil do roku 2025.").first(),
      ).toBeVisible();
      await expect(page.locator('input[name="fullName"]')).toHaveValue("Jana Nováková");
      await expect(page.locator(".doc-kept")).toHaveCount(2);
      await page.screenshot({ path: `${SHOTS}/resubmission-prefilled-sk.png`, fullPage: true });
      const card = Buffer.from(await png(400, 260));
      await page
        .locator('input[name="id_front"][type="file"]')
        .setInputFiles({ name: "front.png", mimeType: "image/png", buffer: card });
      await page
        .locator('input[name="id_back"][type="file"]')
        .setInputFiles({ name: "back.png", mimeType: "image/png", buffer: card });
      await page.locator('form#application button[type="submit"]').click();
      await expect(page.getByTestId("status-applied_for_job")).toBeVisible();
    });
  });
});
