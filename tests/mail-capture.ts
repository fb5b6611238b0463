/**
 * Captures the real e-mails the app sends: an in-process SMTP server (smtp-server) that the app's
 * nodemailer transport is pointed at, plus a small parser for the raw messages (also used by the
 * Playwright journeys on the `.eml` files). Test-only.
 */
import { SMTPServer } from "smtp-server";
import { config } from "~/infra/config.server";
import { resetMailTransport } from "~/infra/mail.server";
import { onMailQueued } from "~/infra/outbox-signal.server";

export type CapturedMail = { to: string; subject: string; text: string; links: string[]; raw: string };

function decodeQuotedPrintable(value: string) {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, "");
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(text[i]!));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

function decodeHeader(value: string) {
  return value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}

function header(block: string, name: string) {
  const match = new RegExp(`^${name}:([^\\n]*(?:\\n[ \\t][^\\n]*)*)`, "im").exec(block);
  return match ? match[1]!.replace(/\r?\n[ \t]/g, " ").trim() : "";
}

function decodeBody(headers: string, body: string) {
  const encoding = header(headers, "Content-Transfer-Encoding").toLowerCase();
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8");
  return body;
}

/** Headers, and the text/plain part decoded. */
export function parseMail(raw: string): CapturedMail {
  const normalized = raw.replace(/\r\n/g, "\n");
  const split = normalized.indexOf("\n\n");
  const head = normalized.slice(0, split);
  const rest = normalized.slice(split + 2);
  const boundary = /boundary="?([^";\n]+)"?/i.exec(header(head, "Content-Type"))?.[1];
  let text = decodeBody(head, rest);
  if (boundary) {
    for (const part of rest.split(`--${boundary}`)) {
      const at = part.indexOf("\n\n");
      const partHead = part.slice(0, at);
      if (/text\/plain/i.test(header(partHead.trim(), "Content-Type")))
        text = decodeBody(partHead.trim(), part.slice(at + 2).replace(/\n$/, ""));
    }
  }
  return {
    to: header(head, "To"),
    subject: decodeHeader(header(head, "Subject")),
    text,
    links: text.match(/https?:\/\/[^\s<>"]+/g) ?? [],
    raw,
  };
}

/** An SMTP server on a loopback port (random unless given) that keeps what it receives (for servers started as processes too). */
export async function startSmtpServer(listenPort = 0) {
  const inbox: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        inbox.push(parseMail(Buffer.concat(chunks).toString("utf8")));
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** The next message to `to` (waits up to 5 s; mails for forgot/resend go out in the background). */
    async next(to: string, after = 0): Promise<CapturedMail> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const found = inbox.slice(after).find((mail) => mail.to.toLowerCase().includes(to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Starts an SMTP server on a random port and points the app's mail transport at it. The outbox
 * sender is woken after every commit that queues mail, as in the server; `next` also flushes it.
 */
export async function startMailCapture() {
  // Imported here: the Playwright journeys load this file for parseMail under Node, without the database.
  const { flushOutbox, kickOutbox } = await import("~/services/outbox.server");
  const smtp = await startSmtpServer();
  const stopListening = onMailQueued(() => void kickOutbox());
  const previous = config().smtpUrl;
  // The config is read once and cached; the test swaps the SMTP URL on the cached object.
  (config() as { smtpUrl?: string }).smtpUrl = smtp.url;
  resetMailTransport();
  return {
    inbox: smtp.inbox,
    async next(to: string, after = 0) {
      await flushOutbox();
      return smtp.next(to, after);
    },
    async stop() {
      stopListening();
      await flushOutbox();
      (config() as { smtpUrl?: string }).smtpUrl = previous;
      resetMailTransport();
      await smtp.stop();
    },
  };
}
