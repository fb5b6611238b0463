import { describe, expect, test } from "bun:test";
import { AdminUserError } from "~/models/admin-users.server";
import { createUser, enrolSecondFactor, getUserRow, refusalKey } from "../../tests/factories";
import { changeWithSecondFactor } from "./user-step-up.server";

const refusal = (run: () => unknown) => refusalKey(AdminUserError, run);

describe("a role change or erasure confirmed with the admin's second factor", () => {
  test("the cheap refusals come before the code, which stays unspent for the corrected form", async () => {
    const admin = await createUser({ role: "admin" });
    const factor = await enrolSecondFactor(admin.id);
    const courier = await createUser({ email: "olena.step-up@example.com" });
    const code = factor.code();
    const erase = (confirmEmail: string) => ({ intent: "erase" as const, confirmEmail, code });
    expect(await refusal(() => changeWithSecondFactor(admin.id, admin.id, erase(admin.email)))).toBe("self");
    expect(await refusal(() => changeWithSecondFactor(admin.id, 999_999, erase("x@example.com")))).toBe("notFound");
    expect(await refusal(() => changeWithSecondFactor(admin.id, courier.id, erase("olena@example.com")))).toBe(
      "eraseMismatch",
    );
    const sameRole = { intent: "role" as const, role: "user" as const, code };
    expect(await refusal(() => changeWithSecondFactor(admin.id, courier.id, sameRole))).toBe("roleUnchanged");
    // A wrong code with a mistyped e-mail: the e-mail is what the admin hears about.
    const wrong = { intent: "erase" as const, confirmEmail: "olena@example.com", code: "000000" };
    expect(await refusal(() => changeWithSecondFactor(admin.id, courier.id, wrong))).toBe("eraseMismatch");
    // The code no refusal looked at still confirms the change.
    const promote = { intent: "role" as const, role: "admin" as const, code };
    expect(await changeWithSecondFactor(admin.id, courier.id, promote)).toBeNull();
    expect((await getUserRow(courier.id))?.role).toBe("admin");
  });

  test("a wrong code, or an admin without a second factor, changes nothing and says why", async () => {
    const admin = await createUser({ role: "admin" });
    const courier = await createUser({});
    const promote = { intent: "role" as const, role: "admin" as const, code: "123456" };
    expect(await changeWithSecondFactor(admin.id, courier.id, promote)).toMatchObject({
      ok: false,
      status: 403,
      error: "auth:secondFactor.stepUpNotEnrolled",
    });
    await enrolSecondFactor(admin.id);
    expect(await changeWithSecondFactor(admin.id, courier.id, { ...promote, code: "000000" })).toMatchObject({
      ok: false,
      status: 401,
      error: "auth:secondFactor.codeWrong",
    });
    expect((await getUserRow(courier.id))?.role).toBe("user");
  });
});
