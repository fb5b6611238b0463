import { z } from "zod";
import { multiLineText } from "./text";
import { MAX_REPORT_FILES } from "./rules";

/** Problem report: one schema for the browser and the action. */
export const problemReportSchema = z.object({
  description: multiLineText({ error: "errors.descriptionRequired" })
    .trim()
    .min(1, { error: "errors.descriptionRequired" })
    .max(2000, { error: "errors.tooLong" }),
  // Counted in the browser from the chosen files; on the server from the files received.
  attachments: z
    .array(z.any())
    .optional()
    .refine(
      (files) => (files ?? []).filter((file) => !(file instanceof Blob) || file.size > 0).length <= MAX_REPORT_FILES,
      {
        error: "errors.tooManyFiles",
      },
    ),
});

export type ProblemReportInput = z.infer<typeof problemReportSchema>;
