import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { config } from "./config.server";
import { randomToken } from "./crypto.server";
import { log } from "./log.server";

export type Mail = { to: string; subject: string; text: string; html?: string };

let transporter: Transporter | undefined;

function transport() {
  const { smtpUrl } = config();
  // Without SMTP the message is rendered to RFC 822 by nodemailer itself and kept as an .eml file.
  // Short timeouts: the outbox claims a row for a few minutes, and a hanging server must fail (and be
  // retried later) well within that claim.
  transporter ??= smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return transporter;
}

/** For tests that point the app at another SMTP server after start-up. */
export function resetMailTransport() {
  transporter = undefined;
}

const LINK = /https?:\/\/[^\s<>"]+/g;

/** Counts the files this process wrote, so that names sort in the order written even within one millisecond. */
let filesWritten = 0;

/**
 * Sends one e-mail; only the outbox sender calls it (app/services/outbox.server.ts), everything else
 * queues its mail in the outbox. With SMTP_URL unset it is written to DATA_DIR/mail/*.eml and its subject and
 * links are logged, so a local account can be activated without a mail server.
 */
export async function sendMail(mail: Mail) {
  const { mailFrom, smtpUrl, mailDir } = config();
  const info = (await transport().sendMail({ from: mailFrom, ...mail })) as { message?: Buffer; messageId?: string };
  if (!smtpUrl && info.message) {
    mkdirSync(mailDir, { recursive: true });
    const order = String(++filesWritten).padStart(6, "0");
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const file = path.join(mailDir, `${stamp}-${order}-${randomToken(4)}.eml`);
    writeFileSync(file, info.message, { mode: 0o600 });
    log("info", "mail written", { to: mail.to, subject: mail.subject, file, links: mail.text.match(LINK) ?? [] });
  }
  return info.messageId;
}
