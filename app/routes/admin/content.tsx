import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AppLink } from "~/components/app-link";
import type { Route } from "./+types/content";
import { AdminTable, type Column, type Columns } from "~/components/admin/admin-table";
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

/** AdminTable for a row type still open here: its props' row key is decided per concrete row type. */
const ListTable = AdminTable as <Row extends { id: number }>(props: {
  rows: readonly Row[];
  columns: Columns<Row>;
  empty: string;
  label: string;
}) => React.ReactNode;

/**
 * One list of the page: its heading and "new" link, then the table with the position, the list's own
 * columns, whether the row is shown, and the row's buttons.
 */
function ContentSection<Row extends { id: number; hidden: boolean }>({
  list,
  rows,
  name,
  columns,
  lead = false,
}: {
  list: ContentList;
  rows: readonly Row[];
  /** What the row's buttons name the row by. */
  name: (row: Row) => string;
  columns: Column<Row>[];
  lead?: boolean;
}) {
  const { t } = useTranslation("admin");
  const anchor = ANCHOR[list];
  return (
    <section id={anchor} aria-labelledby={`${anchor}-title`} className="admin-content-section">
      <div className="admin-page-head">
        <h2 id={`${anchor}-title`}>{t(`siteContent.${anchor}.title`)}</h2>
        <AppLink className="btn btn-primary" to={`/admin/content/${anchor}/new`}>
          {t(`siteContent.${anchor}.new`)}
        </AppLink>
      </div>
      {lead ? <p className="field-hint">{t(`siteContent.${anchor}.lead`)}</p> : null}
      <ListTable
        rows={rows}
        empty={t(`siteContent.${anchor}.empty`)}
        label={t(`siteContent.${anchor}.title`)}
        columns={[
          { header: "#", render: (row) => rows.indexOf(row) + 1 },
          ...columns,
          { header: t("siteContent.visibility"), render: (row) => <Visibility hidden={row.hidden} /> },
          {
            header: t("list.actions"),
            render: (row) => (
              <RowButtons
                list={list}
                id={row.id}
                label={name(row)}
                hidden={row.hidden}
                first={rows.indexOf(row) === 0}
                last={rows.indexOf(row) === rows.length - 1}
              />
            ),
          },
        ]}
      />
    </section>
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
      <ContentSection
        list="faq"
        rows={faq}
        name={(row) => row.question}
        lead
        columns={[
          {
            header: t("siteContent.faq.question"),
            render: (row) => (
              <>
                {row.question} <MissingLanguages languages={row.missingLanguages} />
              </>
            ),
          },
        ]}
      />
      <ContentSection
        list="fleet"
        rows={fleet}
        name={(row) => row.name}
        columns={[
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
        ]}
      />
      <ContentSection
        list="partner"
        rows={partners}
        name={(row) => row.name}
        columns={[
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
        ]}
      />
    </section>
  );
}
