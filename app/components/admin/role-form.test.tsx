import { describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { i18nFor } from "~/infra/i18n.server";
import { askedRoleChange, RoleForm } from "./role-form";

async function render(role: "user" | "admin") {
  const router = createMemoryRouter([{ path: "/admin/users/7", Component: () => <RoleForm role={role} /> }], {
    initialEntries: ["/admin/users/7"],
  });
  await router.initialize().navigate("/admin/users/7");
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor("sk")}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe("the user's role on the admin's user page", () => {
  test("the select shows the user's own role, so a careless save changes nothing", async () => {
    expect(await render("user")).toContain('<option value="user" selected="">Používateľ</option>');
    expect(await render("admin")).toContain('<option value="admin" selected="">Administrátor</option>');
  });

  test("choosing the role the user has opens no confirmation; a change to admin is one of its own", () => {
    expect(askedRoleChange("user", "user")).toBe("same");
    expect(askedRoleChange("admin", "user")).toBe("toAdmin");
    expect(askedRoleChange("user", "admin")).toBe("toUser");
    expect(askedRoleChange("owner", "user")).toBe("none");
    expect(askedRoleChange(null, "user")).toBe("none");
  });
});
