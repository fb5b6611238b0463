import { config } from "~/infra/config.server";
import { translatorFor } from "~/infra/i18n.server";
import { log } from "~/infra/log.server";
import { queueMailAlone, type OutgoingMail } from "~/models/outbox.server";
import { ACTIVATION_TOKEN_HOURS, isLanguage, RESET_TOKEN_MINUTES } from "~/domain/rules";

type Mail = OutgoingMail;
/** With `id`, the queued mail goes with the account if it is erased before it was sent. */
type Recipient = { email: string; language: string; id?: number };

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One plain-text and one simple HTML body from the same translated lines. */
function compose(kind: "activation" | "reset", to: Recipient, link: string, values: Record<string, unknown>): Mail {
  const t = translatorFor(to.language);
  const lines = [t(`email:${kind}.intro`, values), t(`email:${kind}.expires`, values), t(`email:${kind}.ignore`, values)];
  const action = t(`email:${kind}.action`);
  const text = [t("email:greeting"), "", lines[0], "", `${action}: ${link}`, "", lines[1], lines[2], "", t("email:signature")].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(t("email:greeting"))}</p>
<p>${escapeHtml(lines[0]!)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:14px;color:#444">${escapeHtml(link)}</p>
<p>${escapeHtml(lines[1]!)}<br>${escapeHtml(lines[2]!)}</p>
<p>${escapeHtml(t("email:signature"))}</p>
</body></html>`;
  return { to: to.email, subject: t(`email:${kind}.subject`), text, html, language: to.language, kind, userId: to.id ?? null };
}

/** The page a link opens speaks the account's language (`?lng=` wins over the browser's, CONTRACT §3). */
function accountLink(path: string, to: Recipient) {
  const url = new URL(path, config().appUrl);
  if (isLanguage(to.language)) url.searchParams.set("lng", to.language);
  return url.toString();
}

/** The activation e-mail, in the language the account was registered in; its page opens in it too. */
export function activationMail(to: Recipient, token: string) {
  return compose("activation", to, accountLink(`/activate/${token}`, to), { hours: ACTIVATION_TOKEN_HOURS });
}

export function resetMail(to: Recipient, token: string) {
  return compose("reset", to, accountLink(`/reset-password/${token}`, to), { minutes: RESET_TOKEN_MINUTES });
}

/**
 * Queues an account e-mail in the outbox in a transaction of its own; the outbox sender sends it
 * right after the commit, in the background: waiting for SMTP would make an existing account slower
 * to answer than an unknown one (forgot-password, resend-activation). Never rejects: a failure to
 * queue is logged. Await it to know the row is committed.
 */
export async function sendInBackground(mail: Mail) {
  try {
    await queueMailAlone(mail);
  } catch (error) {
    log("error", "mail not queued", { kind: mail.kind, error: String(error) });
  }
}

/**
 * A security notice about a browser: what happened, which browser, from where and when, and a way
 * to react if it was not the owner. `newDevice`: signed in from a browser it had not used before;
 * `enrolmentStarted`: a browser started setting up the authenticator while another one had too.
 */
function browserNoticeMail(kind: "newDevice" | "enrolmentStarted", to: Recipient, values: { device: string; ip: string; time: string }): Mail {
  const t = translatorFor(to.language);
  const link = `${config().appUrl}/account/sessions`;
  const details = [t("email:newDevice.device", values), t("email:newDevice.ip", values), t("email:newDevice.time", values)];
  const action = t("email:newDevice.action");
  const text = [
    t("email:greeting"),
    "",
    t(`email:${kind}.intro`),
    "",
    ...details,
    "",
    t(`email:${kind}.ok`),
    t(`email:${kind}.notYou`),
    `${action}: ${link}`,
    "",
    t("email:signature"),
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(t("email:greeting"))}</p>
<p>${escapeHtml(t(`email:${kind}.intro`))}</p>
<p>${details.map(escapeHtml).join("<br>")}</p>
<p>${escapeHtml(t(`email:${kind}.ok`))}<br>${escapeHtml(t(`email:${kind}.notYou`))}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p>${escapeHtml(t("email:signature"))}</p>
</body></html>`;
  return { to: to.email, subject: t(`email:${kind}.subject`), text, html, language: to.language, kind, userId: to.id ?? null };
}

/** "Your account was signed in to from a new device". */
export function newDeviceMail(to: Recipient, values: { device: string; ip: string; time: string }): Mail {
  return browserNoticeMail("newDevice", to, values);
}

/** "Setting up the authenticator was started in another browser" (app/services/second-factor.server.ts). */
export function enrolmentStartedMail(to: Recipient, values: { device: string; ip: string; time: string }): Mail {
  return browserNoticeMail("enrolmentStarted", to, values);
}
