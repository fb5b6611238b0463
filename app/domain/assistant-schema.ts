import { z } from "zod";
import { multiLineText } from "./text";
import { LANGUAGES } from "./rules";

export const QUESTION_MAX_LENGTH = 500;

/** The assistant's question, shared by the JSON API and the no-JS form of the home page. */
export const askSchema = z.object({
  question: multiLineText().trim().min(2).max(QUESTION_MAX_LENGTH),
  language: z.enum(LANGUAGES).optional(),
});
