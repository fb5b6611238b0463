import { eq } from "drizzle-orm";
import { auditLog, users } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { application, courier } from "../admin-fixtures";
import { expect, expectNoHorizontalOverflow, loginAs, shotPath, test } from "./fixtures";

/** Decisions stand out (document views only on request), fields and days read as words and dates. */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`audit log ${javaScriptEnabled ? "with" : "without"} JavaScript at 1280 px`, () => {
    test.use({ viewport: { width: 1280, height: 900 }, locale: "en-GB", javaScriptEnabled });

    test("hides document views until asked, names every field and shows a day as a day", async ({ page }) => {
      test.setTimeout(90_000);
      const tag = `${javaScriptEnabled ? "js" : "nojs"}${Date.now().toString(36)}`;
      const admin = await loginAs(page, { role: "admin", language: "en" });
      writerForTests()
        .update(users)
        .set({ fullName: `Jana ${tag}` })
        .where(eq(users.id, admin.id))
        .run();
      const applicant = await courier("working_no_vehicle", `Oleh ${tag}`);
      const app = await application(applicant.id);
      const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute));
      writerForTests()
        .insert(auditLog)
        .values([
          ...[1, 2, 3].map((m) => ({
            actorId: admin.id,
            action: "file.view",
            entityType: "file",
            entityId: m,
            subjectUserId: applicant.id,
            after: { kind: "id_front" },
            createdAt: at(m),
          })),
          {
            actorId: admin.id,
            action: "application.approve",
            entityType: "application",
            entityId: app.id,
            subjectUserId: applicant.id,
            before: { status: "pending" },
            after: { status: "approved", documentValidUntil: "2027-03-09" },
            createdAt: at(4),
          },
          {
            actorId: admin.id,
            action: "document.accept",
            entityType: "user",
            entityId: applicant.id,
            subjectUserId: applicant.id,
            before: { documentValidUntil: null },
            after: { documentValidUntil: "2027-03-09T00:00:00.000Z" },
            createdAt: at(5),
          },
        ])
        .run();

      await page.goto(`/admin/audit?actor=${admin.id}`);
      const rows = page.locator("tbody tr");
      await expect(rows).toHaveCount(2);
      await expect(page.locator("tbody").getByText("opened a document")).toHaveCount(0);
      await expect(rows.first()).toContainText("Document valid until: — → 9 Mar 2027");
      await expect(rows.nth(1)).toContainText("Document valid until: — → 9 Mar 2027");
      await expect(page.locator("tbody")).not.toContainText("documentValidUntil");
      await expect(page.locator("tbody")).not.toContainText("01:00");
      await expectNoHorizontalOverflow(page);
      await page.screenshot({
        path: shotPath(`audit-decisions-${javaScriptEnabled ? "js" : "nojs"}-1280`),
        fullPage: true,
      });

      await page.getByLabel("Show document views").check();
      await page.getByRole("button", { name: "Filter", exact: true }).click();
      await expect(page).toHaveURL(/views=1/);
      await expect(rows).toHaveCount(5);
      await expect(page.locator("tbody").getByText(`Jana ${tag} opened a document of Oleh ${tag}`)).toHaveCount(3);
    });
  });
}
