/** The courier writes into the conversation of one of their own open reports (ownership checked by the model). */
import type { DashboardActionData } from "~/components/dashboard/types";
import { data } from "react-router";
import type { Route } from "./+types/reply";
import { guardNetwork } from "~/client/network";
import { reportReplySchema } from "~/domain/report-thread";
import { addCourierMessage } from "~/models/problem-reports.server";
import { requireUser } from "~/services/session.server";
import { formKeyOf, once } from "~/services/idempotency.server";
import { tr } from "./respond.server";
import { redirectWithToast } from "../toast.server";

export { default, ErrorBoundary, loader, meta } from "../dashboard";
import { dashboardOrAsShown } from "../dashboard";
import { refusalOf } from "../model-errors.server";

export const clientLoader = dashboardOrAsShown;

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardNetwork(serverAction);

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const form = await request.formData().catch(() => null);
  const raw = { reportId: form?.get("reportId"), body: form?.get("body") };
  const reportId = Number(raw.reportId) || undefined;
  const body = typeof raw.body === "string" ? raw.body : "";
  const parsed = reportReplySchema.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "errors.replyRequired";
    return data<DashboardActionData>(
      { intent: "reply", reportId, body, error: tr(context, message.includes(":") ? message : `dashboard:${message}`) },
      { status: 400 },
    );
  }
  // Once per rendered form: a double click or Back-and-resend adds no second message.
  return await once(user.id, formKeyOf(form!), `/dashboard#report-${parsed.data.reportId}`, async () => {
    try {
      await addCourierMessage(user.id, parsed.data.reportId, parsed.data.body);
    } catch (error) {
      const refusal = refusalOf(context, error, "courier", { notPending: "dashboard:reports.closed" });
      return data<DashboardActionData>(
        { intent: "reply", reportId, body, error: refusal.message },
        { status: refusal.status },
      );
    }
    return redirectWithToast(context, `/dashboard#report-${parsed.data.reportId}`, "dashboard:reports.replySent");
  });
}
