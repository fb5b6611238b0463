import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form } from "react-router";
import { AppLink } from "~/components/app-link";
import { FormError, PageHeader, useFormatDate } from "~/components/admin/ui";
import { LegalTextBody } from "~/components/legal/legal-text";
import { missingExportCategories } from "~/domain/legal-templates";
import { isLegalKind, LEGAL_BODY_MAX_CHARS, LEGAL_PATHS } from "~/domain/legal-text";
import { legalPublishSchema } from "~/domain/legal-text-form";
import { isLanguage } from "~/domain/rules";
import { getInstance } from "~/infra/i18n.server";
import { readFormData } from "~/infra/http.server";
import { listLegalVersions, publishLegalDocument } from "~/models/legal-documents.server";
import { legalTemplateFor, legalTextFor } from "~/services/legal.server";
import { requireAdmin } from "~/services/session.server";
import { notFound, redirectWithToast, refuse } from "./admin-action.server";
import type { Route } from "./+types/legal-edit";

function textOf(params: Route.LoaderArgs["params"]) {
  const { kind, language } = params;
  if (!isLegalKind(kind) || !isLanguage(language)) throw notFound();
  return { kind, language };
}

/**
 * One text in one language: the version in force in the editor (or the template, or an older version
 * to start from), preview without saving, publish as the next version.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { kind, language } = textOf(params);
  const url = new URL(request.url);
  const current = await legalTextFor(kind, language);
  const asked = Number(url.searchParams.get("version"));
  const older = Number.isInteger(asked) && asked > 0 ? await legalTextFor(kind, language, asked) : null;
  const body =
    url.searchParams.get("template") === "1"
      ? await legalTemplateFor(kind, language)
      : (older?.body ?? current?.body ?? "");
  return { kind, language, body, basedOn: current?.version ?? 0, history: await listLegalVersions(kind, language) };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { kind, language } = textOf(params);
  const submission = parseWithZod(await readFormData(context, request), { schema: legalPublishSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0];
    return refuse(context, typeof first === "string" && first.includes(":") ? first : "admin:legal.bodyRequired");
  }
  const { intent, body, basedOn } = submission.value;
  const missing = kind === "privacy" ? missingExportCategories(body, language) : [];
  if (intent === "preview") return { preview: body, body, missing };
  const result = await publishLegalDocument({ kind, language, body, basedOn, actorId: admin.id });
  if (!result.ok)
    return data(
      { formError: getInstance(context).t("admin:legal.stale", { version: result.version }), body, missing },
      { status: 409 },
    );
  return redirectWithToast(context, `/admin/legal/${kind}/${language}`, "admin:legal.published", {
    values: { version: result.version },
  });
}

export default function AdminLegalEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const { kind, language, basedOn, history } = loaderData;
  const posted = actionData && "body" in actionData ? actionData : null;
  const body = posted?.body ?? loaderData.body;
  const missing = posted?.missing ?? [];
  return (
    <section>
      <PageHeader
        title={t("legal.editTitle", { kind: t(`legal.kinds.${kind}`), language: t(`common:language.${language}`) })}
        crumbs={[{ to: "/admin/legal", label: t("legal.title") }]}
      >
        <a className="btn btn-outline" href={LEGAL_PATHS[kind]}>
          {t("legal.view")}
        </a>
      </PageHeader>
      <FormError message={actionData && "formError" in actionData ? actionData.formError : null} />
      {missing.length ? (
        <p className="alert alert-error" role="alert">
          {t("legal.missingCategories", { categories: missing.join(", ") })}
        </p>
      ) : null}
      <Form method="post" className="card form-stack" key={`${basedOn}-${loaderData.body.length}`}>
        <input type="hidden" name="basedOn" value={basedOn} />
        <label className="field">
          <span>{t("legal.body")}</span>
          <textarea
            name="body"
            defaultValue={body}
            rows={24}
            required
            maxLength={LEGAL_BODY_MAX_CHARS}
            aria-describedby="legal-body-help"
          />
        </label>
        <p className="field-hint" id="legal-body-help">
          {t("legal.bodyHelp")}
        </p>
        <p className="field-hint">
          {t("legal.templateNote")}{" "}
          <AppLink to={`/admin/legal/${kind}/${language}?template=1`}>{t("legal.fromTemplate")}</AppLink>
        </p>
        <div className="admin-page-actions">
          <button type="submit" name="intent" value="preview" className="btn btn-outline">
            {t("legal.preview")}
          </button>
          <button type="submit" name="intent" value="publish" className="btn btn-primary">
            {t("legal.publish", { version: basedOn + 1 })}
          </button>
        </div>
      </Form>
      {posted && "preview" in posted ? (
        <section className="card legal-preview" aria-labelledby="legal-preview-title">
          <h2 id="legal-preview-title">{t("legal.previewTitle")}</h2>
          <LegalTextBody body={posted.preview} />
        </section>
      ) : null}
      <section className="card">
        <h2>{t("legal.history")}</h2>
        {history.length === 0 ? (
          <p className="field-hint">{t("legal.historyEmpty")}</p>
        ) : (
          <ul className="admin-list">
            {history.map((h) => (
              <li key={h.version}>
                <AppLink to={`/admin/legal/${kind}/${language}?version=${h.version}`}>
                  {t("legal.versionOf", { version: h.version, date: formatDate(h.publishedAt, true) })}
                </AppLink>{" "}
                <span className="field-hint">{h.publishedBy ?? "—"}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
