import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { parseAuthView, type AuthFormResult, type AuthView } from "~/domain/auth-forms";
import { UrlDialog } from "./dialog";

import { loadAuthForms, loadedAuthForms } from "./auth/forms-loader";

/** Renders the lazily loaded forms, fetching them first when the dialog opens after hydration. */
function AuthForms(props: Parameters<NonNullable<ReturnType<typeof loadedAuthForms>>>[0]) {
  const { t } = useTranslation();
  const [Forms, setForms] = useState(loadedAuthForms);
  useEffect(() => {
    if (!Forms) void loadAuthForms().then((component) => setForms(() => component));
  }, [Forms]);
  return Forms ? <Forms {...props} /> : <p className="text-sm text-muted">{t("loading")}</p>;
}

/** The URL of the current page without the dialog's own parameters. */
function withoutDialog(pathname: string, search: URLSearchParams) {
  const params = new URLSearchParams(search);
  params.delete("auth");
  params.delete("redirectTo");
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

/**
 * The log-in, register and forgot-password dialog. Opens from `?auth=login|register|forgot` (no JS needed) or from
 * navigation state `{ authDialog }`, which is cleared as soon as it has been read. The form routes
 * (app/routes/auth/*) render it with `forcedView` and their action's answer after a no-JS post.
 */
export function AuthDialog({
  forcedView,
  serverResult,
  redirectTo: forcedRedirect,
}: {
  forcedView?: AuthView;
  serverResult?: AuthFormResult;
  redirectTo?: string;
} = {}) {
  const { t } = useTranslation("auth");
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [stateView, setStateView] = useState<AuthView | null>(null);

  useEffect(() => {
    const requested = parseAuthView((location.state as { authDialog?: unknown } | null)?.authDialog);
    if (!requested) return;
    setStateView(requested);
    void navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: null,
      preventScrollReset: true,
    });
  }, [location, navigate]);

  const view = forcedView ?? parseAuthView(searchParams.get("auth")) ?? stateView;
  if (!view) return null;
  const redirectTo = forcedRedirect ?? searchParams.get("redirectTo") ?? "";
  const titles: Record<AuthView, string> = {
    login: t("login.title"),
    register: t("register.title"),
    forgot: t("forgot.title"),
  };
  return (
    <UrlDialog
      key={view}
      title={titles[view]}
      closeTo={forcedView ? "/" : withoutDialog(location.pathname, searchParams)}
      onClose={() => setStateView(null)}
      inPage={Boolean(forcedView)}
    >
      <AuthForms view={view} redirectTo={redirectTo} onSwitch={setStateView} serverResult={serverResult} />
    </UrlDialog>
  );
}
