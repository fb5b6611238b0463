/**
 * The remaining create actions post once per rendered form too: a report reply (admin and courier),
 * "send to service", a handover, the earnings upload and its commit, and "Send again" for failing mail.
 * The same form posted twice with its key makes one record; the second post goes where the first went.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import {
  auditLog,
  earningImports,
  handovers,
  outbox,
  platforms,
  problemReportMessages,
  serviceRecords,
} from "~db/schema";
import { OUTBOX_MAX_ATTEMPTS } from "~/domain/outbox";
import { transaction, writerForTests } from "~/infra/db.server";
import { createPlatform, linkPlatformAccount } from "~/models/platforms.server";
import { queueMail } from "~/models/outbox.server";
import { approveVehicleRequest, createVehicleRequest } from "~/models/vehicle-requests.server";
import { actors, problemReport, vehicle } from "../../tests/admin-fixtures";
import { createVehicle } from "../../tests/dashboard-helpers";
import { agreedRent, createUser, sessionCookieHeader } from "../../tests/factories";
import { call, readJson } from "../../tests/route-harness";
import * as mailPage from "./admin/mail";
import * as payoutsImport from "./admin/payouts-import";
import * as problemReports from "./admin/problem-reports";
import * as handoverRoute from "./admin/vehicle-handover";
import * as dashboard from "./dashboard";
import * as replyRoute from "./dashboard/reply";

type Handler = Parameters<typeof call>[0];
const w = () => writerForTests();
const { admin, adminCookie } = await actors();

async function renderedKey(loader: unknown, url: string, cookie: string, params?: Record<string, string>) {
  const data = await readJson<{ formKey?: string }>(await call(loader as Handler, url, { cookie, params }));
  expect(typeof data.formKey).toBe("string");
  return data.formKey!;
}

/** Posts twice; both answered with the same redirect. */
async function postTwice(
  action: unknown,
  url: string,
  cookie: string,
  form: () => Record<string, string> | FormData,
  params?: Record<string, string>,
) {
  const first = await call(action as Handler, url, { form: form(), cookie, params });
  const second = await call(action as Handler, url, { form: form(), cookie, params });
  expect(first.status).toBe(302);
  expect(second.status).toBe(302);
  expect(second.headers.get("Location")).toBe(first.headers.get("Location"));
}

describe("the remaining create forms post once per render", () => {
  test("the admin's reply to a report: one message", async () => {
    const report = await problemReport((await createUser({ status: "working_no_vehicle" })).id);
    const url = `/admin/problem-reports?report=${report.id}`;
    const formKey = await renderedKey(problemReports.loader, url, adminCookie);
    await postTwice(problemReports.action, url, adminCookie, () => ({
      intent: "reply",
      reportId: String(report.id),
      response: "We are on it",
      formKey,
    }));
    expect(
      await w()
        .select()
        .from(problemReportMessages)
        .where(and(eq(problemReportMessages.reportId, report.id), eq(problemReportMessages.fromAdmin, true))),
    ).toHaveLength(1);
  });

  test("send to service: one service record (the second post is not 'already in service')", async () => {
    const v = await vehicle();
    const report = await problemReport((await createUser({ status: "working_no_vehicle" })).id, v.id);
    const url = `/admin/problem-reports?report=${report.id}`;
    const formKey = await renderedKey(problemReports.loader, url, adminCookie);
    await postTwice(problemReports.action, url, adminCookie, () => ({
      intent: "toService",
      reportId: String(report.id),
      description: "Brakes",
      formKey,
    }));
    expect(await w().select().from(serviceRecords).where(eq(serviceRecords.problemReportId, report.id))).toHaveLength(
      1,
    );
  });

  test("the courier's reply in their report's conversation: one message", async () => {
    const courier = await createUser({ status: "working_no_vehicle" });
    const cookie = await sessionCookieHeader(courier.id);
    const report = await problemReport(courier.id);
    const formKey = await renderedKey(dashboard.loader, "/dashboard", cookie);
    await postTwice(replyRoute.action, "/dashboard/reply", cookie, () => ({
      reportId: String(report.id),
      body: "Still squeaks",
      formKey,
    }));
    expect(
      await w()
        .select()
        .from(problemReportMessages)
        .where(and(eq(problemReportMessages.reportId, report.id), eq(problemReportMessages.fromAdmin, false))),
    ).toHaveLength(1);
  });

  test("a handover: recorded once, the repeat sent to the vehicle like the first", async () => {
    const courier = await createUser({ status: "working_no_vehicle" });
    const v = await createVehicle();
    await approveVehicleRequest(admin.id, (await createVehicleRequest(courier.id, v.id, await agreedRent())).id);
    const params = { id: String(v.id) };
    const page = `/admin/vehicles/${v.id}/handover?kind=check_out`;
    const formKey = await renderedKey(handoverRoute.loader, page, adminCookie, params);
    const form = () => {
      const f = new FormData();
      f.set("batteryPercent", "80");
      f.set("odometerKm", "12");
      return f;
    };
    await postTwice(handoverRoute.action, `${page}&formKey=${formKey}`, adminCookie, form, params);
    const recorded = await w()
      .select()
      .from(handovers)
      .where(and(eq(handovers.vehicleId, v.id), eq(handovers.kind, "check_out")));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.batteryPercent).toBe(80);
  });

  test("the earnings file: uploaded once (one pending import), committed once", async () => {
    // As in the import's own tests: the file names its platform "Wolt" (a row naming a platform we do not know is
    // refused), so the platform is "Wolt" and an earlier one of that name steps aside.
    await w()
      .update(platforms)
      .set({ name: `Wolt (earlier) ${Math.random()}`.slice(0, 40) })
      .where(eq(platforms.name, "Wolt"));
    const platformId = await createPlatform(admin.id, "Wolt");
    await linkPlatformAccount(admin.id, {
      platformId,
      accountId: "W-1001",
      userId: (await createUser()).id,
      startsOn: "2026-10-01",
    });
    const csv = readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/earnings/generic-bom.csv"));
    const uploadKey = await renderedKey(payoutsImport.loader, "/admin/payouts/import", adminCookie);
    const upload = () => {
      const f = new FormData();
      f.set("platformId", String(platformId));
      f.set("weekStart", "2026-11-02");
      f.set("file", new File([csv], "week.csv", { type: "text/csv" }));
      return f;
    };
    await postTwice(payoutsImport.action, `/admin/payouts/import?formKey=${uploadKey}`, adminCookie, upload);
    const staged = await w().select().from(earningImports).where(eq(earningImports.platformId, platformId));
    expect(staged).toHaveLength(1);
    const id = staged[0]!.id;
    const commitKey = await renderedKey(payoutsImport.loader, `/admin/payouts/import?id=${id}`, adminCookie);
    await postTwice(payoutsImport.action, `/admin/payouts/import?id=${id}`, adminCookie, () => ({
      intent: "commit",
      id: String(id),
      formKey: commitKey,
    }));
    const commits = await w()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "earning_import"), eq(auditLog.entityId, id)));
    expect(commits.filter((entry) => entry.action === "earnings.import")).toHaveLength(1);
  });

  test("Send again for a failing message: queued and audited once, the repeat is not refused as 'not failing'", async () => {
    const courier = await createUser();
    await transaction((tx) =>
      queueMail(tx, {
        to: courier.email,
        subject: "Test",
        text: "Mail",
        language: "sk",
        kind: "test",
        userId: courier.id,
      }),
    );
    const [row] = await w().select().from(outbox).where(eq(outbox.userId, courier.id));
    await w().update(outbox).set({ attempts: OUTBOX_MAX_ATTEMPTS, lastError: "down" }).where(eq(outbox.id, row!.id));
    const formKey = await renderedKey(mailPage.loader, "/admin/mail", adminCookie);
    await postTwice(mailPage.action, "/admin/mail", adminCookie, () => ({
      intent: "resend",
      id: String(row!.id),
      formKey,
    }));
    expect(
      await w()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "mail.resend"), eq(auditLog.entityId, row!.id))),
    ).toHaveLength(1);
  });
});
