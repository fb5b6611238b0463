import type { AuthView } from "~/domain/auth-forms";
import { EmailOnlyForm } from "./forgot-form";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";
import type { AuthFormResult } from "~/domain/auth-forms";

/** The dialog's forms in one chunk, loaded only when the dialog opens (they carry Zod and Conform). */
export default function AuthForms({
  view,
  redirectTo,
  onSwitch,
  serverResult,
}: {
  view: AuthView;
  redirectTo: string;
  onSwitch: (view: AuthView) => void;
  serverResult?: AuthFormResult;
}) {
  if (view === "login") return <LoginForm redirectTo={redirectTo} onSwitch={onSwitch} serverResult={serverResult} />;
  if (view === "register") return <RegisterForm onSwitch={onSwitch} serverResult={serverResult} />;
  return <EmailOnlyForm kind="forgot" onSwitch={onSwitch} serverResult={serverResult} />;
}
