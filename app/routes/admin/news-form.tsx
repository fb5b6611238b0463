import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { FileInput } from "~/components/file-input";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/news-form";
import { FormKey } from "~/components/form-key";
import { newFormKey } from "~/services/idempotency.server";
import { idIntentSchema, newsSchema } from "~/domain/admin-schemas";
import { LanguageFields } from "~/components/admin/language-fields";
import { FormError, PageHeader } from "~/components/admin/ui";
import { useLazyValidation } from "~/components/admin/lazy-validation";
import { LANGUAGES } from "~/domain/rules";
import { requireAdmin } from "~/services/session.server";
import {
  getNewsPost,
  MAX_NEWS_MEDIA,
  removeNewsMedia,
  saveNewsPostWithMedia,
  TEXT_POSITIONS,
} from "~/models/news.server";
import { idParam, notFound, redirectWithToast } from "./admin-action.server";
import { uploadFormAction } from "./upload-action.server";
import { Intent } from "~/components/intent";
import { adminRefusal } from "../model-errors.server";

const actionSchema = z.discriminatedUnion("intent", [newsSchema, idIntentSchema("removeMedia")]);

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const id = params.id ? idParam(params.id) : null;
  const detail = id === null ? null : await getNewsPost(id);
  if (id !== null && !detail) throw notFound();
  return { detail, positions: TEXT_POSITIONS, maxMedia: MAX_NEWS_MEDIA, formKey: newFormKey() };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const id = params.id ? idParam(params.id) : null;
  try {
    // A new post is created once per rendered form; editing an existing one is naturally repeatable.
    return await uploadFormAction(context, request, {
      adminId: admin.id,
      id,
      files: { field: "media", accept: "media", max: MAX_NEWS_MEDIA },
      tooManyFiles: "admin:news.tooManyMedia",
      schema: actionSchema,
      back: "/admin/news",
      save: async (value, files) => {
        if (value.intent === "removeMedia") {
          if (id === null || !(await removeNewsMedia(admin.id, id, value.id))) throw notFound();
          return redirectWithToast(context, `/admin/news/${id}`, "admin:news.mediaRemoved");
        }
        const { intent: _intent, titleSk, titleUa, titleEn, contentSk, contentUa, contentEn, ...rest } = value;
        const input = {
          ...rest,
          title: { sk: titleSk, ua: titleUa, en: titleEn },
          content: { sk: contentSk, ua: contentUa, en: contentEn },
        };
        const savedId = await saveNewsPostWithMedia(admin.id, id, input, files);
        if (savedId === null) throw notFound();
        return redirectWithToast(context, `/admin/news/${savedId}`, "admin:saved");
      },
    });
  } catch (error) {
    return adminRefusal(context, error);
  }
}

export default function AdminNewsForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const { positions, maxMedia } = loaderData;
  const post = loaderData.detail?.post;
  const media = loaderData.detail?.media ?? [];
  const [form, fields] = useForm({
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    ...useLazyValidation((v, formData) => v.parseWithZod(formData, { schema: v.newsSchema }), {
      shouldValidate: "onBlur",
      shouldRevalidate: "onInput",
    }),
    defaultValue: post
      ? {
          titleSk: post.titleSk,
          titleUa: post.titleUa ?? "",
          titleEn: post.titleEn ?? "",
          contentSk: post.contentSk,
          contentUa: post.contentUa ?? "",
          contentEn: post.contentEn ?? "",
          textPosition: post.textPosition,
          language: post.language ?? "all",
          published: post.published ? "on" : "",
        }
      : { textPosition: "bottom_left", language: "all", published: "on" },
  });
  return (
    <section className="admin-detail">
      <PageHeader title={post ? post.titleSk : t("news.new")} crumbs={[{ to: "/admin/news", label: t("nav.news") }]} />
      <FormError message={actionData?.formError} />
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="card form-stack admin-form">
        <Intent value="save" />
        {post ? null : <FormKey value={loaderData.formKey} />}
        <LanguageFields
          legend={t("news.postTitle")}
          hint={t("content.hint")}
          fields={{ sk: fields.titleSk, ua: fields.titleUa, en: fields.titleEn }}
          maxLength={200}
        />
        <LanguageFields
          legend={t("news.content")}
          hint={t("news.contentHint")}
          fields={{ sk: fields.contentSk, ua: fields.contentUa, en: fields.contentEn }}
          multiline
          maxLength={20_000}
        />
        <fieldset className="field">
          <legend>{t("news.textPosition")}</legend>
          <div className="admin-choices">
            {positions.map((p) => (
              <label key={p}>
                <input
                  type="radio"
                  name={fields.textPosition.name}
                  value={p}
                  defaultChecked={(fields.textPosition.initialValue ?? "bottom_left") === p}
                />
                {t(`news.position.${p}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="field">
          {t("news.language")}
          <select {...getSelectProps(fields.language)}>
            <option value="all">{t("news.allLanguages")}</option>
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`common:language.${l}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-check">
          <input {...getInputProps(fields.published, { type: "checkbox" })} />
          {t("news.published")}
        </label>
        <label className="field">
          {t("news.addMedia")}
          <FileInput
            name="media"
            accept="image/jpeg,image/png,image/webp,video/mp4,video/quicktime,video/webm"
            multiple
          />
          <span className="field-hint">{t("news.mediaHint", { max: maxMedia })}</span>
        </label>
        <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
          {t("common:save")}
        </button>
      </Form>
      {post ? (
        <div className="card">
          <h2>{t("news.media")}</h2>
          {media.length === 0 ? <p className="field-hint">{t("news.noMedia")}</p> : null}
          <ul className="admin-media">
            {media.map((m, i) => (
              <li key={m.id}>
                {m.mime.startsWith("video/") ? (
                  // oxlint-disable-next-line jsx-a11y/media-has-caption -- a preview for the admin; captions belong to the public page
                  <video
                    src={`/media/${m.id}`}
                    controls
                    preload="metadata"
                    width={m.width ?? 320}
                    height={m.height ?? 180}
                  />
                ) : (
                  <img
                    src={`/media/${m.id}`}
                    alt={t("news.mediaAlt", { n: i + 1 })}
                    width={m.width ?? 160}
                    height={m.height ?? 120}
                    loading="lazy"
                  />
                )}
                <Form method="post">
                  <Intent value="removeMedia" />
                  <input type="hidden" name="id" value={m.id} />
                  <button type="submit" className="btn btn-outline">
                    {t("news.removeMedia")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
