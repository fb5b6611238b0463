import type { Language } from "./rules";

/** The landing page's editable content as pages show it. */
export type FaqEntry = { id: number; question: string; answer: string };

export type NewsMedia = {
  id: number;
  kind: "image" | "video";
  mime: string;
  width: number | null;
  height: number | null;
};
export type NewsItem = {
  id: number;
  title: string;
  content: string;
  /** The languages the title and body are in: the reader's, or a fallback (`pickLocalized`). */
  titleLang: Language;
  contentLang: Language;
  textPosition: "bottom_left" | "top_left" | "center";
  createdAt: string;
  media: NewsMedia[];
};
