import { data } from "react-router";
import { isMonthId } from "~/domain/pay-month";
import { csvResponse } from "~/infra/csv.server";
import { getLocale } from "~/infra/i18n.server";
import { requireAdmin } from "~/services/session.server";
import { payrollMonthCsv } from "~/services/payroll-month.server";
import type { Route } from "./+types/payouts-month-file";

/** The accountant's month as CSV: admin only, in the admin's language, never cached, always a download. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const month = params.month;
  if (!isMonthId(month)) throw data(null, { status: 404 });
  return csvResponse(await payrollMonthCsv(month, getLocale(context)), `payroll-${month}.csv`);
}
