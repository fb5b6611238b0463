import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/applications";
import { Badge, BulkBar, EmptyRow, FormError, MailLink, PageHeader, Pager, PhoneLink, QueueFilters, RowCheck, STATUS_TONE, TimeLeft, useFormatDate } from "~/components/admin/ui";
import { bulkApplicationRejectSchema } from "~/domain/admin-schemas";
import { StockReasonOptions } from "~/components/admin/reject-form";
import { bulkIds } from "~/domain/review-queue";
import { BULK_MAX_ROWS } from "~/domain/rules";
import { APPLICATION_STATUSES } from "~/domain/status";
import { readFormData } from "~/infra/http.server";
import { requireAdmin } from "~/services/session.server";
import { applicationFilterFrom, listApplications } from "~/models/admin-queries.server";
import { approveApplications, rejectApplications } from "~/models/applications.server";
import { refuse, samePage } from "./admin-action.server";
import { bulkToast } from "./bulk.server";

export function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const filter = applicationFilterFrom(new URL(request.url).searchParams);
  return { filter, applications: listApplications(filter), now: Date.now() };
}

/** Bulk approval, or bulk rejection with one reason, of the ticked rows. */
export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const form = await readFormData(context, request);
  const ids = bulkIds(form.getAll("ids"), BULK_MAX_ROWS);
  const intent = form.get("intent");
  if (intent !== "bulkApprove" && intent !== "bulkReject") return refuse(context, "admin:bulk.unknown");
  if (ids.length === 0) return refuse(context, "admin:bulk.noneSelected");
  if (intent === "bulkApprove") return bulkToast(context, samePage(request), "admin:bulk.approved", await approveApplications(admin.id, ids));
  const submission = parseWithZod(form, { schema: bulkApplicationRejectSchema });
  if (submission.status !== "success") return refuse(context, submission.error?.reason?.[0] === "admin:validation.tooLong" ? "admin:validation.tooLong" : "admin:rejection.reasonOrStock");
  return bulkToast(context, samePage(request), "admin:bulk.rejected", await rejectApplications(admin.id, ids, submission.value));
}

export default function AdminApplications({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const { filter, applications, now } = loaderData;
  const waiting = filter.status === "pending";
  return (
    <section>
      <PageHeader title={t("applications.title")} />
      <FormError message={actionData?.formError} />
      <QueueFilters statuses={APPLICATION_STATUSES} filter={filter} ns="applications.status" label={t("applications.title")} />
      {waiting && applications.rows.length > 0 ? (
        <BulkBar id="bulk-applications" label={t("bulk.label")}>
          <button type="submit" name="intent" value="bulkApprove" className="btn btn-primary">
            {t("bulk.approve")}
          </button>
          <label className="field admin-bulk-reason">
            <span className="sr-only">{t("rejection.stock")}</span>
            <select name="reasonCode" defaultValue="">
              <StockReasonOptions />
            </select>
          </label>
          <label className="field admin-bulk-reason">
            <span className="sr-only">{t("decisions.reason")}</span>
            <input type="text" name="reason" maxLength={1000} placeholder={t("bulk.reasonHint")} />
          </label>
          <button type="submit" name="intent" value="bulkReject" className="btn btn-outline">
            {t("bulk.reject")}
          </button>
          <Link className="btn btn-outline" to={`/admin/applications/${applications.rows[0]!.id}`}>
            {t("queue.start")}
          </Link>
        </BulkBar>
      ) : null}
      <div className="table-wrap">
        <table className="table table-cards">
          <thead>
            <tr>
              {waiting ? <th scope="col"><span className="sr-only">{t("bulk.select")}</span></th> : null}
              <th scope="col">{t("applications.fullName")}</th>
              <th scope="col">{t("users.email")}</th>
              <th scope="col">{t("applications.phone")}</th>
              <th scope="col">{t("applications.submittedAt")}</th>
              <th scope="col">{t("users.status")}</th>
            </tr>
          </thead>
          <tbody>
            {applications.rows.length === 0 ? <EmptyRow colSpan={6} text={filter.q ? t("queue.noMatch") : t("applications.empty")} /> : null}
            {applications.rows.map((a) => (
              <tr key={a.id}>
                {waiting ? (
                  <td className="admin-cell-check">
                    <RowCheck form="bulk-applications" id={a.id} label={t("bulk.selectRow", { name: a.fullName })} />
                  </td>
                ) : null}
                <td data-label={t("applications.fullName")}>
                  <Link to={`/admin/applications/${a.id}`}>{a.fullName}</Link>
                </td>
                <td data-label={t("users.email")}>
                  <MailLink email={a.email} />
                </td>
                <td data-label={t("applications.phone")}>
                  <PhoneLink phone={a.phone} />
                </td>
                <td data-label={t("applications.submittedAt")} className="whitespace-nowrap">
                  {formatDate(a.createdAt, true)}
                </td>
                <td data-label={t("users.status")}>
                  <Badge tone={STATUS_TONE[a.status]}>{t(`applications.status.${a.status}`)}</Badge> {a.status === "pending" ? <TimeLeft createdAt={a.createdAt} now={now} /> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={applications.page} pageCount={applications.pageCount} total={applications.total} />
    </section>
  );
}
