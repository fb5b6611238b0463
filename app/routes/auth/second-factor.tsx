import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, type RouterContextProvider, type ShouldRevalidateFunction } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/second-factor";
import { FieldError, FormAlert } from "~/components/form-messages";
import { RecoveryCodes } from "~/components/auth/recovery-codes";
import { useLazyValidation } from "~/components/auth/lazy-validation";
import { secondFactorSchema } from "~/domain/second-factor";
import { homeOf, safeRedirect } from "~/services/auth.server";
import { formActionHeaders, retryAfterHeaders } from "~/services/auth-http.server";
import { requestInfoContext } from "~/infra/context";
import { readFormData } from "~/infra/http.server";
import { completeSecondFactorLogin, enrolAndLogin, secondFactorView } from "~/services/second-factor.server";
import { currentSessionIdHash, getSecondFactorUser, getUser } from "~/services/session.server";
import { getInstance } from "~/infra/i18n.server";
import { LogoutButton } from "~/components/logout-button";
import { Intent } from "~/components/intent";

/** Only a session whose password was just checked may be here; anyone else goes on or back to log in. */
function requirePendingUser(context: Readonly<RouterContextProvider>) {
  const pending = getSecondFactorUser(context);
  if (pending) return pending;
  const user = getUser(context);
  throw redirect(user ? homeOf(user) : "/?auth=login");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requirePendingUser(context);
  const ctx = { ip: context.get(requestInfoContext).ip, request, sessionIdHash: currentSessionIdHash(context)! };
  return { ...(await secondFactorView(user, ctx)), title: getInstance(context).t("auth:secondFactor.title") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const user = requirePendingUser(context);
  const submission = parseWithZod(await readFormData(context, request), { schema: secondFactorSchema });
  if (submission.status !== "success")
    return data({ reply: submission.reply({ resetForm: true }), error: null, recoveryCodes: null }, { status: 400 });
  const target = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), homeOf(user));
  const ctx = { ip: context.get(requestInfoContext).ip, request, sessionIdHash: currentSessionIdHash(context)! };
  const t = getInstance(context).t;
  if (submission.value.intent === "enrol") {
    const result = await enrolAndLogin(user, submission.value.code, ctx);
    if (!result.ok)
      return data(
        { reply: submission.reply({ resetForm: true }), error: t(result.error, result.values), recoveryCodes: null },
        { status: result.status, headers: retryAfterHeaders(result) },
      );
    // Shown once, on this answer: the codes are stored only as hashes.
    return data(
      { reply: null, error: null, recoveryCodes: result.recoveryCodes, continueTo: target },
      { headers: { "Set-Cookie": result.setCookie } },
    );
  }
  const result = await completeSecondFactorLogin(user, submission.value.code, ctx);
  if (!result.ok)
    return data(
      { reply: submission.reply({ resetForm: true }), error: t(result.error, result.values), recoveryCodes: null },
      { status: result.status, headers: retryAfterHeaders(result) },
    );
  if (result.method === "recovery")
    setToast(context as RouterContextProvider, {
      type: "warning",
      message: t("auth:secondFactor.usedRecovery", { count: result.recoveryCodesLeft }),
    });
  throw redirect(target, { headers: { "Set-Cookie": result.setCookie } });
}

/** After enrolment the codes must stay on screen: this page's loader would send a full session on. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult?.recoveryCodes ? false : defaultShouldRevalidate;

/** A 429 carries Retry-After to the browser too. */
export const headers = formActionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function SecondFactorScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const enrol = loaderData.view === "enrol";
  const [form, fields] = useForm({
    id: "second-factor",
    lastResult: actionData?.reply ?? undefined,
    ...useLazyValidation((v, formData) => v.parseWithZod(formData, { schema: v.secondFactorSchema })),
  });
  if (actionData?.recoveryCodes) {
    return (
      <section className="container auth-page">
        <div className="card auth-card">
          <RecoveryCodes codes={actionData.recoveryCodes} headingLevel={1} />
          <Link className="btn btn-primary" to={actionData.continueTo ?? "/"} reloadDocument>
            {t("secondFactor.continue")}
          </Link>
        </div>
      </section>
    );
  }
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>{enrol ? t("secondFactor.enrolTitle") : t("secondFactor.title")}</h1>
        {loaderData.view === "enrol" ? (
          <>
            <p>{t("secondFactor.enrolIntro")}</p>
            <img
              className="totp-qr"
              src={loaderData.qrImage}
              alt={t("secondFactor.qrLabel")}
              width={224}
              height={224}
            />
            <p className="field-hint">{t("secondFactor.secretLabel")}</p>
            <p className="totp-secret">
              {/* Wraps only between groups of four, never inside one. */}
              <code>
                {(loaderData.secret.match(/.{1,4}/g) ?? []).map((group, i) => (
                  <span key={i}>
                    {i > 0 ? " " : null}
                    <span className="whitespace-nowrap">{group}</span>
                  </span>
                ))}
              </code>
            </p>
          </>
        ) : (
          <p>{t("secondFactor.verifyIntro")}</p>
        )}
        <FormAlert message={actionData?.error} />
        <Form method="post" className="form-stack" {...getFormProps(form)}>
          <Intent value={enrol ? "enrol" : "verify"} />
          <div className="field">
            <label htmlFor={fields.code.id}>{t("secondFactor.codeLabel")}</label>
            <input
              {...getInputProps(fields.code, { type: "text" })}
              key={fields.code.key}
              inputMode={enrol ? "numeric" : "text"}
              autoComplete="one-time-code"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={40}
              required
              autoFocus
              aria-describedby={`${fields.code.errorId} second-factor-hint`}
            />
            <span id="second-factor-hint" className="field-hint">
              {enrol ? t("secondFactor.verifyIntro") : t("secondFactor.codeHint")}
            </span>
            <FieldError ns="auth" all errors={fields.code.errors} id={fields.code.errorId} />
          </div>
          <button type="submit" className="btn btn-primary">
            {enrol ? t("secondFactor.enrolSubmit") : t("secondFactor.submit")}
          </button>
        </Form>
        <LogoutButton className="btn btn-ghost">{t("secondFactor.cancel")}</LogoutButton>
      </div>
    </section>
  );
}
