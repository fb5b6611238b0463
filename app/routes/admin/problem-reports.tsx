import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useSearchParams } from "react-router";
import { AppLink } from "~/components/app-link";
import type { Route } from "./+types/problem-reports";
import { replySchema, reportStatusSchema, toServiceSchema } from "~/domain/admin-schemas";
import { reportServiceState, sendReportVehicleToService } from "~/models/maintenance.server";
import { FieldError } from "~/components/form-messages";
import { useLazyValidation } from "~/components/admin/lazy-validation";
import { AdminTable } from "~/components/admin/admin-table";
import {
  Badge,
  BulkBar,
  FormError,
  MailLink,
  PageHeader,
  QueueFilters,
  STATUS_TONE,
  useFormatDate,
  useHrefWith,
} from "~/components/admin/ui";
import { bulkIds } from "~/domain/review-queue";
import { BULK_MAX_ROWS } from "~/domain/rules";
import { UrlDialog } from "~/components/dialog";
import { ReportThread } from "~/components/report-thread";
import { REPORT_STATUSES } from "~/domain/status";
import { log } from "~/infra/log.server";
import { requireAdmin } from "~/services/session.server";
import { reportFilterFrom } from "~/domain/admin-filters";
import { getProblemReportDetail, listProblemReports } from "~/models/problem-reports.server";
import { replyToProblemReport, resolveProblemReports, setProblemReportStatus } from "~/models/problem-reports.server";
import { bulkToast } from "./bulk.server";
import { notFound, redirectWithToast, refuse, samePage } from "./admin-action.server";
import { adminRefusal, isModelError } from "../model-errors.server";
import { readFormData } from "~/infra/http.server";
import { FormKey } from "~/components/form-key";
import { formKeyOf, newFormKey, once } from "~/services/idempotency.server";
import { Intent } from "~/components/intent";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const filter = reportFilterFrom(params);
  const reportId = Number(params.get("report"));
  const found = Number.isInteger(reportId) && reportId > 0 ? await getProblemReportDetail(reportId) : null;
  const detail = found ? { ...found, service: await reportServiceState(reportId) } : null;
  return { filter, reports: await listProblemReports(filter), detail, formKey: newFormKey() };
}

type IntentArgs = Route.ActionArgs & { adminId: number; form: FormData };

/** Several resolved at once from the list's checkboxes. */
async function bulkResolve({ context, request, adminId, form }: IntentArgs) {
  const ids = bulkIds(form.getAll("ids"), BULK_MAX_ROWS);
  if (ids.length === 0) return refuse(context, "admin:bulk.noneSelected");
  return bulkToast(context, samePage(request), "admin:bulk.resolved", await resolveProblemReports(adminId, ids));
}

/** The reported vehicle goes to the service, once per rendered form. */
async function toService({ context, request, adminId, form }: IntentArgs) {
  const submission = parseWithZod(form, { schema: toServiceSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), formError: null }, { status: 400 });
  const { reportId, description } = submission.value;
  return await once(adminId, formKeyOf(form), samePage(request), async () => {
    await sendReportVehicleToService(adminId, reportId, description);
    return redirectWithToast(context, samePage(request), "admin:reports.sentToService");
  });
}

/** Resolve or reopen one report (audited). */
async function setStatus({ context, request, adminId, form }: IntentArgs) {
  const submission = parseWithZod(form, { schema: reportStatusSchema });
  if (submission.status !== "success") return notFound();
  const { intent, reportId } = submission.value;
  await setProblemReportStatus(adminId, reportId, intent === "resolve" ? "resolved" : "open");
  return redirectWithToast(
    context,
    samePage(request),
    intent === "resolve" ? "admin:reports.resolved" : "admin:reports.reopened",
  );
}

/** A message to the courier, who is e-mailed; once per rendered form, so a resend sends no second one. */
async function reply({ context, request, adminId, form }: IntentArgs) {
  const submission = parseWithZod(form, { schema: replySchema });
  if (submission.status !== "success") return data({ result: submission.reply(), formError: null }, { status: 400 });
  const { reportId, response } = submission.value;
  return await once(adminId, formKeyOf(form), samePage(request), async () => {
    try {
      await replyToProblemReport(adminId, reportId, response);
    } catch (error) {
      if (isModelError(error, "admin")) throw error;
      log("error", "reply not sent", { reportId, error: String(error) });
      return refuse(context, "admin:reports.replyFailed", 500);
    }
    return redirectWithToast(context, samePage(request), "admin:reports.replied");
  });
}

const INTENTS = { bulkResolve, toService, resolve: setStatus, reopen: setStatus };

/** The reply form posts no intent; every other form names its own. */
export async function action(args: Route.ActionArgs) {
  const { context, request } = args;
  const admin = requireAdmin(context, request);
  const form = await readFormData(context, request);
  const named = String(form.get("intent"));
  const run = Object.hasOwn(INTENTS, named) ? INTENTS[named as keyof typeof INTENTS] : reply;
  try {
    return await run({ ...args, adminId: admin.id, form });
  } catch (error) {
    return adminRefusal(context, error, { replyRequired: "admin:reports.replyEmpty" });
  }
}

type Detail = NonNullable<Route.ComponentProps["loaderData"]["detail"]>;

function ReportDetail({
  detail,
  result,
  formError,
  formKey,
}: {
  detail: Detail;
  result?: SubmissionResult<string[]>;
  formError?: string | null;
  formKey: string;
}) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const { report } = detail;
  const [form, fields] = useForm({
    id: `reply-${report.id}`,
    lastResult: result,
    ...useLazyValidation((v, formData) => v.parseWithZod(formData, { schema: v.replySchema })),
  });
  return (
    <div className="form-stack">
      <FormError message={formError} />
      <dl className="admin-dl">
        <dt>{t("requests.user")}</dt>
        <dd>
          <AppLink to={`/admin/users/${report.userId}`}>{detail.fullName ?? detail.email}</AppLink>
        </dd>
        <dt>{t("users.vehicle")}</dt>
        <dd>{detail.vehicleName ? `${detail.vehicleName} (${detail.vehicleSerial})` : "—"}</dd>
        <dt>{t("requests.date")}</dt>
        <dd>{formatDate(report.createdAt, true)}</dd>
        <dt>{t("users.status")}</dt>
        <dd>
          <Badge tone={STATUS_TONE[report.status]}>{t(`reports.status.${report.status}`)}</Badge>
        </dd>
      </dl>
      {detail.attachments.length ? (
        <ul className="admin-media">
          {detail.attachments.map((file, i) => (
            <li key={file.id}>
              {file.mime.startsWith("video/") ? (
                // oxlint-disable-next-line jsx-a11y/media-has-caption -- couriers' clips come without caption files
                <video
                  src={`/files/${file.id}`}
                  controls
                  preload="metadata"
                  width={file.width ?? 320}
                  height={file.height ?? 180}
                >
                  <a href={`/files/${file.id}`}>{t("reports.attachment", { n: i + 1 })}</a>
                </video>
              ) : (
                <a href={`/files/${file.id}`} target="_blank" rel="noreferrer">
                  <img
                    src={`/files/${file.id}`}
                    alt={t("reports.attachment", { n: i + 1 })}
                    width={file.width ?? 160}
                    height={file.height ?? 120}
                  />
                </a>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <h3 className="dash-h3">{t("reports.conversation")}</h3>
      <ReportThread
        messages={detail.thread}
        testId="admin-thread"
        formatDate={(value) => formatDate(value, true)}
        authorOf={(m) =>
          m.from === "courier" ? (detail.fullName ?? detail.email) : (m.authorEmail ?? t("reports.team"))
        }
      />
      <Form method="post" {...getFormProps(form)} className="form-stack">
        <Intent value="reply" />
        <FormKey value={formKey} />
        <input type="hidden" name="reportId" value={report.id} />
        <label className="field">
          {t("reports.reply")}
          <textarea {...getTextareaProps(fields.response)} required maxLength={4000} />
          <FieldError ns="admin" errors={fields.response.errors} id={fields.response.errorId} />
        </label>
        <p className="field-hint">{t("reports.replyHint")}</p>
        <button type="submit" className="btn btn-primary">
          {t("reports.send")}
        </button>
      </Form>
      <SendToService detail={detail} result={result} formKey={formKey} />
      <Form method="post" className="form-stack">
        <input type="hidden" name="reportId" value={report.id} />
        {report.status === "open" ? (
          <button type="submit" name="intent" value="resolve" className="btn btn-outline">
            {t("reports.resolve")}
          </button>
        ) : (
          <>
            <p className="field-hint">
              {t("reports.resolvedBy", { who: detail.resolverEmail ?? "—", date: formatDate(report.resolvedAt, true) })}
            </p>
            <button type="submit" name="intent" value="reopen" className="btn btn-outline">
              {t("reports.reopen")}
            </button>
          </>
        )}
      </Form>
    </div>
  );
}

/** "Send vehicle to service": an open service record linked to the report, the vehicle in service (its courier keeps it). */
function SendToService({
  detail,
  result,
  formKey,
}: {
  detail: Detail;
  result?: SubmissionResult<string[]>;
  formKey: string;
}) {
  const { t } = useTranslation("admin");
  const [form, fields] = useForm({
    id: `to-service-${detail.report.id}`,
    lastResult: result?.initialValue?.intent === "toService" ? result : undefined,
    ...useLazyValidation((v, formData) => v.parseWithZod(formData, { schema: v.toServiceSchema })),
    defaultValue: { description: detail.report.description },
  });
  const service = detail.service;
  if (!service) return null;
  if (service.vehicleStatus === "maintenance") {
    return (
      <p className="alert alert-info" data-testid="report-in-service">
        {t("reports.inService")}{" "}
        <AppLink to={`/admin/vehicles/${service.vehicleId}#service`}>{detail.vehicleName}</AppLink>
      </p>
    );
  }
  return (
    <Form method="post" {...getFormProps(form)} className="form-stack" data-testid="to-service-form">
      <Intent value="toService" />
      <FormKey value={formKey} />
      <input type="hidden" name="reportId" value={detail.report.id} />
      <label className="field">
        {t("reports.toServiceNote")}
        <textarea {...getTextareaProps(fields.description)} required maxLength={2000} rows={2} />
        <FieldError ns="admin" errors={fields.description.errors} id={fields.description.errorId} />
      </label>
      <p className="field-hint">{t("reports.toServiceHint")}</p>
      <button type="submit" className="btn btn-outline">
        {t("reports.toService")}
      </button>
    </Form>
  );
}

export default function AdminProblemReports({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const href = useHrefWith();
  const [params] = useSearchParams();
  const { filter, reports, detail } = loaderData;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <section>
      <PageHeader title={t("reports.title")} />
      {!params.get("report") ? <FormError message={actionData?.formError} /> : null}
      <QueueFilters statuses={REPORT_STATUSES} filter={filter} ns="reports.status" label={t("reports.title")} />
      {filter.status === "open" && reports.rows.length > 0 ? (
        <BulkBar id="bulk-reports" label={t("bulk.label")}>
          <button type="submit" name="intent" value="bulkResolve" className="btn btn-primary">
            {t("bulk.resolve")}
          </button>
        </BulkBar>
      ) : null}
      <AdminTable
        rows={reports.rows}
        empty={filter.q ? t("queue.noMatch") : t("reports.empty")}
        pager={reports}
        selection={
          filter.status === "open"
            ? { form: "bulk-reports", label: (r) => t("bulk.selectRow", { name: `#${r.id} ${r.fullName ?? r.email}` }) }
            : undefined
        }
        columns={[
          {
            header: t("requests.date"),
            className: "whitespace-nowrap",
            render: (r) => (
              <Link to={href({ report: r.id })} preventScrollReset>
                {formatDate(r.createdAt, true)}
              </Link>
            ),
          },
          {
            header: t("requests.user"),
            render: (r) => (
              <>
                {r.fullName ? <AppLink to={`/admin/users/${r.userId}`}>{r.fullName}</AppLink> : null}{" "}
                <MailLink email={r.email} />
              </>
            ),
          },
          { header: t("users.vehicle"), render: (r) => r.vehicleName ?? "—" },
          {
            header: t("reports.description"),
            render: (r) => (
              <Link to={href({ report: r.id })} preventScrollReset className="admin-clip">
                {r.description}
              </Link>
            ),
          },
          {
            header: t("users.status"),
            render: (r) => <Badge tone={STATUS_TONE[r.status]}>{t(`reports.status.${r.status}`)}</Badge>,
          },
        ]}
      />
      {detail ? (
        <UrlDialog title={t("reports.detailTitle", { id: detail.report.id })} closeTo={href({ report: null })} wide>
          <ReportDetail
            key={loaderData.formKey}
            detail={detail}
            result={result}
            formError={actionData?.formError}
            formKey={loaderData.formKey}
          />
        </UrlDialog>
      ) : null}
    </section>
  );
}
