import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { FormError, PageHeader } from "~/components/admin/ui";
import { ImportPreviewView, MappingForm, UploadForm } from "~/components/admin/earnings-import";
import { bratislavaDay } from "~/domain/date-format";
import { addDays, EARNING_FIELDS, mondayOf, type EarningsMapping } from "~/domain/earnings-csv";
import { importActionSchema, importUploadSchema } from "~/domain/pay-schemas";
import { now } from "~/infra/clock.server";
import { readFormData } from "~/infra/http.server";
import { receiveUploadForm, UploadError } from "~/infra/uploads.server";
import { getInstance } from "~/infra/i18n.server";
import { requireAdmin } from "~/services/session.server";
import {
  commitImport,
  discardPendingImport,
  findPendingImport,
  previewImport,
  stageEarningsFile,
} from "~/models/earnings-import.server";
import {
  findCourierIdByEmail,
  linkPlatformAccount,
  listCourierChoices,
  listPlatforms,
  savePlatformMapping,
} from "~/models/platforms.server";
import { notFound, redirectWithToast, refuse } from "./admin-action.server";
import type { Route } from "./+types/payouts-import";
import { formKeyOf, newFormKey, once } from "~/services/idempotency.server";
import { adminRefusal } from "../model-errors.server";

/** Problems listed on the page at most (the counts cover all of them). */
const SHOWN_PROBLEMS = 200;

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const platforms = (await listPlatforms()).map((p) => ({ id: p.id, name: p.name }));
  const defaultWeek = addDays(mondayOf(bratislavaDay(now())), -7);
  const params = new URL(request.url).searchParams;
  const id = Number(params.get("id"));
  const formKey = newFormKey();
  // A file over the limit posted without JS is sent back here by the server (body-limit.server.ts).
  const refused = params.get("refused") === "tooLarge" ? getInstance(context).t("admin:pay.import.tooLarge") : null;
  if (!Number.isInteger(id) || id <= 0)
    return { platforms, defaultWeek, preview: null, couriers: [], formKey, refused };
  // An import that is gone or whose file no longer reads is not there to preview.
  const preview = await previewImport(id).catch((error: unknown) => {
    throw adminRefusal(context, error, () => null);
  });
  const base = {
    id: preview.import.id,
    fileName: preview.import.fileName,
    weekStart: preview.import.weekStart,
    platformName: preview.platformName,
  };
  if (preview.status === "needsMapping")
    return {
      platforms,
      defaultWeek,
      formKey,
      refused: null,
      couriers: [],
      preview: { ...base, status: "needsMapping" as const, header: preview.header, mapping: preview.mapping },
    };
  const { read, problems, unknownAccounts, totals, counts, generic, corrections } = preview;
  return {
    platforms,
    defaultWeek,
    formKey,
    refused: null,
    couriers: unknownAccounts.length ? await listCourierChoices() : [],
    preview: {
      ...base,
      status: "ready" as const,
      read,
      generic,
      good: preview.rows.length,
      problems: problems.slice(0, SHOWN_PROBLEMS),
      problemCount: problems.length,
      unknownAccounts,
      totals,
      counts,
      corrections,
    },
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    // The upload's key rides in the URL: a second click stages no second pending file.
    return await once(admin.id, formKeyOf(new URL(request.url).searchParams), "/admin/payouts/import", async () => {
      try {
        return await receiveUploadForm(request, { fields: { file: "csv" }, maxFiles: 1 }, async (received) => {
          const { fields, files } = received;
          const submission = parseWithZod(fields, { schema: importUploadSchema });
          if (submission.status !== "success")
            return refuse(context, Object.values(submission.error ?? {}).flat()[0] ?? "admin:validation.required");
          const [file] = files;
          if (!file)
            return refuse(
              context,
              received.emptyFiles.includes("file") ? "admin:pay.import.emptyFile" : "admin:pay.import.noFile",
            );
          const id = await stageEarningsFile(admin.id, submission.value, file);
          return redirect(`/admin/payouts/import?id=${id}`);
        });
      } catch (error) {
        if (error instanceof UploadError)
          return refuse(
            context,
            error.code === "badType"
              ? "admin:pay.import.notCsv"
              : error.code === "tooLarge"
                ? "admin:pay.import.tooLarge"
                : `admin:uploads.${error.code}`,
            error.status,
          );
        return adminRefusal(context, error, { notFound: "admin:pay.import.errors.notFound" });
      }
    });
  }
  const form = await readFormData(context, request);
  const submission = parseWithZod(form, { schema: importActionSchema });
  if (submission.status !== "success")
    return refuse(context, Object.values(submission.error ?? {}).flat()[0] ?? "admin:validation.required");
  const value = submission.value;
  const here = `/admin/payouts/import?id=${value.id}`;
  try {
    if (value.intent === "commit") {
      // Once per rendered preview: a second click does not answer "already imported".
      return await once(admin.id, formKeyOf(form), "/admin/payouts", async () => {
        // The week's drafts and any correction of a frozen week are written in the import's own transaction.
        const result = await commitImport(admin.id, value.id);
        return redirectWithToast(
          context,
          "/admin/payouts",
          result.added + result.changed === 0 ? "admin:pay.import.unchanged" : "admin:pay.import.done",
          { values: result },
        );
      });
    }
    if (value.intent === "discard") {
      await discardPendingImport(value.id);
      return redirectWithToast(context, "/admin/payouts/import", "admin:pay.import.discarded");
    }
    const pending = await findPendingImport(value.id);
    if (!pending) return notFound();
    if (value.intent === "map") {
      const mapping: EarningsMapping = {
        columns: Object.fromEntries(EARNING_FIELDS.map((f) => [f, value[`col_${f}`]])) as EarningsMapping["columns"],
        duration: value.duration,
      };
      await savePlatformMapping(admin.id, pending.platformId, mapping);
      return redirectWithToast(context, here, "admin:pay.import.mappingSaved");
    }
    const userId = await findCourierIdByEmail(value.courier);
    if (!userId) return refuse(context, "admin:pay.errors.unknownCourier");
    await linkPlatformAccount(admin.id, {
      platformId: pending.platformId,
      accountId: value.accountId,
      userId,
      startsOn: value.startsOn,
    });
    return redirectWithToast(context, here, "admin:pay.accounts.linked");
  } catch (error) {
    return adminRefusal(context, error);
  }
}

/** `/admin/payouts/import`: upload a week's file, preview it (link unknown accounts, map columns), then import it. */
export default function AdminPayoutsImport({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { preview } = loaderData;
  return (
    <section>
      <PageHeader title={t("pay.import.title")} crumbs={[{ to: "/admin/payouts", label: t("nav.payouts") }]} />
      <FormError
        message={actionData && "formError" in actionData ? actionData.formError : (loaderData.refused ?? null)}
      />
      {preview === null ? (
        <UploadForm
          platforms={loaderData.platforms}
          defaultWeek={loaderData.defaultWeek}
          formKey={loaderData.formKey}
        />
      ) : null}
      {preview?.status === "needsMapping" ? <MappingForm preview={preview} /> : null}
      {preview?.status === "ready" ? (
        <ImportPreviewView preview={preview} couriers={loaderData.couriers} formKey={loaderData.formKey} />
      ) : null}
    </section>
  );
}
