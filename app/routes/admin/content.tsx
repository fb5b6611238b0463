import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AppLink } from "~/components/app-link";
import type { Route } from "./+types/content";
import { AdminTable } from "~/components/admin/admin-table";
import { Badge, FormError, PageHeader } from "~/components/admin/ui";
import { MissingLanguages } from "~/components/admin/language-fields";
import { contentListActionSchema } from "~/domain/content-schemas";
import type { MoveDirection } from "~/domain/content";
import { requireAdmin } from "~/services/session.server";
import { getLocale } from "~/infra/i18n.server";
import { readFormData } from "~/infra/http.server";
import { contentForAdmin, moveContent, setContentHidden, type ContentList } from "~/models/content.server";
import { redirectWithToast, refuse } from "./admin-action.server";

const ANCHOR: Record<ContentList, string> = { faq: "faq", fleet: "fleet", partner: "partners" };

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return await contentForAdmin(getLocale(context));
}

/** The list's one-button forms: move a row up or down, hide it, show it again. */
export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const submission = parseWithZod(await readFormData(context, request), { schema: contentListActionSchema });
  if (submission.status !== "success") return refuse(context, "admin:siteContent.invalidAction");
  const value = submission.value;
  const done =
    value.intent === "move"
      ? await moveContent(admin.id, value.list, value.id, value.direction)
      : await setContentHidden(admin.id, value.list, value.id, value.intent === "hide");
  if (!done) return refuse(context, "admin:siteContent.notFound", 404);
  return redirectWithToast(context, `/admin/content#${ANCHOR[value.list]}`, `admin:siteContent.${value.intent}Done`);
}

function RowButtons({
  list,
  id,
  label,
  hidden,
  first,
  last,
}: {
  list: ContentList;
  id: number;
  label: string;
  hidden: boolean;
  first: boolean;
  last: boolean;
}) {
  const { t } = useTranslation("admin");
  const move = (direction: MoveDirection, disabled: boolean) => (
    <Form method="post" className="content-row-form">
      <input type="hidden" name="list" value={list} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        name="intent"
        value="move"
        className="btn btn-outline"
        disabled={disabled}
        aria-label={t(`siteContent.move.${direction}Named`, { name: label })}
      >
        {t(`siteContent.move.${direction}`)}
      </button>
    </Form>
  );
  return (
    <div className="content-row-actions">
      <AppLink
        className="btn btn-outline"
        to={`/admin/content/${ANCHOR[list]}/${id}`}
        aria-label={t("siteContent.editNamed", { name: label })}
      >
        {t("siteContent.edit")}
      </AppLink>
      {move("up", first)}
      {move("down", last)}
      <Form method="post" className="content-row-form">
        <input type="hidden" name="list" value={list} />
        <input type="hidden" name="id" value={id} />
        <button
          type="submit"
          name="intent"
          value={hidden ? "show" : "hide"}
          className="btn btn-outline"
          aria-label={t(hidden ? "siteContent.showNamed" : "siteContent.hideNamed", { name: label })}
        >
          {t(hidden ? "siteContent.show" : "siteContent.hide")}
        </button>
      </Form>
    </div>
  );
}

function Visibility({ hidden }: { hidden: boolean }) {
  const { t } = useTranslation("admin");
  return hidden ? (
    <Badge tone="warn">{t("siteContent.hidden")}</Badge>
  ) : (
    <Badge tone="ok">{t("siteContent.shown")}</Badge>
  );
}

export default function AdminContent({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { faq, fleet, partners } = loaderData;
  return (
    <section className="admin-content">
      <PageHeader title={t("siteContent.title")} />
      <p className="field-hint">{t("siteContent.lead")}</p>
      <FormError message={actionData?.formError} />

      <section id="faq" aria-labelledby="faq-title" className="admin-content-section">
        <div className="admin-page-head">
          <h2 id="faq-title">{t("siteContent.faq.title")}</h2>
          <AppLink className="btn btn-primary" to="/admin/content/faq/new">
            {t("siteContent.faq.new")}
          </AppLink>
        </div>
        <p className="field-hint">{t("siteContent.faq.lead")}</p>
        <AdminTable
          rows={faq}
          empty={t("siteContent.faq.empty")}
          label={t("siteContent.faq.title")}
          columns={[
            { header: "#", render: (row) => faq.indexOf(row) + 1 },
            {
              header: t("siteContent.faq.question"),
              render: (row) => (
                <>
                  {row.question} <MissingLanguages languages={row.missingLanguages} />
                </>
              ),
            },
            { header: t("siteContent.visibility"), render: (row) => <Visibility hidden={row.hidden} /> },
            {
              header: t("list.actions"),
              render: (row) => (
                <RowButtons
                  list="faq"
                  id={row.id}
                  label={row.question}
                  hidden={row.hidden}
                  first={faq.indexOf(row) === 0}
                  last={faq.indexOf(row) === faq.length - 1}
                />
              ),
            },
          ]}
        />
      </section>

      <section id="fleet" aria-labelledby="fleet-title" className="admin-content-section">
        <div className="admin-page-head">
          <h2 id="fleet-title">{t("siteContent.fleet.title")}</h2>
          <AppLink className="btn btn-primary" to="/admin/content/fleet/new">
            {t("siteContent.fleet.new")}
          </AppLink>
        </div>
        <AdminTable
          rows={fleet}
          empty={t("siteContent.fleet.empty")}
          label={t("siteContent.fleet.title")}
          columns={[
            { header: "#", render: (row) => fleet.indexOf(row) + 1 },
            {
              header: t("siteContent.fleet.name"),
              render: (row) => (
                <>
                  <strong>{row.name}</strong> <MissingLanguages languages={row.missingLanguages} />
                  <br />
                  <span className="field-hint">{row.spec}</span>
                </>
              ),
            },
            {
              header: t("siteContent.fleet.licence"),
              render: (row) =>
                row.licenceCategory === "AM" ? (
                  <Badge tone="info">{t("siteContent.fleet.licenceAM")}</Badge>
                ) : (
                  t("siteContent.fleet.licenceNone")
                ),
            },
            { header: t("siteContent.visibility"), render: (row) => <Visibility hidden={row.hidden} /> },
            {
              header: t("list.actions"),
              render: (row) => (
                <RowButtons
                  list="fleet"
                  id={row.id}
                  label={row.name}
                  hidden={row.hidden}
                  first={fleet.indexOf(row) === 0}
                  last={fleet.indexOf(row) === fleet.length - 1}
                />
              ),
            },
          ]}
        />
      </section>

      <section id="partners" aria-labelledby="partners-title" className="admin-content-section">
        <div className="admin-page-head">
          <h2 id="partners-title">{t("siteContent.partners.title")}</h2>
          <AppLink className="btn btn-primary" to="/admin/content/partners/new">
            {t("siteContent.partners.new")}
          </AppLink>
        </div>
        <AdminTable
          rows={partners}
          empty={t("siteContent.partners.empty")}
          label={t("siteContent.partners.title")}
          columns={[
            { header: "#", render: (row) => partners.indexOf(row) + 1 },
            {
              header: t("siteContent.partners.name"),
              render: (row) =>
                row.logo ? (
                  <img src={row.logo} alt={row.name} width={140} height={40} className="content-logo" />
                ) : (
                  row.name
                ),
            },
            { header: t("siteContent.partners.url"), render: (row) => row.url ?? "—" },
            { header: t("siteContent.visibility"), render: (row) => <Visibility hidden={row.hidden} /> },
            {
              header: t("list.actions"),
              render: (row) => (
                <RowButtons
                  list="partner"
                  id={row.id}
                  label={row.name}
                  hidden={row.hidden}
                  first={partners.indexOf(row) === 0}
                  last={partners.indexOf(row) === partners.length - 1}
                />
              ),
            },
          ]}
        />
      </section>
    </section>
  );
}
