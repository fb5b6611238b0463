/**
 * Twenty posts of one decision at once — a double click on a slow phone, two admins, a retrying proxy —
 * through each route action that changes a row only from the state it was shown in. One post wins; the
 * other nineteen get 409 and change nothing. On PostgreSQL the pool is cut to 2 connections and the
 * decided row's update is held open a moment, so the posts surely queue behind the winner: a
 * transaction that took a second pool connection (`db()` inside its body) would wait on a pool the
 * others hold and answer 500, or stall the process.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { closeDatabase, databaseEngine, migrateDatabase } from "~/infra/db.server";
import { config } from "~/infra/config.server";
import { askAboutLine } from "~/models/pay-questions.server";
import { getPendingHandover, recordHandover } from "~/models/handovers.server";
import { approveVehicleRequest } from "~/models/vehicle-requests.server";
import { receivedFile } from "../../../tests/dashboard-helpers";
import { sessionCookieHeader } from "../../../tests/factories";
import { png } from "../../../tests/media-fixtures";
import * as courierHandover from "../dashboard/handover";
import { actors, application, courier, problemReport, vehicle, vehicleRequest } from "../../../tests/admin-fixtures";
import { insertStatement } from "../../../tests/pay-fixtures";
import { slowWrites } from "../../../tests/raw-sql";
import { call } from "../../../tests/route-harness";
import * as applicationDetail from "./application-detail";
import * as payoutQuestions from "./payout-questions";
import * as payoutsBatch from "./payouts-batch";
import * as problemReports from "./problem-reports";
import * as vehicleRequests from "./vehicle-requests";
import * as vehicleService from "./vehicle-service";

type Handler = Parameters<typeof call>[0];
const POSTS = 20;
const POOL = 2;

let adminCookie = "";
let adminId = 0;
const pool = config().databasePool;
const poolBefore = pool.poolSize;

/** Reopens the PostgreSQL pool with `size` connections (SQLite has one writer anyway). */
async function reopenPool(size: number) {
  if (databaseEngine() !== "postgres") return;
  await closeDatabase();
  pool.poolSize = size;
  await migrateDatabase();
}

beforeAll(async () => {
  await reopenPool(POOL);
  const { admin, adminCookie: cookie } = await actors();
  adminCookie = cookie;
  adminId = admin.id;
});
afterAll(async () => {
  await reopenPool(poolBefore);
});

type Case = {
  name: string;
  /** The row whose update is slowed on PostgreSQL, and the post every one of the twenty sends. */
  setup: () => Promise<{
    table: string;
    id: number;
    handler: unknown;
    path: string;
    form: Record<string, string>;
    params?: Record<string, string>;
    /** Whose posts these are: the admin's unless a courier decides. */
    cookie?: string;
  }>;
};

const cases: Case[] = [
  {
    name: "approve an application",
    setup: async () => {
      const app = await application((await courier("applied_for_job")).id);
      return {
        table: "applications",
        id: app.id,
        handler: applicationDetail.action,
        path: `/admin/applications/${app.id}`,
        form: { intent: "approve" },
        params: { id: String(app.id) },
      };
    },
  },
  {
    name: "reject an application",
    setup: async () => {
      const app = await application((await courier("applied_for_job")).id);
      return {
        table: "applications",
        id: app.id,
        handler: applicationDetail.action,
        path: `/admin/applications/${app.id}`,
        form: { intent: "reject", reason: "Documents unreadable" },
        params: { id: String(app.id) },
      };
    },
  },
  {
    name: "approve a vehicle request",
    setup: async () => {
      const request = await vehicleRequest((await courier("applied_for_vehicle")).id, (await vehicle()).id);
      return {
        table: "vehicle_requests",
        id: request.id,
        handler: vehicleRequests.action,
        path: "/admin/vehicle-requests",
        form: { intent: "approve", requestId: String(request.id) },
      };
    },
  },
  {
    name: "reject a vehicle request",
    setup: async () => {
      const request = await vehicleRequest((await courier("applied_for_vehicle")).id, (await vehicle()).id);
      return {
        table: "vehicle_requests",
        id: request.id,
        handler: vehicleRequests.action,
        path: "/admin/vehicle-requests",
        form: { intent: "reject", requestId: String(request.id), reason: "No licence" },
      };
    },
  },
  {
    name: "end a lease",
    setup: async () => {
      const v = await vehicle();
      await approveVehicleRequest(adminId, (await vehicleRequest((await courier("applied_for_vehicle")).id, v.id)).id);
      return {
        table: "vehicles",
        id: v.id,
        handler: vehicleRequests.action,
        path: "/admin/vehicle-requests",
        form: { intent: "end", vehicleId: String(v.id) },
      };
    },
  },
  {
    name: "a courier confirms the handover the admin recorded",
    setup: async () => {
      const owner = await courier("applied_for_vehicle");
      const v = await vehicle();
      await approveVehicleRequest(adminId, (await vehicleRequest(owner.id, v.id)).id);
      const pending = (await getPendingHandover(v.id, "check_out"))!;
      const photo = { field: "photos", name: "side.png", ...receivedFile(await png(64, 48)) };
      await recordHandover(
        adminId,
        pending.handover.id,
        { batteryPercent: 90, odometerKm: 10, damages: {}, note: null },
        [{ ...photo, type: { class: "image", mime: "image/png", ext: "png" } }],
      );
      return {
        table: "handovers",
        id: pending.handover.id,
        handler: courierHandover.action,
        path: "/dashboard/handover",
        form: { handoverId: String(pending.handover.id) },
        cookie: await sessionCookieHeader(owner.id),
      };
    },
  },
  {
    name: "put a vehicle in service",
    setup: async () => {
      const v = await vehicle();
      return {
        table: "vehicles",
        id: v.id,
        handler: vehicleService.action,
        path: `/admin/vehicles/${v.id}/service`,
        form: { intent: "serviceStart" },
        params: { id: String(v.id) },
      };
    },
  },
  {
    name: "complete a vehicle's service",
    setup: async () => {
      const v = await vehicle({ status: "maintenance" });
      return {
        table: "vehicles",
        id: v.id,
        handler: vehicleService.action,
        path: `/admin/vehicles/${v.id}/service`,
        form: { intent: "serviceComplete" },
        params: { id: String(v.id) },
      };
    },
  },
  {
    name: "resolve a problem report",
    setup: async () => {
      const report = await problemReport((await courier()).id);
      return {
        table: "problem_reports",
        id: report.id,
        handler: problemReports.action,
        path: "/admin/problem-reports",
        form: { intent: "resolve", reportId: String(report.id) },
      };
    },
  },
  {
    name: "resolve a pay question",
    setup: async () => {
      const owner = await courier();
      const { statement } = await insertStatement(owner.id, "2026-11-02", { status: "approved" });
      const question = await askAboutLine(owner.id, statement.id, 0, "Why so little?");
      return {
        table: "pay_questions",
        id: question.id,
        handler: payoutQuestions.action,
        path: "/admin/payouts/questions",
        form: { intent: "resolve", questionId: String(question.id) },
      };
    },
  },
  {
    name: "mark a payout batch paid",
    setup: async () => {
      const { statement } = await insertStatement((await courier()).id, "2026-11-02", { status: "exported" });
      const batchId = statement.batchId!;
      return {
        table: "payout_batches",
        id: batchId,
        handler: payoutsBatch.action,
        path: `/admin/payouts/batches/${batchId}`,
        // As posted from its confirmation step: the count and sum it showed.
        form: { intent: "pay", count: "1", totalCents: String(statement.payoutCents) },
        params: { id: String(batchId) },
      };
    },
  },
  {
    name: "cancel a payout batch",
    setup: async () => {
      const { statement } = await insertStatement((await courier()).id, "2026-11-02", { status: "exported" });
      const batchId = statement.batchId!;
      return {
        table: "payout_batches",
        id: batchId,
        handler: payoutsBatch.action,
        path: `/admin/payouts/batches/${batchId}`,
        form: { intent: "cancel" },
        params: { id: String(batchId) },
      };
    },
  },
];

describe(`${POSTS} parallel posts of one decision (PostgreSQL pool of ${POOL})`, () => {
  for (const { name, setup } of cases)
    test(`${name}: one wins, the rest are refused with 409`, async () => {
      const { table, id, handler, path, form, params, cookie } = await setup();
      const restore = await slowWrites(table, "update", `NEW.id = ${id}`, 200);
      let statuses: number[];
      try {
        const answers = await Promise.all(
          Array.from({ length: POSTS }, () =>
            call(handler as Handler, path, { form, params, cookie: cookie ?? adminCookie }),
          ),
        );
        statuses = answers.map((answer) => answer.status);
      } finally {
        await restore();
      }
      const won = statuses.filter((status) => status === 302);
      expect({ won: won.length, refused: statuses.filter((status) => status === 409).length }).toEqual({
        won: 1,
        refused: POSTS - 1,
      });
    }, 20_000);
});
