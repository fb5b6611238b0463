import { useTranslation } from "react-i18next";
import { Form } from "react-router";

type Role = "user" | "admin";

/**
 * What a `?confirm=role&role=…` URL asks: nothing, the role the user already has (said, not confirmed),
 * or a change, which the page confirms with the second-factor code, with a warning when it makes an admin.
 */
export function askedRoleChange(asked: string | null, current: Role): "none" | "same" | "toUser" | "toAdmin" {
  if (asked !== "user" && asked !== "admin") return "none";
  if (asked === current) return "same";
  return asked === "admin" ? "toAdmin" : "toUser";
}

/** A GET form: choosing a role opens the confirmation (with the second-factor code) at its own URL. */
export function RoleForm({ role }: { role: Role }) {
  const { t } = useTranslation("admin");
  return (
    <Form method="get" className="admin-inline-form" preventScrollReset>
      <input type="hidden" name="confirm" value="role" />
      <label className="field">
        {t("users.role")}
        <select name="role" defaultValue={role}>
          <option value="user">{t("common:role.user")}</option>
          <option value="admin">{t("common:role.admin")}</option>
        </select>
      </label>
      <button type="submit" className="btn btn-outline">
        {t("users.changeRole")}
      </button>
    </Form>
  );
}
