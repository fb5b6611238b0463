import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useSearchParams } from "react-router";
import { AppLink } from "~/components/app-link";
import type { Route } from "./+types/user-detail";
import { userActionSchema } from "~/domain/admin-schemas";
import { AuditSection, DocumentsCard, HistoryTable } from "~/components/admin/user-sections";
import { acceptDocumentRenewal, adminDocumentDetail, rejectDocumentRenewal } from "~/models/documents.server";
import { Badge, ConfirmDialog, FormError, MailLink, PageHeader, useFormatDate } from "~/components/admin/ui";
import { requireAdmin } from "~/services/session.server";
import { getUserDetail, setUserActive } from "~/models/admin-users.server";
import { changeWithSecondFactor } from "~/services/user-step-up.server";
import { idParam, notFound, redirectWithToast } from "./admin-action.server";
import { adminRefusal } from "../model-errors.server";
import { readFormData } from "~/infra/http.server";
import { StepUpField } from "~/components/auth/step-up-field";
import { getInstance } from "~/infra/i18n.server";
import { PlatformAccountsCard } from "~/components/admin/platform-accounts-card";
import {
  endPlatformAccount,
  linkPlatformAccount,
  listPlatformAccountsOf,
  listPlatforms,
} from "~/models/platforms.server";
import { now } from "~/infra/clock.server";
import { getBankAccount } from "~/models/bank-accounts.server";
import { BankAccountCard } from "~/components/admin/bank-account-card";
import { bratislavaDay } from "~/domain/date-format";
import { askedRoleChange, RoleForm } from "~/components/admin/role-form";
import { Intent } from "~/components/intent";

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const admin = requireAdmin(context, request);
  const auditViews = new URL(request.url).searchParams.get("views") === "1";
  const detail = await getUserDetail(idParam(params.id), { auditViews });
  if (!detail) throw notFound();
  return {
    ...detail,
    auditViews,
    documents: await adminDocumentDetail(detail.user.id),
    isSelf: detail.user.id === admin.id,
    platformAccounts: await listPlatformAccountsOf(detail.user.id),
    bank: await getBankAccount(detail.user.id),
    platforms: (await listPlatforms()).map((p) => ({ id: p.id, name: p.name })),
    today: bratislavaDay(now()),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const id = idParam(params.id);
  const submission = parseWithZod(await readFormData(context, request), { schema: userActionSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), formError: null }, { status: 400 });
  const value = submission.value;
  try {
    if (value.intent === "linkAccount") {
      const { platformId, accountId, startsOn } = value;
      await linkPlatformAccount(admin.id, { platformId, accountId, userId: id, startsOn });
      return redirectWithToast(context, `/admin/users/${id}#platform-accounts`, "admin:saved");
    }
    if (value.intent === "endAccount") {
      await endPlatformAccount(admin.id, id, value.linkId, value.endsOn);
      return redirectWithToast(context, `/admin/users/${id}#platform-accounts`, "admin:saved");
    }
    if (value.intent === "acceptDocument") {
      await acceptDocumentRenewal(admin.id, value.renewalId, value.validUntil);
      return redirectWithToast(context, `/admin/users/${id}`, "admin:documents.accepted");
    }
    if (value.intent === "rejectDocument") {
      await rejectDocumentRenewal(admin.id, value.renewalId, value.reason);
      return redirectWithToast(context, `/admin/users/${id}`, "admin:documents.rejected");
    }
    if (value.intent === "role" || value.intent === "erase") {
      const refused = await changeWithSecondFactor(admin.id, id, value);
      if (refused)
        return data(
          {
            result: submission.reply({ hideFields: ["code"] }),
            formError: getInstance(context).t(refused.error, refused.values),
          },
          { status: refused.status },
        );
      if (value.intent === "erase") return redirectWithToast(context, "/admin/users", "admin:users.erased");
    } else await setUserActive(admin.id, id, value.intent === "activate");
  } catch (error) {
    // A link for a courier who is not there answers like the missing user page itself.
    return adminRefusal(context, error, { unknownCourier: null });
  }
  return redirectWithToast(context, `/admin/users/${id}`, "admin:saved");
}

export default function AdminUserDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const [params] = useSearchParams();
  const {
    user,
    applications,
    vehicle,
    requests,
    reports,
    history,
    audit,
    documents,
    isSelf,
    platformAccounts,
    platforms,
    today,
    bank,
  } = loaderData;
  const roleAsked = askedRoleChange(params.get("role"), user.role);
  return (
    <section className="admin-detail">
      <PageHeader title={user.fullName ?? user.email} crumbs={[{ to: "/admin/users", label: t("nav.users") }]} />
      <FormError message={actionData?.formError} />
      <div className="admin-grid">
        <div className="card">
          <h2>{t("users.profile")}</h2>
          <dl className="admin-dl">
            <dt>{t("users.email")}</dt>
            <dd>
              <MailLink email={user.email} />
            </dd>
            <dt>{t("users.fullName")}</dt>
            <dd>{user.fullName ?? "—"}</dd>
            <dt>{t("users.status")}</dt>
            <dd>{t(`common:status.${user.status}`)}</dd>
            <dt>{t("users.role")}</dt>
            <dd>{t(`common:role.${user.role}`)}</dd>
            <dt>{t("users.active")}</dt>
            <dd>
              {user.active ? <Badge tone="ok">{t("common:yes")}</Badge> : <Badge tone="danger">{t("common:no")}</Badge>}
            </dd>
            <dt>{t("users.registeredAt")}</dt>
            <dd>{formatDate(user.createdAt, true)}</dd>
            <dt>{t("users.referredBy")}</dt>
            <dd>{user.referredBy ?? "—"}</dd>
            <dt>{t("users.language")}</dt>
            <dd>{t(`common:language.${user.language}`)}</dd>
          </dl>
        </div>
        <div className="card">
          <h2>{t("users.actions")}</h2>
          {isSelf ? (
            <p className="field-hint">{t("users.selfHint")}</p>
          ) : (
            <div className="form-stack">
              <Form method="post">
                <Intent value={user.active ? "deactivate" : "activate"} />
                <button type="submit" className={user.active ? "btn btn-outline" : "btn btn-primary"}>
                  {user.active ? t("users.deactivate") : t("users.activate")}
                </button>
              </Form>
              <RoleForm role={user.role} />
              <Link className="btn btn-danger" to="?confirm=erase" preventScrollReset>
                {t("users.erase")}
              </Link>
            </div>
          )}
        </div>
      </div>

      <div className="card">
        <h2>{t("users.application")}</h2>
        {applications.length === 0 ? <p className="field-hint">{t("users.noApplication")}</p> : null}
        <ul className="admin-list">
          {applications.map((a) => (
            <li key={a.id}>
              <AppLink to={`/admin/applications/${a.id}`}>{a.fullName}</AppLink> ·{" "}
              {t(`applications.status.${a.status}`)} · {formatDate(a.createdAt)}
              {a.rejectionReason ? <span className="field-hint"> — {a.rejectionReason}</span> : null}
            </li>
          ))}
        </ul>
      </div>
      {documents ? <DocumentsCard documents={documents} /> : null}
      <div className="card">
        <h2>{t("users.vehicle")}</h2>
        {vehicle ? (
          <p>
            <AppLink to={`/admin/vehicles/${vehicle.id}`}>{vehicle.name}</AppLink> ({vehicle.serialNumber}) ·{" "}
            {t("vehicles.leaseEndsAt")}: {formatDate(vehicle.leaseEndsAt)}
          </p>
        ) : (
          <p className="field-hint">{t("users.noVehicle")}</p>
        )}
      </div>
      <PlatformAccountsCard links={platformAccounts} platforms={platforms} today={today} />
      <BankAccountCard bank={bank} />
      <div className="card">
        <h2>{t("users.requests")}</h2>
        {requests.length === 0 ? <p className="field-hint">{t("users.noRequests")}</p> : null}
        <ul className="admin-list">
          {requests.map((r) => (
            <li key={r.id}>
              {t(`requests.kind.${r.kind}`)} · {r.vehicleName ?? "—"} · {t(`requests.status.${r.status}`)} ·{" "}
              {formatDate(r.createdAt)}
            </li>
          ))}
        </ul>
      </div>
      <div className="card">
        <h2>{t("users.reports")}</h2>
        {reports.length === 0 ? <p className="field-hint">{t("users.noReports")}</p> : null}
        <ul className="admin-list">
          {reports.map((r) => (
            <li key={r.id}>
              <AppLink to={`/admin/problem-reports?report=${r.id}`}>{r.description.slice(0, 80)}</AppLink> ·{" "}
              {t(`reports.status.${r.status}`)} · {formatDate(r.createdAt)}
            </li>
          ))}
        </ul>
      </div>
      <HistoryTable rows={history} />
      <AuditSection rows={audit} views={loaderData.auditViews} />

      {params.get("confirm") === "role" && !isSelf && roleAsked === "same" ? (
        <output className="alert alert-info block">{t("users.roleUnchanged")}</output>
      ) : null}
      {params.get("confirm") === "role" && !isSelf && (roleAsked === "toUser" || roleAsked === "toAdmin") ? (
        <ConfirmDialog
          title={t("users.roleTitle")}
          text={t(roleAsked === "toAdmin" ? "users.roleToAdminText" : "users.roleText", {
            email: user.email,
            role: t(`common:role.${roleAsked === "toAdmin" ? "admin" : "user"}`),
          })}
          intent="role"
          confirmLabel={t("users.changeRole")}
          fields={{ role: roleAsked === "toAdmin" ? "admin" : "user" }}
          stayOnError
        >
          <FormError message={actionData?.formError} />
          <StepUpField id="role-code" />
        </ConfirmDialog>
      ) : null}
      {params.get("confirm") === "erase" && !isSelf ? (
        <ConfirmDialog
          title={t("users.eraseTitle")}
          text={t("users.eraseText", { email: user.email })}
          intent="erase"
          confirmLabel={t("users.erase")}
        >
          <label className="field">
            {t("users.eraseConfirmLabel")}
            <input type="email" name="confirmEmail" required autoComplete="off" />
          </label>
          <StepUpField id="erase-code" />
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
