import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { PlatformSelect } from "./platform-select";
import { Intent } from "../intent";

export type PlatformAccountLink = {
  id: number;
  platformName: string;
  accountId: string;
  startsOn: string;
  endsOn: string | null;
};

/** The admin's user page: the courier's platform account ids, a form to link one, and one to end each open link. */
export function PlatformAccountsCard({
  links,
  platforms,
  today,
}: {
  links: PlatformAccountLink[];
  platforms: { id: number; name: string }[];
  today: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="card" id="platform-accounts">
      <h2>{t("pay.accounts.title")}</h2>
      {links.length === 0 ? <p className="field-hint">{t("pay.accounts.none")}</p> : null}
      <ul className="admin-list">
        {links.map((link) => (
          <li key={link.id}>
            <strong>{link.platformName}</strong> · {link.accountId} ·{" "}
            {t("pay.accounts.range", { from: link.startsOn, to: link.endsOn ?? t("pay.accounts.open") })}
            {link.endsOn === null ? (
              <Form method="post" className="admin-inline-form" preventScrollReset>
                <Intent value="endAccount" />
                <input type="hidden" name="linkId" value={link.id} />
                <label className="field">
                  {t("pay.accounts.endsOn")}
                  <input type="date" name="endsOn" required defaultValue={today} />
                </label>
                <button type="submit" className="btn btn-outline">
                  {t("pay.accounts.end")}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {platforms.length === 0 ? (
        <p className="field-hint">{t("pay.accounts.noPlatforms")}</p>
      ) : (
        <Form method="post" className="admin-inline-form" preventScrollReset>
          <Intent value="linkAccount" />
          <PlatformSelect platforms={platforms} />
          <label className="field">
            {t("pay.accounts.accountId")}
            <input name="accountId" required maxLength={100} autoComplete="off" />
          </label>
          <label className="field">
            {t("pay.accounts.startsOn")}
            <input type="date" name="startsOn" required defaultValue={today} />
          </label>
          <button type="submit" className="btn btn-primary">
            {t("pay.accounts.link")}
          </button>
        </Form>
      )}
    </div>
  );
}
