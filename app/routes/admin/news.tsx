import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Link, useSearchParams } from "react-router";
import { AppLink } from "~/components/app-link";
import type { Route } from "./+types/news";
import { idIntentSchema } from "~/domain/admin-schemas";
import { AdminTable } from "~/components/admin/admin-table";
import { Badge, ConfirmDialog, FormError, PageHeader, useFormatDate } from "~/components/admin/ui";
import { MissingLanguages } from "~/components/admin/language-fields";
import { requireAdmin } from "~/services/session.server";
import { getLocale } from "~/infra/i18n.server";
import { pageNumber } from "~/domain/review-queue";
import { deleteNewsPost, listNewsForAdmin } from "~/models/news.server";
import { redirectWithToast, refuse } from "./admin-action.server";
import { readFormData } from "~/infra/http.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return {
    news: await listNewsForAdmin(pageNumber(new URL(request.url).searchParams.get("page")), getLocale(context)),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const submission = parseWithZod(await readFormData(context, request), { schema: idIntentSchema("delete") });
  if (submission.status !== "success") return data({ result: submission.reply(), formError: null }, { status: 400 });
  if (!(await deleteNewsPost(admin.id, submission.value.id))) return refuse(context, "admin:news.deleteFailed", 404);
  return redirectWithToast(context, "/admin/news", "admin:news.deleted");
}

export default function AdminNews({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  const [params] = useSearchParams();
  const { news } = loaderData;
  const toDelete =
    params.get("confirm") === "delete" ? news.rows.find((n) => n.id === Number(params.get("id"))) : undefined;
  return (
    <section>
      <PageHeader title={t("news.title")}>
        <AppLink className="btn btn-primary" to="/admin/news/new">
          {t("news.new")}
        </AppLink>
      </PageHeader>
      <FormError message={actionData?.formError} />
      <AdminTable
        rows={news.rows}
        empty={t("news.empty")}
        pager={news}
        columns={[
          {
            header: t("news.postTitle"),
            render: (n) => (
              <>
                <AppLink to={`/admin/news/${n.id}`}>{n.title}</AppLink>{" "}
                <MissingLanguages languages={n.missingLanguages} />
              </>
            ),
          },
          {
            header: t("news.language"),
            render: (n) => (n.language ? t(`common:language.${n.language}`) : t("news.allLanguages")),
          },
          {
            header: t("news.published"),
            render: (n) => (n.published ? <Badge tone="ok">{t("common:yes")}</Badge> : <Badge>{t("common:no")}</Badge>),
          },
          { header: t("news.media"), render: (n) => n.mediaCount ?? 0 },
          { header: t("requests.date"), className: "whitespace-nowrap", render: (n) => formatDate(n.createdAt) },
          {
            header: t("list.actions"),
            render: (n) => (
              <Link
                className="btn btn-outline"
                to={`?confirm=delete&id=${n.id}`}
                preventScrollReset
                aria-label={t("news.deleteNamed", { title: n.title })}
              >
                {t("delete")}
              </Link>
            ),
          },
        ]}
      />
      {toDelete ? (
        <ConfirmDialog
          title={t("news.deleteTitle")}
          text={t("news.deleteText", { title: toDelete.title })}
          intent="delete"
          confirmLabel={t("delete")}
          fields={{ id: toDelete.id }}
        />
      ) : null}
    </section>
  );
}
