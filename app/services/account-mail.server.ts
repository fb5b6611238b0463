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
  const lines = [
    t(`email:${kind}.intro`, values),
    t(`email:${kind}.expires`, values),
    t(`email:${kind}.ignore`, values),
  ];
  const action = t(`email:${kind}.action`);
  const text = [
    t("email:greeting"),
    "",
    lines[0],
    "",
    `${action}: ${link}`,
    "",
    lines[1],
    lines[2],
    "",
    t("email:signature"),
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(t("email:greeting"))}</p>
<p>${escapeHtml(lines[0]!)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:14px;color:#444">${escapeHtml(link)}</p>
<p>${escapeHtml(lines[1]!)}<br>${escapeHtml(lines[2]!)}</p>
<p>${escapeHtml(t("email:signature"))}</p>
</body></html>`;
  return {
    to: to.email,
    subject: t(`email:${kind}.subject`),
    text,
    html,
    language: to.language,
    kind,
    userId: to.id ?? null,
  };
}

/** The page a link opens speaks the account's language (`?lng=` wins over the browser's, docs/api.md). */
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

/** "Your account was signed in to from a new device", with a way to react if it was not the owner. */
export function newDeviceMail(to: Recipient, values: { device: string; ip: string; time: string }): Mail {
  return securityAlert("newDevice", to, ["device", "ip", "time"], values);
}

/** "Setting up the authenticator was started in another browser" (app/services/second-factor.server.ts). */
export function enrolmentStartedMail(to: Recipient, values: { device: string; ip: string; time: string }): Mail {
  return securityAlert("enrolmentStarted", to, ["device", "ip", "time"], values);
}

/**
 * "Your payout account was changed": the masked old and new IBAN, when and from which browser. Changing
 * where the pay goes is the classic way to steal it, so the owner hears of it as of a new log-in device.
 */
export function payoutAccountChangedMail(
  to: Recipient,
  values: { oldIban: string; newIban: string; device: string; time: string },
  /** The support line of the company profile: "call us at once" when one is set. */
  company: { phone?: string },
): Mail {
  const call = company.phone
    ? translatorFor(to.language)("email:payoutAccountChanged.call", { phone: company.phone })
    : null;
  return securityAlert("payoutAccountChanged", to, ["oldIban", "newIban", "time", "device"], values, call);
}

/** A security notice: the facts, "if it was you, nothing to do", and a link to the sessions page. */
function securityAlert(
  kind: "newDevice" | "enrolmentStarted" | "payoutAccountChanged",
  to: Recipient,
  facts: string[],
  values: Record<string, string>,
  /** A line after the action (whom to call). */
  after: string | null = null,
): Mail {
  const t = translatorFor(to.language);
  const link = accountLink("/account/sessions", to);
  // A browser notice names the browser the way the new-device e-mail does.
  const factsOf = kind === "enrolmentStarted" ? "newDevice" : kind;
  const details = facts.map((fact) => t(`email:${factsOf}.${fact}`, values));
  const notYou = t(`email:${kind}.notYou`, values);
  const action = t(`email:${factsOf}.action`);
  const text = [
    t("email:greeting"),
    "",
    t(`email:${kind}.intro`),
    "",
    ...details,
    "",
    t(`email:${kind}.ok`),
    notYou,
    `${action}: ${link}`,
    ...(after ? [after] : []),
    "",
    t("email:signature"),
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(t("email:greeting"))}</p>
<p>${escapeHtml(t(`email:${kind}.intro`))}</p>
<p>${details.map(escapeHtml).join("<br>")}</p>
<p>${escapeHtml(t(`email:${kind}.ok`))}<br>${escapeHtml(notYou)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#0f766e;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
${after ? `<p>${escapeHtml(after)}</p>\n` : ""}<p>${escapeHtml(t("email:signature"))}</p>
</body></html>`;
  return {
    to: to.email,
    subject: t(`email:${kind}.subject`),
    text,
    html,
    language: to.language,
    kind,
    userId: to.id ?? null,
  };
}
