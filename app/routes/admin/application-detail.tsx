import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useSearchParams } from "react-router";
import { AppLink } from "~/components/app-link";
import type { Route } from "./+types/application-detail";
import { RejectForm } from "~/components/admin/reject-form";
import { EarlyKeys, Key, QueueNav, ShortcutsDialog, useReviewShortcuts } from "~/components/admin/review-shortcuts";
import { decisionSchema } from "~/domain/admin-schemas";
import {
  Badge,
  dateInputValue,
  FormError,
  MailLink,
  PageHeader,
  PhoneLink,
  STATUS_TONE,
  TimeLeft,
  useFormatDate,
  useHrefWith,
} from "~/components/admin/ui";
import { UrlDialog } from "~/components/dialog";
import { applicationVersion, neighbours } from "~/domain/review-queue";
import { undoApproval } from "~/models/approval-undo.server";
import { readFormData } from "~/infra/http.server";
import { requireAdmin } from "~/services/session.server";
import { getApplicationDetail, pendingApplicationQueue } from "~/models/applications.server";
import { decideApplication, shownVersion } from "~/services/application-review.server";
import { idParam, notFound, redirectWithToast } from "./admin-action.server";
import { adminRefusal } from "../model-errors.server";
import { Intent } from "~/components/intent";
import { scrollRegion } from "~/components/scroll-region";
import { STOCK_REJECTION_REASONS, stockReasonKey } from "~/domain/rejection";
import { translatorFor } from "~/infra/i18n.server";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const id = idParam(params.id);
  const detail = await getApplicationDetail(id);
  if (!detail) throw notFound();
  const queue = await pendingApplicationQueue();
  const at = queue.indexOf(id);
  const speak = translatorFor(detail.userLanguage);
  return {
    ...detail,
    // The stock reasons as the courier will read them, in the courier's language.
    courier: {
      language: detail.userLanguage,
      reasons: Object.fromEntries(STOCK_REJECTION_REASONS.map((code) => [code, speak(stockReasonKey(code))])),
    },
    queue: { ...neighbours(queue, id), position: at === -1 ? null : at + 1, total: queue.length },
    now: Date.now(),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const id = idParam(params.id);
  const form = await readFormData(context, request);
  try {
    if (form.get("intent") === "undo") return await undo(context, admin.id, id);
    return await decide(context, admin.id, id, form);
  } catch (error) {
    return adminRefusal(context, error);
  }
}

type Context = Route.ActionArgs["context"];

/** Takes back a keyed approval from its toast, within the deadline. */
async function undo(context: Context, adminId: number, id: number) {
  await undoApproval(adminId, id);
  return redirectWithToast(context, `/admin/applications/${id}`, "admin:decisions.undone");
}

/** Approve or reject, as the page showed the application; "… and open the next" moves on. */
async function decide(context: Context, adminId: number, id: number, form: FormData) {
  // The page posts which application it showed and in which state; a key press must not decide another.
  const keyed = form.get("via") === "key";
  const shown = form.get("shown");
  const seen = shownVersion(id, {
    shown: shown === null ? null : String(shown),
    version: textOrNull(form.get("version")),
    keyed,
  });
  const submission = parseWithZod(form, { schema: decisionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), formError: null }, { status: 400 });
  const openNext = form.get("next") === "1";
  const decided = await decideApplication(adminId, id, submission.value, { shownVersion: seen, keyed, openNext });
  // An approval made with a key names who was approved and can be taken back from its toast for a few seconds.
  const toast = !decided.approved
    ? "admin:decisions.rejected"
    : decided.name
      ? "admin:decisions.approvedNamed"
      : "admin:decisions.approved";
  const extra = {
    values: { name: decided.name ?? "" },
    undo: decided.undoUntil ? { action: `/admin/applications/${id}`, until: decided.undoUntil } : undefined,
  };
  const to = decided.next === undefined ? id : decided.next;
  return redirectWithToast(context, to ? `/admin/applications/${to}` : "/admin/applications", toast, extra);
}

const textOrNull = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : null);

export default function AdminApplicationDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const href = useHrefWith();
  const [params] = useSearchParams();
  const { application: a, email, userStatus, deciderEmail, documents, queue, now, resubmission } = loaderData;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const nextHref = queue.next ? `/admin/applications/${queue.next}` : null;
  const previousHref = queue.previous ? `/admin/applications/${queue.previous}` : null;
  const helpHref = href({ help: "1", doc: null });
  const { approveArmed } = useReviewShortcuts({ applicationId: a.id, nextHref, previousHref, helpHref });
  const shown = { shown: a.id, version: applicationVersion(a) };
  const zoomed = documents.find((d) => d.id === Number(params.get("doc")));
  const pending = a.status === "pending";
  return (
    <section className="admin-detail">
      <EarlyKeys />
      <PageHeader title={a.fullName} crumbs={[{ to: "/admin/applications", label: t("nav.applications") }]} />
      <QueueNav
        previousHref={previousHref}
        nextHref={nextHref}
        helpHref={helpHref}
        position={queue.position}
        total={queue.total}
      />
      <FormError message={actionData?.formError} />
      <div className="card">
        <h2>{t("applications.documents")}</h2>
        {resubmission ? (
          <p className="alert alert-info" data-testid="resubmission">
            {t(resubmission.replaced.length ? "applications.resubmitted" : "applications.resubmittedSame", {
              documents: resubmission.replaced.map((kind) => t(`applications.kind.${kind}`)).join(", "),
              reason: resubmission.previousReason ?? "—",
            })}{" "}
            <AppLink to={`/admin/applications/${resubmission.previousId}`}>{t("applications.previous")}</AppLink>
          </p>
        ) : null}
        {a.documentsDeletedAt ? (
          <p className="field-hint">{t("applications.documentsDeleted", { date: formatDate(a.documentsDeletedAt) })}</p>
        ) : null}
        {documents.length === 0 && !a.documentsDeletedAt ? (
          <p className="field-hint">{t("applications.noDocuments")}</p>
        ) : null}
        <ul className="admin-documents">
          {documents.map((d) => (
            <li key={d.id} data-new={d.isNew || undefined}>
              <Link
                to={href({ doc: d.id, help: null })}
                preventScrollReset
                title={t("applications.zoom")}
                className="admin-document-link"
              >
                <img
                  src={`/files/${d.id}`}
                  alt={t(`applications.kind.${d.kind}`)}
                  width={d.width ?? 800}
                  height={d.height ?? 600}
                />
              </Link>
              <span className="admin-document-caption">
                {d.isNew ? <Badge tone="warn">{t("applications.newDocument")}</Badge> : null}{" "}
                {t(`applications.kind.${d.kind}`)} ·{" "}
                <a href={`/files/${d.id}`} target="_blank" rel="noreferrer">
                  {t("applications.fullSize")}
                </a>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="admin-grid">
        {pending ? (
          <div className="card form-stack admin-decision" key={a.id}>
            <h2>{t("decisions.title")}</h2>
            <p>
              <TimeLeft createdAt={a.createdAt} now={now} />
            </p>
            <Form method="post" id="approve-next" className="form-stack">
              <Intent value="approve" />
              <input type="hidden" name="shown" value={shown.shown} />
              <input type="hidden" name="version" value={shown.version} />
              {a.citizenship === "other" ? (
                <label className="field">
                  {t("decisions.validUntilConfirm")}
                  <input type="date" name="documentValidUntil" defaultValue={dateInputValue(a.documentValidUntil)} />
                </label>
              ) : null}
              <button type="submit" name="next" value="1" className="btn btn-primary btn-block">
                {t("queue.approveNext")} <Key name="a" />
              </button>
              {approveArmed ? (
                <output className="alert alert-info block" data-testid="approve-key-ask">
                  {t("queue.approveAsk")}
                </output>
              ) : null}
              <button type="submit" className="btn btn-outline btn-block">
                {t("decisions.approve")}
              </button>
            </Form>
            <div data-reject-box>
              <p className="field-hint">{t("queue.rejectNext")}</p>
              <RejectForm
                id="reject-application"
                result={result}
                extra={{ next: "1", ...shown }}
                application
                documents={documents.map((d) => d.kind)}
                courier={loaderData.courier}
              />
            </div>
          </div>
        ) : null}
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
              <MailLink email={email} /> ·{" "}
              <AppLink to={`/admin/users/${a.userId}`}>{t(`common:status.${userStatus}`)}</AppLink>
            </dd>
            <dt>{t("applications.age")}</dt>
            <dd>{a.age}</dd>
            <dt>{t("applications.citizenship")}</dt>
            <dd data-testid="citizenship">{t(`applications.citizenships.${a.citizenship}`)}</dd>
            <dt>{t("applications.phone")}</dt>
            <dd>
              <PhoneLink phone={a.phone} />
            </dd>
            <dt>{t("applications.contactMethod")}</dt>
            <dd>
              {t(`applications.contact.${a.contactMethod}`)}
              {a.contactUsername ? ` · ${a.contactUsername}` : ""}
            </dd>
            {a.citizenship === "other" ? (
              <>
                <dt>{t("applications.documentValidUntil")}</dt>
                <dd data-testid="document-valid-until">
                  {a.documentValidUntil ? formatDate(a.documentValidUntil) : "—"}
                </dd>
              </>
            ) : null}
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
      </div>
      {zoomed ? (
        <UrlDialog title={t(`applications.kind.${zoomed.kind}`)} closeTo={href({ doc: null })} wide>
          {/* A document larger than the dialog scrolls. */}
          <div className="admin-zoom" {...scrollRegion(t(`applications.kind.${zoomed.kind}`))}>
            <img
              src={`/files/${zoomed.id}`}
              alt={t(`applications.kind.${zoomed.kind}`)}
              width={zoomed.width ?? 1600}
              height={zoomed.height ?? 1200}
            />
          </div>
        </UrlDialog>
      ) : null}
      {params.get("help") === "1" ? <ShortcutsDialog closeTo={href({ help: null })} /> : null}
    </section>
  );
}
