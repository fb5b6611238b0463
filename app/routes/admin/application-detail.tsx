import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/application-detail";
import { RejectForm } from "~/components/admin/reject-form";
import { decisionSchema } from "~/components/admin/schemas";
import { Badge, FormError, PageHeader, STATUS_TONE, useFormatDate } from "~/components/admin/ui";
import { requireAdmin } from "~/lib/session.server";
import { getApplicationDetail } from "~/models/admin-queries.server";
import { approveApplication, rejectApplication } from "~/models/applications.server";
import { DecisionError } from "~/models/decisions.server";
import { idParam, notFound, redirectWithToast, refuse } from "./admin-action.server";
import { readFormData } from "~/lib/http.server";

export function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const detail = getApplicationDetail(idParam(params.id));
  if (!detail) throw notFound();
  return detail;
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const id = idParam(params.id);
  const submission = parseWithZod(await readFormData(context, request), { schema: decisionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), formError: null }, { status: 400 });
  try {
    if (submission.value.intent === "approve") await approveApplication(admin.id, id);
    else await rejectApplication(admin.id, id, submission.value);
  } catch (error) {
    if (error instanceof DecisionError) return error.key === "notFound" ? notFound() : refuse(context, `admin:decisions.${error.key}`, error.status);
    throw error;
  }
  return redirectWithToast(context, `/admin/applications/${id}`, submission.value.intent === "approve" ? "admin:decisions.approved" : "admin:decisions.rejected");
}

export default function AdminApplicationDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const { application: a, email, userStatus, deciderEmail, documents } = loaderData;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  return (
    <section className="admin-detail">
      <PageHeader title={a.fullName} backTo="/admin/applications" />
      <FormError message={actionData?.formError} />
      <div className="admin-grid">
        <div className="card">
          <h2>{t("applications.details")}</h2>
          <dl className="admin-dl">
            <dt>{t("users.status")}</dt>
            <dd>
              <Badge tone={STATUS_TONE[a.status]}>{t(`applications.status.${a.status}`)}</Badge>
            </dd>
            <dt>{t("applications.fullName")}</dt>
            <dd>{a.fullName}</dd>
            <dt>{t("users.email")}</dt>
            <dd>
              <Link to={`/admin/users/${a.userId}`}>{email}</Link> · {t(`common:status.${userStatus}`)}
            </dd>
            <dt>{t("applications.age")}</dt>
            <dd>{a.age}</dd>
            <dt>{t("applications.citizenship")}</dt>
            <dd data-testid="citizenship">{t(`applications.citizenships.${a.citizenship}`)}</dd>
            <dt>{t("applications.phone")}</dt>
            <dd>{a.phone}</dd>
            <dt>{t("applications.contactMethod")}</dt>
            <dd>
              {t(`applications.contact.${a.contactMethod}`)}
              {a.contactUsername ? ` · ${a.contactUsername}` : ""}
            </dd>
            <dt>{t("applications.comment")}</dt>
            <dd className="admin-pre">{a.comment ?? "—"}</dd>
            <dt>{t("applications.submittedAt")}</dt>
            <dd>{formatDate(a.createdAt, true)}</dd>
            {a.decidedAt ? (
              <>
                <dt>{t("applications.decided")}</dt>
                <dd>
                  {formatDate(a.decidedAt, true)} · {deciderEmail ?? "—"}
                </dd>
              </>
            ) : null}
            {a.rejectionReason ? (
              <>
                <dt>{t("decisions.reason")}</dt>
                <dd className="admin-pre">{a.rejectionReason}</dd>
              </>
            ) : null}
          </dl>
        </div>
        {a.status === "pending" ? (
          <div className="card form-stack">
            <h2>{t("decisions.title")}</h2>
            <Form method="post">
              <input type="hidden" name="intent" value="approve" />
              <button type="submit" className="btn btn-primary btn-block">
                {t("decisions.approve")}
              </button>
            </Form>
            <RejectForm id="reject-application" result={result} application />
          </div>
        ) : null}
      </div>
      <div className="card">
        <h2>{t("applications.documents")}</h2>
        {a.documentsDeletedAt ? <p className="field-hint">{t("applications.documentsDeleted", { date: formatDate(a.documentsDeletedAt) })}</p> : null}
        {documents.length === 0 && !a.documentsDeletedAt ? <p className="field-hint">{t("applications.noDocuments")}</p> : null}
        <ul className="admin-media">
          {documents.map((d) => (
            <li key={d.id}>
              <a href={`/files/${d.id}`} target="_blank" rel="noreferrer" title={t("applications.fullSize")}>
                <img src={`/files/${d.id}`} alt={t(`applications.kind.${d.kind}`)} width={d.width ?? 160} height={d.height ?? 120} loading="lazy" />
              </a>
              <span className="field-hint">{t(`applications.kind.${d.kind}`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
