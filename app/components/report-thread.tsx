/** A problem report's conversation as a list of speech bubbles: the courier's on one side, the team's on the other. */
export type ThreadItem = { key: string; from: "courier" | "admin"; body: string; at: string | Date };

export function ReportThread<T extends ThreadItem>({
  messages,
  authorOf,
  formatDate,
  testId,
}: {
  messages: T[];
  /** Who wrote a message, as the reader should see it ("You", "Courier Fleet", an admin's e-mail…). */
  authorOf: (message: T) => string;
  formatDate: (value: string | Date) => string;
  testId?: string;
}) {
  return (
    <ol className="thread" data-testid={testId}>
      {messages.map((message) => (
        <li key={message.key} className={`thread-msg thread-${message.from}`}>
          <p className="thread-meta">
            <strong>{authorOf(message)}</strong> ·{" "}
            <time dateTime={new Date(message.at).toISOString()}>{formatDate(message.at)}</time>
          </p>
          <p className="thread-body">{message.body}</p>
        </li>
      ))}
    </ol>
  );
}
