import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, redirect, type RouterContextProvider } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/reset-password";
import { FormAlert } from "~/components/form-messages";
import { PasswordField } from "~/components/auth/auth-fields";
import { PasswordChecklist } from "~/components/auth/password-checklist";
import { useLazyValidation } from "~/components/auth/lazy-validation";
import { resetPasswordFormSchema } from "~/domain/auth-schemas";
import { changePassword } from "~/services/auth.server";
import { formFailure, formInvalid } from "~/services/auth-http.server";
import { getInstance } from "~/infra/i18n.server";
import { passwordResetTokenState } from "~/models/accounts.server";
import { readFormData } from "~/infra/http.server";

/** The form is shown only for a token that can still be used; it is consumed by the action. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const state = await passwordResetTokenState(params.token);
  return { state, title: getInstance(context).t("auth:reset.title") };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const submission = parseWithZod(await readFormData(context, request), { schema: resetPasswordFormSchema });
  if (submission.status !== "success") return formInvalid(context, submission);
  const result = await changePassword(params.token, submission.value.password);
  if (!result.ok) return formFailure(context, submission, result);
  // Every session of the account has ended; log in again with the new password.
  setToast(context as RouterContextProvider, { type: "success", message: getInstance(context).t(result.message) });
  throw redirect("/?auth=login");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: "robots", content: "noindex" },
];

export default function ResetPasswordScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const [password, setPassword] = useState("");
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.reply,
    ...useLazyValidation((v, formData) => v.parseWithZod(formData, { schema: v.resetPasswordFormSchema }), {
      shouldValidate: "onBlur",
      shouldRevalidate: "onInput",
    }),
  });
  const usable = loaderData.state === "valid" && !actionData?.error;
  return (
    <section className="container auth-page">
      <div className="card auth-card">
        <h1>{t("reset.title")}</h1>
        {usable ? (
          <Form method="post" className="form-stack" {...getFormProps(form)}>
            <PasswordField
              field={fields.password}
              label={t("fields.newPassword")}
              autoComplete="new-password"
              aria-describedby={`${fields.password.errorId} reset-pw-rules`}
              onInput={(event) => setPassword(event.currentTarget.value)}
            />
            <PasswordChecklist password={password} live={password !== ""} id="reset-pw-rules" />
            <PasswordField
              field={fields.confirmPassword}
              label={t("fields.confirmPassword")}
              autoComplete="new-password"
            />
            <button type="submit" className="btn btn-primary btn-block">
              {t("reset.submit")}
            </button>
          </Form>
        ) : (
          <>
            <FormAlert
              message={actionData?.error ?? (loaderData.state === "used" ? t("reset.used") : t("reset.invalid"))}
            />
            <Link className="btn btn-primary btn-block" to="/?auth=forgot">
              {t("reset.requestNew")}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
