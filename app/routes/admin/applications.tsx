import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { INVALID_CHARACTERS } from "~/domain/text";
import type { Route } from "./+types/applications";
import { AdminTable } from "~/components/admin/admin-table";
import {
  Badge,
  BulkDecisionBar,
  FormError,
  MailLink,
  PageHeader,
  PhoneLink,
  QueueFilters,
  STATUS_TONE,
  TimeLeft,
  useFormatDate,
} from "~/components/admin/ui";
import { bulkApplicationRejectSchema } from "~/domain/admin-schemas";
import { StockReasonOptions } from "~/components/admin/reject-form";
import { bulkIds } from "~/domain/review-queue";
import { BULK_MAX_ROWS } from "~/domain/rules";
import { APPLICATION_STATUSES } from "~/domain/status";
import { readFormData } from "~/infra/http.server";
import { requireAdmin } from "~/services/session.server";
import { applicationFilterFrom } from "~/domain/admin-filters";
import { listApplications } from "~/models/applications.server";
import { approveApplications, rejectApplications } from "~/models/applications.server";
import { refuse, samePage } from "./admin-action.server";
import { bulkToast } from "./bulk.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const filter = applicationFilterFrom(new URL(request.url).searchParams);
  return { filter, applications: await listApplications(filter), now: Date.now() };
}

/** Bulk approval, or bulk rejection with one reason, of the ticked rows. */
export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const form = await readFormData(context, request);
  const ids = bulkIds(form.getAll("ids"), BULK_MAX_ROWS);
  const intent = form.get("intent");
  if (intent !== "bulkApprove" && intent !== "bulkReject") return refuse(context, "admin:bulk.unknown");
  if (ids.length === 0) return refuse(context, "admin:bulk.noneSelected");
  if (intent === "bulkApprove")
    return bulkToast(context, samePage(request), "admin:bulk.approved", await approveApplications(admin.id, ids));
  const submission = parseWithZod(form, { schema: bulkApplicationRejectSchema });
  if (submission.status !== "success") {
    const reason = submission.error?.reason?.[0];
    return refuse(
      context,
      reason === "admin:validation.tooLong" || reason === INVALID_CHARACTERS ? reason : "admin:rejection.reasonOrStock",
    );
  }
  return bulkToast(
    context,
    samePage(request),
    "admin:bulk.rejected",
    await rejectApplications(admin.id, ids, submission.value),
  );
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
      <QueueFilters
        statuses={APPLICATION_STATUSES}
        filter={filter}
        ns="applications.status"
        label={t("applications.title")}
      />
      {waiting && applications.rows.length > 0 ? (
        <BulkDecisionBar
          id="bulk-applications"
          reasons={
            <label className="field admin-bulk-reason">
              <span className="sr-only">{t("rejection.stock")}</span>
              <select name="reasonCode" defaultValue="">
                <StockReasonOptions />
              </select>
            </label>
          }
        >
          <AppLink className="btn btn-outline" to={`/admin/applications/${applications.rows[0]!.id}`}>
            {t("queue.start")}
          </AppLink>
        </BulkDecisionBar>
      ) : null}
      <AdminTable
        rows={applications.rows}
        empty={filter.q ? t("queue.noMatch") : t("applications.empty")}
        pager={applications}
        selection={
          waiting ? { form: "bulk-applications", label: (a) => t("bulk.selectRow", { name: a.fullName }) } : undefined
        }
        columns={[
          {
            header: t("applications.fullName"),
            render: (a) => <AppLink to={`/admin/applications/${a.id}`}>{a.fullName}</AppLink>,
          },
          { header: t("users.email"), render: (a) => <MailLink email={a.email} /> },
          { header: t("applications.phone"), render: (a) => <PhoneLink phone={a.phone} /> },
          {
            header: t("applications.submittedAt"),
            className: "whitespace-nowrap",
            render: (a) => formatDate(a.createdAt, true),
          },
          {
            header: t("users.status"),
            render: (a) => (
              <>
                <Badge tone={STATUS_TONE[a.status]}>{t(`applications.status.${a.status}`)}</Badge>{" "}
                {a.status === "pending" ? <TimeLeft createdAt={a.createdAt} now={now} /> : null}
              </>
            ),
          },
        ]}
      />
    </section>
  );
}
