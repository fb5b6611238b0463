import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { applications, auditLog, users } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { application, courier, vehicle } from "../admin-fixtures";
import { expect, expectNoHorizontalOverflow, loginAs, test } from "./fixtures";

const SHOTS = "/tmp/cf-e2";

/** An admin with a name, and two entries of theirs: an approval on a fixed day, a vehicle edit on another. */
async function adminWithEntries(page: Page, tag: string) {
  const admin = await loginAs(page, { role: "admin", language: "en" });
  writerForTests()
    .update(users)
    .set({ fullName: `Jana ${tag}` })
    .where(eq(users.id, admin.id))
    .run();
  const applicant = await courier("working_no_vehicle", `Oleh Koval ${tag}`);
  const app = await application(applicant.id);
  writerForTests()
    .update(applications)
    .set({ fullName: `Oleh Koval ${tag}`, status: "approved" })
    .where(eq(applications.id, app.id))
    .run();
  const bike = await vehicle({ name: `Cargo bike ${tag}` });
  writerForTests()
    .insert(auditLog)
    .values([
      {
        actorId: admin.id,
        action: "application.approve",
        entityType: "application",
        entityId: app.id,
        subjectUserId: applicant.id,
        before: { status: "pending" },
        after: { status: "approved", reason: null },
        createdAt: new Date("2024-03-05T10:00:00Z"),
      },
      {
        actorId: admin.id,
        action: "vehicle.update",
        entityType: "vehicle",
        entityId: bike.id,
        before: { name: "Old name", active: true },
        after: { name: bike.name, active: false },
        createdAt: new Date("2024-03-09T10:00:00Z"),
      },
    ])
    .run();
  return { admin, app, applicant, bike };
}

test.describe("audit log without JS", () => {
  test.use({ javaScriptEnabled: false });

  test("filters by actor, action and days in the URL and reads as sentences", async ({ page }) => {
    const { admin, app, applicant } = await adminWithEntries(page, "nojs");
    await page.goto("/admin/audit");
    await page.getByLabel("Who").selectOption(String(admin.id));
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`actor=${admin.id}`));
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText("Jana nojs edited the vehicle Cargo bike nojs");
    await expect(rows.first()).toContainText("Active: yes → no");

    await page.getByLabel("Action").selectOption("application.approve");
    await page.getByLabel("From", { exact: true }).fill("2024-03-01");
    await page.getByLabel("To", { exact: true }).fill("2024-03-05");
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    await expect(page).toHaveURL(/action=application\.approve/);
    await expect(page).toHaveURL(/from=2024-03-01&to=2024-03-05/);
    await expect(rows).toHaveCount(1);
    const entry = rows.first();
    await expect(entry).toContainText("Jana nojs approved the application of Oleh Koval nojs");
    await expect(entry).toContainText("Status: Pending → Approved");
    await expect(entry.getByRole("link", { name: "Oleh Koval nojs" })).toHaveAttribute(
      "href",
      `/admin/applications/${app.id}`,
    );
    await expect(entry.getByRole("link", { name: "Jana nojs" })).toHaveAttribute("href", `/admin/users/${admin.id}`);
    expect(applicant.id).toBeGreaterThan(0);

    // The "to" day is included, the next day is not.
    await page.goto(`/admin/audit?actor=${admin.id}&from=2024-03-06&to=2024-03-08`);
    await expect(page.getByText("No entries match these filters.")).toBeVisible();
  });
});

test.describe("audit log in Slovak", () => {
  test.use({ locale: "sk-SK" });
  test("the sentence is in the admin's language", async ({ page }) => {
    const { admin } = await adminWithEntries(page, "sk");
    writerForTests().update(users).set({ language: "sk" }).where(eq(users.id, admin.id)).run();
    await page.goto(`/admin/audit?actor=${admin.id}&action=application.approve&lng=sk`);
    await expect(page.locator("tbody tr").first()).toContainText(/Jana sk schválil\(a\) žiadosť/);
  });
});

test.describe("phones: lists as cards at 360 px", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("audit, users, vehicles, news and referrals keep status and actions on screen", async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    const { admin } = await adminWithEntries(page, "phone");
    await page.goto(`/admin/audit?actor=${admin.id}`);
    await expect(page.locator("tbody tr").first()).toContainText("Jana phone edited the vehicle");
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}/audit-360.png`, fullPage: true });
    for (const [path, label] of [
      ["/admin/users", "Status"],
      ["/admin/vehicles", "Status"],
      ["/admin/news", "Actions"],
      ["/admin/referrals", "Actions"],
    ] as const) {
      await page.goto(path);
      await expectNoHorizontalOverflow(page);
      const cell = page.locator(`tbody td[data-label="${label}"]`).first();
      if ((await cell.count()) > 0) {
        const box = await cell.boundingBox();
        expect(box!.x + box!.width, path).toBeLessThanOrEqual(360);
      }
      await page.screenshot({ path: `${SHOTS}/${path.split("/").pop()}-360.png`, fullPage: true });
    }
    await page.goto("/admin/users");
    await expect(page.locator('tbody a[href^="mailto:"]').first()).toBeVisible();
  });
});

test.describe("desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test("the audit log does not overflow at 1280 px", async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    await adminWithEntries(page, "desk");
    await page.goto("/admin/audit");
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}/audit-1280.png`, fullPage: true });
  });
});
