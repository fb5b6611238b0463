import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useSearchParams } from "react-router";
import { AppLink } from "~/components/app-link";
import { z } from "zod";
import type { Route } from "./+types/vehicle-requests";
import { LeasesTable } from "~/components/admin/leases-table";
import { RejectForm } from "~/components/admin/reject-form";
import { leaseSchema, rejectSchema } from "~/domain/admin-schemas";
import { AdminTable } from "~/components/admin/admin-table";
import {
  Badge,
  BulkDecisionBar,
  FormError,
  PageHeader,
  QueueFilters,
  STATUS_TONE,
  TimeLeft,
  useFormatDate,
  useHrefWith,
} from "~/components/admin/ui";
import { bulkIds } from "~/domain/review-queue";
import { BULK_MAX_ROWS } from "~/domain/rules";
import { UrlDialog } from "~/components/dialog";
import { REQUEST_STATUSES } from "~/domain/status";
import { requireAdmin } from "~/services/session.server";
import { requestFilterFrom } from "~/domain/admin-filters";
import { listVehicleRequests, sameVehicleConflicts } from "~/models/vehicle-requests.server";
import { SameVehicleConfirm } from "~/components/admin/same-vehicle-confirm";
import { sameVehicleIds } from "~/domain/bulk-conflicts";
import { endLease, listLeases, renewLease } from "~/models/leases.server";
import { approveVehicleRequest, decideVehicleRequests, rejectVehicleRequest } from "~/models/vehicle-requests.server";
import { bulkToast } from "./bulk.server";
import { redirectWithToast, refuse, samePage } from "./admin-action.server";
import { now } from "~/infra/clock.server";
import { readFormData } from "~/infra/http.server";
import { Intent } from "~/components/intent";
import { adminRefusal } from "../model-errors.server";

const requestId = z.coerce.number().int().positive();
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve"), requestId }),
  rejectSchema.extend({ requestId }),
  ...leaseSchema.options,
]);

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const filter = requestFilterFrom(new URL(request.url).searchParams);
  return {
    filter,
    requests: await listVehicleRequests(filter),
    leases: await listLeases(filter.q),
    now: now().getTime(),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const form = await readFormData(context, request);
  const bulk = form.get("intent");
  if (bulk === "bulkApprove" || bulk === "bulkReject") {
    const ids = bulkIds(form.getAll("ids"), BULK_MAX_ROWS);
    if (ids.length === 0) return refuse(context, "admin:bulk.noneSelected");
    const reason = String(form.get("reason") ?? "").trim();
    if (bulk === "bulkReject" && !reason) return refuse(context, "admin:bulk.reasonRequired");
    if (bulk === "bulkApprove" && form.get("confirm") !== "sameVehicle") {
      // Two selected requests for one vehicle: ask first, decide nothing (answered in the page, also without JS).
      const groups = await sameVehicleConflicts(ids);
      if (groups.length > 0) return data({ formError: null, confirm: { ids, groups } });
    }
    const result = await decideVehicleRequests(admin.id, ids, bulk === "bulkApprove" ? "approve" : "reject", reason);
    return bulkToast(
      context,
      samePage(request),
      bulk === "bulkApprove" ? "admin:bulk.approved" : "admin:bulk.rejected",
      result,
    );
  }
  const submission = parseWithZod(form, { schema: actionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), formError: null }, { status: 400 });
  const value = submission.value;
  try {
    if (value.intent === "approve") await approveVehicleRequest(admin.id, value.requestId);
    else if (value.intent === "reject") await rejectVehicleRequest(admin.id, value.requestId, value.reason);
    else if (value.intent === "renew") await renewLease(admin.id, value.vehicleId, value.endsAt);
    else await endLease(admin.id, value.vehicleId);
  } catch (error) {
    return adminRefusal(context, error);
  }
  const toast = {
    approve: "admin:decisions.approved",
    reject: "admin:decisions.rejected",
    renew: "admin:leases.renewed",
    end: "admin:leases.ended",
  }[value.intent];
  return redirectWithToast(context, samePage(request, ["reject"]), toast);
}

export default function AdminVehicleRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const href = useHrefWith();
  const [params] = useSearchParams();
  const { filter, requests, leases, now: serverNow } = loaderData;
  const waiting = filter.status === "pending";
  // Waiting requests on this page that want the same vehicle: marked, so a bulk approval is no surprise.
  const sharing = sameVehicleIds(
    requests.rows.map((r) => ({ id: r.id, status: r.status, kind: r.kind, vehicleId: r.requestedId })),
  );
  const shared = (r: (typeof requests.rows)[number]) => sharing.has(r.id);
  const anyShared = requests.rows.some(shared);
  const rejecting = requests.rows.find((r) => r.id === Number(params.get("reject")) && r.status === "pending");
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : undefined;
  return (
    <section>
      <PageHeader title={t("requests.title")} />
      <FormError message={actionData?.formError} />
      {confirm ? <SameVehicleConfirm key={confirm.ids.join()} ids={confirm.ids} groups={confirm.groups} /> : null}
      <QueueFilters statuses={REQUEST_STATUSES} filter={filter} ns="requests.status" label={t("requests.title")} />
      {waiting && requests.rows.length > 0 ? (
        <BulkDecisionBar id="bulk-requests">
          {anyShared ? (
            <p className="field-hint" data-testid="same-vehicle-warning">
              {t("bulk.sameVehicleConfirm")}
            </p>
          ) : null}
        </BulkDecisionBar>
      ) : null}
      <AdminTable
        rows={requests.rows}
        empty={filter.q ? t("queue.noMatch") : t("requests.empty")}
        pager={requests}
        selection={
          waiting
            ? { form: "bulk-requests", label: (r) => t("bulk.selectRow", { name: r.fullName ?? r.email }) }
            : undefined
        }
        columns={[
          {
            header: t("requests.user"),
            render: (r) => <AppLink to={`/admin/users/${r.userId}`}>{r.fullName ?? r.email}</AppLink>,
          },
          {
            header: t("requests.vehicle"),
            render: (r) => (
              <>
                <span className="badge">{t(`requests.kind.${r.kind}`)}</span>{" "}
                {r.currentName && r.kind !== "renewal" ? `${r.currentName} → ` : ""}
                {/* Underlined: next to text (a swap's current vehicle, a renewal's end) colour alone would not set it apart. */}
                {r.requestedId ? (
                  <AppLink className="underline" to={`/admin/vehicles/${r.requestedId}`}>
                    {r.requestedName}
                  </AppLink>
                ) : (
                  "—"
                )}
                {shared(r) ? (
                  <>
                    {" "}
                    <Badge tone="warn">{t("bulk.sameVehicle")}</Badge>
                  </>
                ) : null}
                {r.kind === "renewal" && r.status === "pending" ? (
                  <span className="field-hint">
                    {" "}
                    ({t("requests.leaseEnds", { date: formatDate(r.currentLeaseEndsAt) })})
                  </span>
                ) : null}
                {r.requestedStatus === "future" ? (
                  <span className="field-hint">
                    {" "}
                    ({t("requests.availableFrom", { date: formatDate(r.requestedAvailableSince) })})
                  </span>
                ) : null}
              </>
            ),
          },
          { header: t("requests.date"), className: "whitespace-nowrap", render: (r) => formatDate(r.createdAt, true) },
          { header: t("requests.expiresAt"), className: "whitespace-nowrap", render: (r) => formatDate(r.expiresAt) },
          {
            header: t("users.status"),
            render: (r) => (
              <>
                <Badge tone={STATUS_TONE[r.status]}>{t(`requests.status.${r.status}`)}</Badge>{" "}
                {r.status === "pending" ? <TimeLeft createdAt={r.createdAt} now={serverNow} /> : null}
                {r.reason ? <span className="field-hint"> {r.reason}</span> : null}
              </>
            ),
          },
          {
            header: t("list.actions"),
            render: (r) =>
              r.status === "pending" ? (
                <div className="admin-row-actions">
                  <Form method="post">
                    <Intent value="approve" />
                    <input type="hidden" name="requestId" value={r.id} />
                    <button type="submit" className="btn btn-primary">
                      {t("decisions.approve")}
                    </button>
                  </Form>
                  <Link className="btn btn-outline" to={href({ reject: r.id })} preventScrollReset>
                    {t("decisions.reject")}
                  </Link>
                </div>
              ) : null,
          },
        ]}
      />
      <LeasesTable
        leases={leases.rows}
        total={leases.total}
        now={serverNow}
        result={result?.initialValue?.intent === "renew" ? result : undefined}
      />
      {rejecting ? (
        <UrlDialog
          title={t("requests.rejectTitle", { user: rejecting.fullName ?? rejecting.email })}
          closeTo={href({ reject: null })}
        >
          <RejectForm
            id="reject-request"
            result={result?.initialValue?.intent === "reject" ? result : undefined}
            extra={{ requestId: rejecting.id }}
          />
        </UrlDialog>
      ) : null}
    </section>
  );
}
