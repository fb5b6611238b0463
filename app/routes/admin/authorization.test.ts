import { beforeAll, describe, expect, test } from "bun:test";
import { call } from "../../../tests/route-harness";
import { actors, application, courier, problemReport, vehicle } from "../../../tests/admin-fixtures";
import * as applicationDetail from "./application-detail";
import * as applications from "./applications";
import * as audit from "./audit";
import * as dashboard from "./dashboard";
import * as layout from "./layout";
import * as newsForm from "./news-form";
import * as news from "./news";
import * as problemReports from "./problem-reports";
import * as referrals from "./referrals";
import * as userDetail from "./user-detail";
import * as users from "./users";
import * as usersExport from "./users-export";
import * as vehicleDelete from "./vehicle-delete";
import * as vehicleForm from "./vehicle-form";
import * as vehicleImageRemoval from "./vehicle-image-removal";
import * as vehicleProblem from "./vehicle-problem";
import * as vehicleService from "./vehicle-service";
import * as vehicleRequests from "./vehicle-requests";
import * as vehicles from "./vehicles";

type Module = { loader?: unknown; action?: unknown };
type Handler = Parameters<typeof call>[0];
let routes: { path: string; module: Module; params?: Record<string, string> }[] = [];
let cookies: { admin: string; user: string };

beforeAll(async () => {
  const a = await actors();
  cookies = { admin: a.adminCookie, user: a.userCookie };
  const target = await courier("applied_for_job");
  const app = await application(target.id);
  const v = await vehicle();
  const report = await problemReport(target.id, v.id);
  routes = [
    { path: "/admin", module: layout },
    { path: "/admin/dashboard", module: dashboard },
    { path: "/admin/users", module: users },
    { path: "/admin/users/export.csv", module: usersExport },
    { path: `/admin/users/${target.id}`, module: userDetail, params: { id: String(target.id) } },
    { path: "/admin/referrals", module: referrals },
    { path: "/admin/news", module: news },
    { path: "/admin/news/new", module: newsForm },
    { path: "/admin/vehicles", module: vehicles },
    { path: "/admin/vehicles/new", module: vehicleForm },
    { path: `/admin/vehicles/${v.id}`, module: vehicleForm, params: { id: String(v.id) } },
    { path: `/admin/vehicles/${v.id}/service`, module: vehicleService, params: { id: String(v.id) } },
    { path: `/admin/vehicles/${v.id}/problems`, module: vehicleProblem, params: { id: String(v.id) } },
    { path: `/admin/vehicles/${v.id}/images/remove`, module: vehicleImageRemoval, params: { id: String(v.id) } },
    { path: `/admin/vehicles/${v.id}/delete`, module: vehicleDelete, params: { id: String(v.id) } },
    { path: "/admin/applications", module: applications },
    { path: `/admin/applications/${app.id}`, module: applicationDetail, params: { id: String(app.id) } },
    { path: "/admin/vehicle-requests", module: vehicleRequests },
    { path: `/admin/problem-reports?report=${report.id}`, module: problemReports },
    { path: "/admin/audit", module: audit },
  ];
});

/** Every admin loader and action checks the role itself (a parent's check does not guard `.data`). */
describe("admin authorization matrix", () => {
  test("visitor → redirect to log in, user → 403, admin → 200 for every loader", async () => {
    for (const route of routes) {
      const handler = route.module.loader as Handler;
      const visitor = await call(handler, route.path, { params: route.params });
      expect([route.path, visitor.status]).toEqual([route.path, 302]);
      expect(visitor.headers.get("Location")).toStartWith("/?auth=login&redirectTo=");
      const user = await call(handler, route.path, { params: route.params, cookie: cookies.user });
      expect([route.path, user.status]).toEqual([route.path, 403]);
      const admin = await call(handler, route.path, { params: route.params, cookie: cookies.admin });
      expect([route.path, admin.status]).toEqual([route.path, 200]);
    }
  });

  test("every action refuses visitors and plain users before reading the body", async () => {
    const withActions = routes.filter((r) => r.module.action);
    expect(withActions.length).toBeGreaterThanOrEqual(8);
    for (const route of withActions) {
      const handler = route.module.action as Handler;
      const form = { intent: "delete", id: "1" };
      const visitor = await call(handler, route.path, { params: route.params, form });
      expect([route.path, visitor.status]).toEqual([route.path, 302]);
      const user = await call(handler, route.path, { params: route.params, form, cookie: cookies.user });
      expect([route.path, user.status]).toEqual([route.path, 403]);
    }
  });
});
