/**
 * The action of an admin form that carries files (news, vehicles, fleet models, partners): parse the
 * upload form, validate, save once per form key, answer; an upload refused by its content answers with
 * its own message. Each route gives its schema and its save.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { receiveUploadForm, UploadError, type ReceivedFile } from "~/infra/uploads.server";
import { formKeyOf, once } from "~/services/idempotency.server";
import { notFound, redirectWithToast, refuse } from "./admin-action.server";

export async function uploadFormAction<S extends z.ZodType, T>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  options: {
    adminId: number;
    /** The row edited, or null for a new one (then the form key makes a double post add one row). */
    id: number | null;
    /** The form's one file input and how many files it may carry. */
    files: { field: string; accept: "image" | "media"; max: number };
    /** The message for more files than `max`, where the page says it in its own words. */
    tooManyFiles?: string;
    schema: S;
    /** Where a repeated post of a new row's form goes while the first is still saving. */
    back: string;
    /** Saves and answers (a redirect with a toast). */
    save: (value: z.output<S>, files: ReceivedFile[]) => Promise<T>;
  },
) {
  const { files } = options;
  try {
    return await receiveUploadForm(
      request,
      { fields: { [files.field]: files.accept }, maxFiles: files.max },
      async (parsed) => {
        const submission = parseWithZod(parsed.fields, { schema: options.schema });
        if (submission.status !== "success")
          return data({ result: submission.reply(), formError: null }, { status: 400 });
        const formKey = options.id === null ? formKeyOf(parsed.fields) : null;
        return await once(options.adminId, formKey, options.back, () => options.save(submission.value, parsed.files));
      },
    );
  } catch (error) {
    if (error instanceof UploadError) {
      const key = error.code === "tooManyFiles" && options.tooManyFiles ? options.tooManyFiles : null;
      return refuse(context, key ?? `admin:uploads.${error.code}`, error.status);
    }
    throw error;
  }
}

/** A site-content row with one picture (a fleet model, a partner): back to the list's section when saved. */
export function contentUploadAction<S extends z.ZodType>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  options: {
    adminId: number;
    id: number | null;
    field: string;
    schema: S;
    /** Where the list shows the row: `/admin/content#fleet`. */
    back: string;
    /** Saves; null when the edited row no longer exists. */
    save: (value: z.output<S>, files: ReceivedFile[]) => Promise<number | null>;
  },
) {
  return uploadFormAction(context, request, {
    ...options,
    files: { field: options.field, accept: "image", max: 1 },
    save: async (value, files) => {
      if ((await options.save(value, files)) === null) throw notFound();
      return redirectWithToast(context, options.back, "admin:saved");
    },
  });
}
