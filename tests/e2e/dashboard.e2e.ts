import type { Page } from "@playwright/test";
import { uploads } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { commitUploads, prepareUpload } from "~/infra/uploads.server";
import { approveApplication, getLatestApplication } from "~/models/applications.server";
import { createProblemReport, replyToProblemReport } from "~/models/problem-reports.server";
import { approveVehicleRequest, createVehicleRequest, listOwnVehicleRequests } from "~/models/vehicle-requests.server";
import { agreedRent, createUser } from "../factories";
import { createVehicle, receivedFile } from "../dashboard-helpers";
import { fixturePath, png } from "../media-fixtures";
import { attachDocuments, fillApplication } from "./application-form";
import {
  delayScripts,
  expect,
  expectNoHorizontalOverflow,
  loginAs,
  shotPath,
  test,
  waitForHydration,
} from "./fixtures";

const shots = (name: string) => `test-results/screens/dashboard-${name}.png`;

/** A vehicle with a real image on the public media route. */
async function vehicleWithImage(name: string) {
  const vehicle = await createVehicle({ name });
  const prepared = await prepareUpload({
    field: "image",
    name: "v.png",
    ...receivedFile(await png(640, 480)),
    type: { class: "image", mime: "image/png", ext: "png" },
  });
  writerForTests()
    .insert(uploads)
    .values({
      storageKey: prepared.storageKey,
      kind: "vehicle_image",
      mime: prepared.mime,
      size: prepared.size,
      width: prepared.width,
      height: prepared.height,
      vehicleId: vehicle.id,
    })
    .run();
  await commitUploads([prepared]);
  return vehicle;
}

/** JS on: the page refreshes its data when the window regains focus. */
async function focusWindow(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
}

async function requestVehicleAndApprove(page: Page, userId: number, vehicleName: string, js: boolean) {
  await page.getByRole("link", { name: "Request a vehicle" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText(vehicleName)).toBeVisible();
  // The rent agreement (CONTRACT §8): the wording with the rent in force, ticked in the vehicle's form.
  await expect(dialog.getByTestId("rent-agreement")).toContainText(/I agree that the rent of .+ for each day/);
  const card = dialog.getByTestId(/^vehicle-/).filter({ hasText: vehicleName });
  await card.getByRole("checkbox", { name: "I agree to the deductions above" }).check();
  await card.getByRole("button", { name: "Request" }).click();
  await expect(page.getByText("Your vehicle request is waiting for approval")).toBeVisible();
  const admin = await createUser({ role: "admin" });
  await approveVehicleRequest(admin.id, (await listOwnVehicleRequests(userId))[0]!.id);
  if (js) await focusWindow(page);
  else await page.reload();
  await expect(page.getByRole("heading", { name: "Your vehicle" })).toBeVisible();
  await expect(page.getByRole("heading", { name: vehicleName })).toBeVisible();
  await expect(page.getByText(/Lease ends on/).first()).toBeVisible();
  await expect(page.getByTestId("lease-rent-agreement")).toContainText("wording rent-2026-11");
}

async function reportProblem(page: Page) {
  await page.getByRole("link", { name: "Report a problem" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("What happened?").fill("Flat tyre on the front wheel.");
  await dialog.locator('input[name="attachments"]').setInputFiles([fixturePath("tiny.mp4"), fixturePath("tiny.webm")]);
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Report sent.").first()).toBeVisible();
}

test.describe("courier dashboard", () => {
  test("JS on at 360 px: apply → approved → request a vehicle → approved → report → cooldown", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const user = await loginAs(page, { status: "confirmed_account", language: "en" });
    const vehicleName = `Scooter E2E ${Date.now().toString(36)}`;
    await vehicleWithImage(vehicleName);
    await page.goto("/dashboard");
    // The form hydrates after the page (it loads lazily); the journey is about the script's checks.
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Job application" })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: shots("apply-360"), fullPage: true });

    // The browser checks the same rules before anything is sent.
    await fillApplication(page, { phone: "12" });
    await page.getByRole("button", { name: "Submit application" }).click();
    await expect(page.locator(".field-error", { hasText: "Enter a Slovak phone number" })).toBeVisible();
    await expect(page.getByText("Upload this document.").first()).toBeVisible({ timeout: 15_000 });
    await page.getByLabel("Phone number (Slovak)").fill("0903 123 456");
    await attachDocuments(page);
    // Each chosen photo adds its row and moves the button down; a click computed before the last row
    // appeared landed above it. (A submit made while photos upload is held: the Slovak citizen's journey.)
    await expect(page.getByText("uploaded ✓ — replace")).toHaveCount(4, { timeout: 15_000 });
    await page.getByRole("button", { name: "Submit application" }).click();
    await expect(page.getByText("Your application is being reviewed")).toBeVisible({ timeout: 15_000 });

    await page.getByRole("link", { name: "View my application" }).click();
    const application = page.getByTestId("my-application");
    await expect(application.getByText("+421903123456")).toBeVisible();
    await expect(application.locator("img")).toHaveCount(4);
    await expect
      .poll(() =>
        application
          .locator("img")
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await page.screenshot({ path: shots("my-application-360") });
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("my-application")).toHaveCount(0);

    const admin = await createUser({ role: "admin" });
    await approveApplication(admin.id, (await getLatestApplication(user.id))!.id);
    await focusWindow(page);
    await expect(page.getByText("Welcome to the team!")).toBeVisible();

    await requestVehicleAndApprove(page, user.id, vehicleName, true);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: shots("vehicle-360"), fullPage: true });

    // A third file is refused in the browser with the spec's message.
    await page.getByRole("link", { name: "Report a problem" }).click();
    await page
      .getByRole("dialog")
      .locator('input[name="attachments"]')
      .setInputFiles([fixturePath("tiny.mp4"), fixturePath("tiny.webm"), fixturePath("tiny.mp4")]);
    await page.getByRole("dialog").getByRole("button", { name: "Send report" }).click();
    await expect(page.getByText("Problem description cannot be empty.")).toBeVisible();
    await expect(page.getByText("You can upload a maximum of 2 files.")).toBeVisible();
    await page.keyboard.press("Escape");

    await reportProblem(page);
    await page.getByRole("link", { name: "Report a problem" }).click();
    await expect(page.getByRole("dialog").getByTestId("cooldown")).toContainText(/Next report in 2[34] h/);
    await expect(page.getByTestId("reports")).toContainText("Flat tyre on the front wheel.");
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: shots("report-cooldown-360") });
  });

  test("JS off at 360 px: drafts kept after a failed field, then the whole journey", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 780 },
      locale: "en-US",
    });
    const page = await context.newPage();
    const user = await loginAs(page, { status: "confirmed_account", language: "en" });
    const vehicleName = `Scooter NoJS ${Date.now().toString(36)}`;
    await vehicleWithImage(vehicleName);
    await page.goto("/dashboard");
    await fillApplication(page, { phone: "12" });
    await attachDocuments(page);
    await page.getByRole("button", { name: "Submit application" }).click();
    await expect(page.locator(".field-error", { hasText: "Enter a Slovak phone number" })).toBeVisible();
    await expect(page.getByText("uploaded ✓ — replace")).toHaveCount(4);
    await expect(page.getByLabel("Full name (as in passport)")).toHaveValue("Olena Kovalenko");
    await page.screenshot({ path: shots("drafts-nojs-360"), fullPage: true });

    await page.getByLabel("Phone number (Slovak)").fill("+421 903 123 456");
    await page.getByRole("button", { name: "Submit application" }).click();
    await expect(page.getByText("Your application is being reviewed")).toBeVisible();

    const admin = await createUser({ role: "admin" });
    await approveApplication(admin.id, (await getLatestApplication(user.id))!.id);
    await page.reload();
    await requestVehicleAndApprove(page, user.id, vehicleName, false);
    await reportProblem(page);
    await page.getByRole("link", { name: "Report a problem" }).click();
    await expect(page.getByRole("dialog").getByTestId("cooldown")).toContainText("Next report possible from");
    await expectNoHorizontalOverflow(page);
    await context.close();
  });

  test("1280 px: the assigned vehicle and the vehicle modal", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const user = await loginAs(page, { status: "working_no_vehicle", language: "en" });
    const vehicleName = `Scooter Wide ${Date.now().toString(36)}`;
    await vehicleWithImage(vehicleName);
    await createVehicle({
      name: `Future ${Date.now().toString(36)}`,
      status: "future",
      availableSince: new Date(Date.now() + 10 * 864e5),
    });
    await page.goto("/dashboard?modal=vehicle");
    await expect(page.getByRole("button", { name: "Reserve" }).first()).toBeVisible();
    await page.screenshot({ path: shots("vehicle-modal-1280") });
    await page.goto("/dashboard");
    await requestVehicleAndApprove(page, user.id, vehicleName, true);
    await page.screenshot({ path: shots("vehicle-1280"), fullPage: true });
  });

  test("another user's file answers 404", async ({ page }) => {
    const owner = await loginAs(page, { status: "confirmed_account", language: "en" });
    await page.goto("/dashboard");
    await waitForHydration(page);
    await fillApplication(page, { phone: "0903123456" });
    await attachDocuments(page);
    await page.getByRole("button", { name: "Submit application" }).click();
    // Four photos processed by the server: more than 5 s when the machine is busy.
    await expect(page.getByText("Your application is being reviewed")).toBeVisible({ timeout: 15_000 });
    const fileId = writerForTests()
      .select()
      .from(uploads)
      .all()
      .filter((u) => u.ownerId === owner.id)[0]!.id;
    expect((await page.request.get(`/files/${fileId}`)).headers()["cache-control"]).toBe("private, no-store");
    await page.context().clearCookies();
    await loginAs(page, { status: "confirmed_account" });
    expect((await page.request.get(`/files/${fileId}`)).status()).toBe(404);
  });
});

test("a photo chosen and a name typed before the page hydrates: the photo is uploaded and the name saved once it has", async ({
  page,
}) => {
  await loginAs(page, { status: "confirmed_account", language: "en" });
  // A slow phone: the page has loaded and the courier acts while its scripts are still on the way.
  await delayScripts(page);
  await page.goto("/dashboard");
  await page.getByLabel("Full name (as in passport)").fill("Ján Kováč");
  await page
    .locator('input[name="face_photo"][type="file"]')
    .setInputFiles({ name: "face.png", mimeType: "image/png", buffer: Buffer.from(await png(400, 260)) });
  const saved = page.waitForResponse((r) => r.url().includes("/dashboard/draft") && r.request().method() === "POST");
  await waitForHydration(page);
  // The name typed before hydration is saved as the draft, as typing after would have saved it.
  expect((await saved).status()).toBe(200);
  const face = page.getByTestId("doc-face_photo");
  await expect(face.locator(".doc-kept")).toBeVisible({ timeout: 15_000 });
  await expect(face.locator(".file-input-names")).toHaveText("face.png");
  await expect(page.getByLabel("Full name (as in passport)")).toHaveValue("Ján Kováč");
});

test.describe("who must show what (citizenship)", () => {
  test("JS on at 360 px: a Slovak citizen applies without a right-to-stay document; markers follow the choices", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await loginAs(page, { status: "confirmed_account", language: "en" });
    await page.goto("/dashboard");
    const username = page.locator("label", { has: page.getByLabel("Username in the chosen app") });
    await expect(page.getByTestId("right-to-stay")).toBeVisible();
    await expect(username.locator(".req-mark")).toHaveCount(0);
    await page.getByLabel("Preferred contact method").selectOption("telegram");
    await expect(username.locator(".req-mark")).toBeVisible();
    await expect(page.getByLabel("Username in the chosen app")).toHaveAttribute("required", "");
    await page.getByRole("radio", { name: "Another country", exact: true }).check();
    await expect(page.getByTestId("right-to-stay").locator("legend .req-mark")).toBeVisible();
    await page.screenshot({ path: shotPath("application-citizenship-360"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: shotPath("application-citizenship-1280"), fullPage: true });
    await page.setViewportSize({ width: 360, height: 780 });

    await page.getByRole("radio", { name: "Slovak" }).check();
    await expect(page.getByTestId("right-to-stay")).toHaveCount(0);
    await page.getByLabel("Full name (as in passport)").fill("Ján Kováč");
    await page.getByRole("spinbutton", { name: /^Age/ }).fill("19");
    await page.getByLabel("Phone number (Slovak)").fill("0903 123 456");
    await page.getByLabel("Username in the chosen app").fill("jan_k");
    // A slow network: each photo takes a while to arrive.
    await page.route("**/dashboard/documents", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    const card = Buffer.from(await png(400, 260));
    for (const field of ["face_photo", "id_front", "id_back"]) {
      await page
        .locator(`input[name="${field}"][type="file"]`)
        .setInputFiles({ name: `${field}.png`, mimeType: "image/png", buffer: card });
    }
    // The keyboard's Go while the photos still travel: the submit is kept and sent once they have arrived.
    await page.getByLabel("Username in the chosen app").press("Enter");
    await expect(page.getByRole("button", { name: "Waiting for the photos to upload…" })).toBeVisible();
    // The same post and reload as the four-photo journey above: on a busy machine it can take more than 5 s.
    await expect(page.getByText("Your application is being reviewed")).toBeVisible({ timeout: 15_000 });
    await expectNoHorizontalOverflow(page);
  });

  test.describe("without JS", () => {
    // The refused post answers 400, which the browser notes in its console.
    test.use({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 780 },
      locale: "en-US",
      allowedConsoleErrors: [/status of 400/],
    });
    test("the server names the missing username and right-to-stay document, translated", async ({ page }) => {
      await loginAs(page, { status: "confirmed_account", language: "ua" });
      await page.goto("/dashboard");
      await page.getByLabel("Повне імʼя (як у паспорті)").fill("Olena Kovalenko");
      await page.getByRole("spinbutton", { name: /^Вік/ }).fill("24");
      await page.getByLabel("Номер телефону (словацький)").fill("0903 123 456");
      await page.getByRole("radio", { name: "Інша країна", exact: true }).check();
      await page.getByLabel("Бажаний спосіб звʼязку").selectOption("telegram");
      const card = Buffer.from(await png(400, 260));
      for (const field of ["face_photo", "id_front", "id_back"]) {
        await page
          .locator(`input[name="${field}"][type="file"]`)
          .setInputFiles({ name: `${field}.png`, mimeType: "image/png", buffer: card });
      }
      await page.getByRole("button", { name: "Надіслати заявку" }).click();
      await expect(
        page.locator(".field-error", { hasText: "Введіть своє імʼя користувача в обраному застосунку." }),
      ).toBeVisible();
      await expect(
        page.locator(".field-error", {
          hasText: "Завантажте дозвіл на проживання (обидві сторони) або документ біженця.",
        }),
      ).toBeVisible();
      await expect(page.getByRole("radio", { name: "Інша країна", exact: true })).toBeChecked();
      await expectNoHorizontalOverflow(page);
    });
  });
});

/** A courier riding a vehicle, with one report the admin has answered. */
async function courierWithAnsweredReport(page: Page, language: "sk" | "ua" | "en" = "en") {
  const user = await loginAs(page, { status: "working_no_vehicle", language });
  const admin = await createUser({ role: "admin" });
  await approveVehicleRequest(
    admin.id,
    (
      await createVehicleRequest(
        user.id,
        (
          await createVehicle({ name: `Scooter Talk ${Date.now().toString(36)}` })
        ).id,
        await agreedRent(),
      )
    ).id,
  );
  const report = await createProblemReport(user.id, "The front brake squeaks when it rains.", []);
  await replyToProblemReport(
    admin.id,
    report.id,
    "Thanks! Bring it to the depot tomorrow at 9, we will replace the pads.",
  );
  return { user, admin, report };
}

test.describe("problem reports as a conversation", () => {
  test("JS on at 360 px: the thread, a reply, the cooldown with the phone line", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const { report } = await courierWithAnsweredReport(page);
    await page.goto("/dashboard");
    const item = page.getByTestId(`report-${report.id}`);
    await expect(item.getByText("Open")).toBeVisible();
    await expect(item.locator(".thread-msg")).toHaveCount(2);
    await expect(item.locator(".thread-admin")).toContainText("Bring it to the depot tomorrow");
    const notice = page.getByTestId("cooldown-notice").first();
    await expect(notice.getByTestId("cooldown")).toContainText(/Next report in 2[34] h/);
    await expect(notice.getByTestId("support-phone")).toHaveAttribute("href", /^tel:\+421\d+$/);
    await item.getByLabel("Write a reply").fill("OK, I will be there at 9.");
    await item.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByText("Reply sent.").first()).toBeVisible();
    await expect(item.locator(".thread-courier").last()).toContainText("OK, I will be there at 9.");
    await expect(item.getByLabel("Write a reply")).toHaveValue("");
    await expectNoHorizontalOverflow(page);
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath("dashboard-reports-360"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: shotPath("dashboard-reports-1280"), fullPage: true });
  });

  test.describe("without JS", () => {
    test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 780 }, locale: "en-US" });
    test("the thread and a reply work as plain forms, in the courier's language", async ({ page }) => {
      const { report } = await courierWithAnsweredReport(page, "sk");
      await page.goto("/dashboard");
      const item = page.getByTestId(`report-${report.id}`);
      await expect(item.locator(".thread-admin")).toContainText("Bring it to the depot tomorrow");
      await expect(page.getByTestId("support-phone").first()).toHaveText("Volajte +421 2 1234 5678");
      await item.getByLabel("Napísať odpoveď").fill("Dobre, prídem o deviatej.");
      await item.getByRole("button", { name: "Odoslať odpoveď" }).click();
      await expect(page.getByTestId(`report-${report.id}`).locator(".thread-courier").last()).toContainText(
        "Dobre, prídem o deviatej.",
      );
      await expectNoHorizontalOverflow(page);
    });
  });
});
