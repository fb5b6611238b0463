/** A problem report with its photos and videos (multipart), once per rendered form. */
import type { DashboardActionData } from "~/components/dashboard/types";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/report";
import { guardNetwork } from "~/client/network";
import { problemReportSchema } from "~/domain/problem-report-schema";
import { MAX_REPORT_FILES } from "~/domain/rules";
import type { SessionUser } from "~/domain/user";
import { log } from "~/infra/log.server";
import { receiveUploadForm, UploadError } from "~/infra/uploads.server";
import { createProblemReport, reportCooldown } from "~/models/problem-reports.server";
import { formKeyOf, once } from "~/services/idempotency.server";
import { requireUser } from "~/services/session.server";
import { rateLimited, refuse, tr, uploadRefusal, type Context } from "./respond.server";
import { redirectWithToast } from "../toast.server";

export { default, ErrorBoundary, loader, meta } from "../dashboard";
import { dashboardOrAsShown } from "../dashboard";
import { courierRefusal, isModelError } from "../model-errors.server";

export const clientLoader = dashboardOrAsShown;

export const clientAction = ({ serverAction }: Route.ClientActionArgs) => guardNetwork(serverAction);

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  // The form key rides in the URL here: a repeat must be recognised before the cooldown refuses it.
  return await once(user.id, formKeyOf(new URL(request.url).searchParams), "/dashboard", () =>
    sendReport(context, request, user),
  );
}

async function sendReport(context: Context, request: Request, user: SessionUser) {
  // The cooldown is checked before the body is read, so a refused report uploads nothing.
  const cooldown = await reportCooldown(user.id);
  if (cooldown) {
    const seconds = Math.ceil(cooldown.remainingMs / 1000);
    return refuse(context, "report", 429, tr(context, "dashboard:refusals.cooldown"), {
      "Retry-After": String(seconds),
    });
  }
  const limited = await rateLimited(context, "report", user.id);
  if (limited) return limited;
  try {
    const refused = await receiveUploadForm(
      request,
      { fields: { attachments: "media" }, maxFiles: MAX_REPORT_FILES },
      async (parsed) => {
        const submission = parseWithZod(parsed.fields, { schema: problemReportSchema });
        if (submission.status !== "success")
          return data<DashboardActionData>({ intent: "report", lastResult: submission.reply() }, { status: 400 });
        await createProblemReport(user.id, submission.value.description, parsed.files);
        return redirectWithToast(context, "/dashboard", "dashboard:report.sent");
      },
    );
    return refused;
  } catch (error) {
    if (error instanceof UploadError) return await uploadRefusal(context, "report", error);
    if (isModelError(error, "courier")) return courierRefusal(context, "report", error);
    log("error", "problem report failed", { userId: user.id, error: String(error) });
    return refuse(context, "report", 500, tr(context, "dashboard:report.failed"));
  }
}
