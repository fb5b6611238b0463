import { useTranslation } from "react-i18next";
import { useFormatDate } from "./ui";

export type AdminBankView = { iban: string; holder: string; holderMismatch: boolean; changedAt: Date | string } | null;

/** The courier's payout account for the admin: the IBAN in full (the admin pays to it), the holder, and a mismatch flag. */
export function BankAccountCard({ bank }: { bank: AdminBankView }) {
  const { t } = useTranslation("admin");
  const formatDate = useFormatDate();
  return (
    <div className="card" data-testid="admin-bank">
      <h2>{t("pay.bank.title")}</h2>
      {bank ? (
        <>
          <p className="pay-iban">{bank.iban}</p>
          <p>
            {bank.holder} · {t("pay.bank.changedAt", { date: formatDate(bank.changedAt, true) })}
          </p>
          {bank.holderMismatch ? (
            <p className="alert alert-error" data-testid="admin-bank-mismatch">
              {t("pay.bank.mismatch")}
            </p>
          ) : null}
        </>
      ) : (
        <p className="field-hint">{t("pay.bank.none")}</p>
      )}
    </div>
  );
}
