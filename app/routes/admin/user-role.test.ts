import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { auditLog } from "~db/schema";
import { writerForTests } from "~/infra/db.server";
import { getUserRow } from "../../../tests/factories";
import { call } from "../../../tests/route-harness";
import { actors, courier } from "../../../tests/admin-fixtures";
import * as userDetail from "./user-detail";

type Handler = Parameters<typeof call>[0];
let a: Awaited<ReturnType<typeof actors>>;
beforeAll(async () => {
  a = await actors();
});

describe("changing a role (admin user page)", () => {
  test("saving the role the user already has is refused before the code is spent, and changes nothing", async () => {
    const target = await courier();
    const path = `/admin/users/${target.id}`;
    const params = { id: String(target.id) };
    const code = a.adminCode(-1);
    const same = await call(userDetail.action as Handler, path, {
      form: { intent: "role", role: "user", code },
      params,
      cookie: a.adminCookie,
    });
    expect(same.status).toBe(409);
    expect(((await same.json()) as { formError: string }).formError).toBe(
      "This user already has that role: nothing was changed.",
    );
    const audits = await writerForTests()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "user.role"), eq(auditLog.entityId, target.id)));
    expect(audits).toHaveLength(0);
    // The same code still works for the change the admin meant (it was not used up).
    const change = await call(userDetail.action as Handler, path, {
      form: { intent: "role", role: "admin", code },
      params,
      cookie: a.adminCookie,
    });
    expect(change.status).toBe(302);
    expect((await getUserRow(target.id))?.role).toBe("admin");
  });
});
