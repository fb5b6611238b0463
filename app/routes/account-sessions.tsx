import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/account-sessions";
import { FormAlert } from "~/components/form-messages";
import { RecoveryCodes } from "~/components/auth/recovery-codes";
import { StepUpField } from "~/components/auth/step-up-field";
import { useDates } from "~/components/dashboard/format";
import { sessionActionSchema } from "~/domain/second-factor";
import { checkSecondFactor } from "~/services/auth.server";
import { describeDevice } from "~/services/device.server";
import { readFormData } from "~/infra/http.server";
import { currentSessionIdHash, endSession, requireUser } from "~/services/session.server";
import { getInstance } from "~/infra/i18n.server";
import { getSecondFactorState, regenerateRecoveryCodes } from "~/models/second-factors.server";
import {
  destroyUserSessionByHandle,
  destroyUserSessions,
  listUserSessions,
  sessionHandle,
} from "~/models/sessions.server";
import { Intent } from "~/components/intent";
import { redirectWithToast } from "./toast.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const t = getInstance(context).t;
  const sessions = (await listUserSessions(user.id, currentSessionIdHash(context) ?? "")).map(
    ({ userAgent, createdAt, lastSeenAt, ...rest }) => ({
      ...rest,
      device: describeDevice(userAgent, t("auth:sessions.unknownDevice")),
      createdAt: createdAt.toISOString(),
      lastSeenAt: lastSeenAt.toISOString(),
    }),
  );
  const secondFactor = await getSecondFactorState(user.id);
  return {
    title: t("auth:sessions.title"),
    sessions,
    secondFactor: secondFactor.enrolled
      ? { enabledAt: secondFactor.enabledAt.toISOString(), recoveryCodesLeft: secondFactor.recoveryCodesLeft }
      : null,
    isAdmin: user.role === "admin",
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const t = getInstance(context).t;
  const submission = parseWithZod(await readFormData(context, request), { schema: sessionActionSchema });
  if (submission.status !== "success")
    return data({ error: t("errors:invalidInput"), recoveryCodes: null }, { status: 400 });
  const current = currentSessionIdHash(context) ?? "";
  const value = submission.value;
  if (value.intent === "end") {
    if (value.session === sessionHandle(current))
      throw redirect("/", { headers: { "Set-Cookie": await endSession(request) } });
    if (!(await destroyUserSessionByHandle(user.id, value.session)))
      return data({ error: t("auth:sessions.notFound"), recoveryCodes: null }, { status: 404 });
    throw redirectWithToast(context, "/account/sessions", "auth:sessions.ended");
  }
  if (value.intent === "endOthers") {
    await destroyUserSessions(user.id, current);
    throw redirectWithToast(context, "/account/sessions", "auth:sessions.endedOthers");
  }
  const check = await checkSecondFactor(user.id, value.code);
  if (!check.ok) return data({ error: t(check.error, check.values), recoveryCodes: null }, { status: check.status });
  return { error: null, recoveryCodes: await regenerateRecoveryCodes(user.id) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function AccountSessions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const { dateTime, date } = useDates();
  const others = loaderData.sessions.filter((s) => !s.current);
  return (
    <section className="container account-page">
      <h1>{t("sessions.title")}</h1>
      <p>{t("sessions.intro")}</p>
      <FormAlert message={actionData?.error} />
      <ul className="session-list">
        {loaderData.sessions.map((s) => (
          <li key={s.handle} className="card session-item">
            <div>
              <strong>{s.device}</strong>
              {s.current ? <span className="badge badge-ok">{t("sessions.current")}</span> : null}
              {s.secondFactorPending ? <span className="badge badge-warn">{t("sessions.pending")}</span> : null}
            </div>
            <dl className="session-meta">
              <dt>{t("sessions.ip")}</dt>
              <dd>{s.ip ?? "—"}</dd>
              <dt>{t("sessions.lastSeen")}</dt>
              <dd>{dateTime(s.lastSeenAt)}</dd>
              <dt>{t("sessions.started")}</dt>
              <dd>{dateTime(s.createdAt)}</dd>
            </dl>
            {s.current ? null : (
              <Form method="post">
                <Intent value="end" />
                <input type="hidden" name="session" value={s.handle} />
                <button type="submit" className="btn btn-outline">
                  {t("sessions.end")}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <Form method="post">
          <Intent value="endOthers" />
          <button type="submit" className="btn btn-danger">
            {t("sessions.endOthers")}
          </button>
        </Form>
      ) : (
        <p className="field-hint">{t("sessions.noOthers")}</p>
      )}

      {loaderData.isAdmin || loaderData.secondFactor ? (
        <div className="card">
          <h2>{t("sessions.secondFactorTitle")}</h2>
          {loaderData.secondFactor ? (
            <>
              <p>
                {t("sessions.secondFactorOn", {
                  date: date(loaderData.secondFactor.enabledAt),
                  count: loaderData.secondFactor.recoveryCodesLeft,
                })}
              </p>
              {actionData?.recoveryCodes ? (
                <RecoveryCodes codes={actionData.recoveryCodes} />
              ) : (
                <Form method="post" className="form-stack">
                  <Intent value="newRecoveryCodes" />
                  <StepUpField />
                  <button type="submit" className="btn btn-outline">
                    {t("sessions.newRecoveryCodes")}
                  </button>
                  <span className="field-hint">{t("sessions.newRecoveryCodesHint")}</span>
                </Form>
              )}
            </>
          ) : (
            <p className="field-hint">{t("sessions.secondFactorOff")}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
