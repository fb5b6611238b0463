import { describe, expect, test } from "bun:test";
import { transaction } from "~/infra/db.server";
import { recordAudit } from "~/models/audit.server";
import { actors } from "../../../tests/admin-fixtures";
import { createUser } from "../../../tests/factories";
import { call, readJson } from "../../../tests/route-harness";
import * as userDetail from "./user-detail";

type Handler = Parameters<typeof call>[0];

describe("the user page's audit entries", () => {
  test("hide 'opened document' lines unless ?views=1 asks for them, like the audit log page", async () => {
    const { admin, adminCookie } = await actors();
    const courier = await createUser({ status: "applied_for_job" });
    await transaction(async (tx) => {
      await recordAudit(tx, {
        actorId: admin.id,
        action: "file.view",
        entityType: "file",
        entityId: 1,
        subjectUserId: courier.id,
      });
      await recordAudit(tx, {
        actorId: admin.id,
        action: "user.deactivate",
        entityType: "user",
        entityId: courier.id,
        subjectUserId: courier.id,
      });
    });
    const page = async (query: string) => {
      const response = await call(userDetail.loader as Handler, `/admin/users/${courier.id}${query}`, {
        cookie: adminCookie,
        params: { id: String(courier.id) },
      });
      expect(response.status).toBe(200);
      return await readJson<{ audit: { action: string }[]; auditViews: boolean }>(response);
    };
    const plain = await page("");
    expect(plain.audit.map((entry) => entry.action)).toEqual(["user.deactivate"]);
    expect(plain.auditViews).toBe(false);
    const asked = await page("?views=1");
    expect(asked.audit.map((entry) => entry.action).sort()).toEqual(["file.view", "user.deactivate"]);
    expect(asked.auditViews).toBe(true);
  });
});
