/**
 * The courier sets where their pay goes. Every save asks for the current password (the first one too:
 * a session left open on a shared phone must not be enough to point the pay elsewhere); wrong passwords
 * count against the same per-account limit as log-ins. A change of existing details e-mails the owner.
 */
import { maskIban, type BankDetails } from "~/domain/bank-details";
import { verifyCredentials } from "~/models/accounts.server";
import { saveBankAccount } from "~/models/bank-accounts.server";
import { getCompanyProfile } from "~/models/company-profile.server";
import { reset } from "~/models/limits.server";
import { payoutAccountChangedMail } from "./account-mail.server";
import { limit, type FlowFailure } from "./auth.server";
import { describeDevice, formatMailTime } from "./device.server";

type Owner = { id: number; email: string; language: string };

export type BankDetailsResult =
  | { ok: true; changed: boolean; holderMismatch: boolean }
  | (FlowFailure & { field?: "password" });

export async function changeBankDetails(
  user: Owner,
  details: BankDetails,
  password: string,
  request: Request,
): Promise<BankDetailsResult> {
  // Counted before the check, as at log-in, so parallel guesses cannot all slip past the limit.
  const limited = await limit("loginAccountFailures", user.email);
  if (limited) return limited;
  const checked = await verifyCredentials(user.email, password);
  if (!checked.ok || checked.user.id !== user.id)
    return { ok: false, status: 401, error: "pay:bank.errors.passwordWrong", field: "password" };
  await reset("loginAccountFailures", user.email);
  const now = new Date();
  const device = describeDevice(request.headers.get("User-Agent"), "?");
  const company = await getCompanyProfile();
  const saved = await saveBankAccount(user.id, details, now, (before, after) =>
    payoutAccountChangedMail(
      user,
      {
        oldIban: maskIban(before.iban),
        newIban: maskIban(after.iban),
        device,
        time: formatMailTime(now, user.language),
      },
      company,
    ),
  );
  return { ok: true, changed: saved.changed, holderMismatch: saved.after.holderMismatch };
}
