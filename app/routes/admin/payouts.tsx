import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/app-link";
import { AdminTable } from "~/components/admin/admin-table";
import { PageHeader, useFormatDate } from "~/components/admin/ui";
import { requireAdmin } from "~/services/session.server";
import { listImports } from "~/models/earnings-import.server";
import type { Route } from "./+types/payouts";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { imports: await listImports() };
}

/** The Pay section: for now the committed earnings imports (the weeks' statements come here later). */
export default function AdminPayouts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  return (
    <section>
      <PageHeader title={t("nav.payouts")}>
        <AppLink to="/admin/payouts/import" className="btn btn-primary">
          {t("pay.import.title")}
        </AppLink>
        <AppLink to="/admin/payouts/platforms" className="btn btn-outline">
          {t("pay.platforms.title")}
        </AppLink>
        <AppLink to="/admin/payouts/questions" className="btn btn-outline">{t("pay.questions.title")}</AppLink>
      </PageHeader>
      <div className="card">
        <h2>{t("pay.imports.title")}</h2>
        <AdminTable
          rows={loaderData.imports}
          empty={t("pay.imports.empty")}
          columns={[
            { header: t("pay.week"), render: (row) => row.weekStart, className: "whitespace-nowrap" },
            { header: t("pay.platform"), render: (row) => row.platformName },
            { header: t("pay.imports.file"), render: (row) => row.fileName, className: "min-w-0" },
            { header: t("pay.imports.rows"), render: (row) => t("pay.imports.rowsValue", { rows: row.rowsCount, skipped: row.skippedCount }) },
            { header: t("pay.imports.who"), render: (row) => row.byName ?? row.byEmail ?? "—" },
            { header: t("pay.imports.when"), render: (row) => (row.committedAt ? formatDate(row.committedAt, true) : "—"), className: "whitespace-nowrap" },
          ]}
        />
      </div>
    </section>
  );
}
