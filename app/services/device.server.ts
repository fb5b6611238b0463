import Bowser from "bowser";
import { HTML_LANG, isLanguage } from "~/domain/rules";
import { knownDeviceOf, recordDeviceLogin } from "~/models/devices.server";
import { dateTimeFormat } from "~/domain/date-format";
import { newDeviceMail } from "./account-mail.server";
import { randomToken } from "~/infra/crypto.server";
import { deviceCookie } from "~/infra/cookies.server";

/** "Chrome 150 on Android" from a User-Agent header; "Unknown device" when there is none. */
export function describeDevice(userAgent: string | null | undefined, unknown: string) {
  if (!userAgent) return unknown;
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split(".")[0]].filter(Boolean).join(" ");
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version?.split(".")[0]].filter(Boolean).join(" ");
  if (!browser && !os) return userAgent.slice(0, 60);
  return os ? `${browser || unknown} · ${os}` : browser;
}

export function formatMailTime(date: Date, language: string) {
  const locale = isLanguage(language) ? HTML_LANG[language] : "sk";
  return dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Bratislava" }).format(
    date,
  );
}

/** The id in the request's device cookie, when its signature holds. */
async function deviceIdOf(request: Request) {
  const value: unknown = await deviceCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length >= 20 ? value : null;
}

/**
 * The limit subject of a browser that has logged in to the account `email` before (a validly
 * signed device cookie the account has used), else null: such a browser is not held by the
 * account's failure lock (docs/security.md, "Hostile input").
 */
export async function knownBrowserFor(email: string, request: Request) {
  const deviceId = await deviceIdOf(request);
  const known = deviceId ? await knownDeviceOf(email, deviceId) : null;
  return known ? `${known.userId}:${known.deviceHash}` : null;
}

/**
 * Recognises the browser of a successful password check. A browser the account has not used
 * before (while it has used others) gets the owner an e-mail, even before the second factor:
 * a stolen password is worth knowing about. Returns the device cookie to set.
 */
export async function recognizeDevice(
  user: { id: number; email: string; language: string },
  request: Request,
  ip: string,
) {
  const deviceId = (await deviceIdOf(request)) ?? randomToken();
  const userAgent = request.headers.get("User-Agent");
  // The owner's e-mail is queued with the device row; the outbox sends it right after the commit.
  await recordDeviceLogin(user.id, deviceId, { ip, userAgent }, () =>
    newDeviceMail(user, {
      device: describeDevice(userAgent, "?"),
      ip,
      time: formatMailTime(new Date(), user.language),
    }),
  );
  return deviceCookie().serialize(deviceId);
}
