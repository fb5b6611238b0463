import { parseLegalText } from "~/domain/legal-text";

/** A legal text as headings, paragraphs and lists; every piece is React text, never HTML. */
export function LegalTextBody({ body }: { body: string }) {
  return (
    <div className="legal-text">
      {parseLegalText(body).map((block, i) => {
        const key = `${block.type}-${i}`;
        if (block.type === "heading")
          return block.level === 2 ? <h2 key={key}>{block.text}</h2> : <h3 key={key}>{block.text}</h3>;
        if (block.type === "list")
          return (
            <ul key={key}>
              {block.items.map((item, j) => (
                <li key={`${key}-${j}`}>{item}</li>
              ))}
            </ul>
          );
        return <p key={key}>{block.text}</p>;
      })}
    </div>
  );
}
