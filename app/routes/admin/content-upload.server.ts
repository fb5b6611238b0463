/**
 * The action of a site-content form with one picture (a fleet model, a partner): parse the upload
 * form, validate, save once per form key, back to the list with a toast; an upload refused by its
 * content answers with its own message. Each route gives its schema and its save.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { receiveUploadForm, UploadError, type ReceivedFile } from "~/infra/uploads.server";
import { formKeyOf, once } from "~/services/idempotency.server";
import { notFound, redirectWithToast, refuse } from "./admin-action.server";

export async function contentUploadAction<S extends z.ZodType>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  options: {
    adminId: number;
    /** The row edited, or null for a new one (then the form key makes a double post add one row). */
    id: number | null;
    field: string;
    schema: S;
    /** Where the list shows the row: `/admin/content#fleet`. */
    back: string;
    /** Saves; null when the edited row no longer exists. */
    save: (value: z.output<S>, files: ReceivedFile[]) => Promise<number | null>;
  },
) {
  try {
    return await receiveUploadForm(request, { fields: { [options.field]: "image" }, maxFiles: 1 }, async (parsed) => {
      const submission = parseWithZod(parsed.fields, { schema: options.schema });
      if (submission.status !== "success")
        return data({ result: submission.reply(), formError: null }, { status: 400 });
      const formKey = options.id === null ? formKeyOf(parsed.fields) : null;
      return await once(options.adminId, formKey, options.back, async () => {
        if ((await options.save(submission.value, parsed.files)) === null) throw notFound();
        return redirectWithToast(context, options.back, "admin:saved");
      });
    });
  } catch (error) {
    if (error instanceof UploadError) return refuse(context, `admin:uploads.${error.code}`, error.status);
    throw error;
  }
}
