/**
 * Legal texts (the privacy notice, the terms of use) as the operator writes them: plain text with a
 * tiny, safe subset of Markdown — `## heading`, `### subheading`, `- list item`, paragraphs separated
 * by a blank line. Nothing in a text becomes HTML: the blocks are rendered as React text.
 */

export const LEGAL_KINDS = ["privacy", "terms"] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

export function isLegalKind(value: unknown): value is LegalKind {
  return typeof value === "string" && (LEGAL_KINDS as readonly string[]).includes(value);
}

/** The public page of each text. */
export const LEGAL_PATHS: Record<LegalKind, "/privacy" | "/terms"> = { privacy: "/privacy", terms: "/terms" };

/** A published text can be long, but not a book: the form and the action refuse more. */
export const LEGAL_BODY_MAX_CHARS = 60_000;

export type LegalBlock =
  | { type: "heading"; level: 2 | 3; text: string }
  | { type: "paragraph"; text: string }
  | { type: "list"; items: string[] };

/** Splits a text into headings, paragraphs and lists; lines inside a paragraph are joined with a space. */
export function parseLegalText(body: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: "paragraph", text: paragraph.join(" ") });
    if (list) blocks.push({ type: "list", items: list });
    paragraph = [];
    list = null;
  };
  for (const raw of body.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      blocks.push({ type: "heading", level: heading[1]!.length === 3 ? 3 : 2, text: heading[2]! });
    } else if (item) {
      if (paragraph.length) flush();
      list ??= [];
      list.push(item[1]!);
    } else if (list) {
      // A wrapped line continues the last list item.
      list[list.length - 1] += ` ${line}`;
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}
