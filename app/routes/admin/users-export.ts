import type { Route } from "./+types/users-export";
import { requireAdmin } from "~/services/session.server";
import { userFilterFrom } from "~/domain/admin-filters";
import { usersForExport } from "~/models/admin-users.server";

/** One CSV field: quoted when needed, and cells a spreadsheet would run as a formula made inert. */
export function csvField(value: unknown) {
  let text = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The users table's filtered list (every page) as CSV, the same columns as on screen. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const rows = await usersForExport(userFilterFrom(new URL(request.url).searchParams));
  const header = ["id", "email", "referred_by", "role", "active", "registered_at", "full_name", "status"];
  const lines = rows.map((u) =>
    [u.id, u.email, u.referredBy, u.role, u.active ? "yes" : "no", u.createdAt, u.fullName, u.status]
      .map(csvField)
      .join(","),
  );
  // A BOM lets spreadsheet programs read the UTF-8 names (Slovak and Ukrainian letters) correctly.
  const body = `\uFEFF${[header.join(","), ...lines].join("\r\n")}\r\n`;
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="users-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
