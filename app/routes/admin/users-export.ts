import type { Route } from "./+types/users-export";
import { requireAdmin } from "~/services/session.server";
import { userFilterFrom } from "~/domain/admin-filters";
import { csvResponse, toCsv } from "~/infra/csv.server";
import { getInstance } from "~/infra/i18n.server";
import { usersForExport } from "~/models/admin-users.server";

/** The users table's filtered list (every page) as CSV, the same columns as on screen, in the admin's language. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const rows = await usersForExport(userFilterFrom(new URL(request.url).searchParams));
  const { t } = getInstance(context);
  const header = ["id", "email", "referredBy", "role", "active", "registeredAt", "fullName", "status"].map((key) =>
    t(`admin:users.${key}`),
  );
  const body = toCsv(
    header,
    rows.map((u) => [
      u.id,
      u.email,
      u.referredBy,
      t(`common:role.${u.role}`),
      t(u.active ? "common:yes" : "common:no"),
      u.createdAt,
      u.fullName,
      t(`common:status.${u.status}`),
    ]),
  );
  return csvResponse(body, `users-${new Date().toISOString().slice(0, 10)}.csv`);
}
