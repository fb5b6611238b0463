import { Link, useLocation } from "react-router";
import type { AuthView } from "~/domain/auth-forms";

/**
 * A link to another view of the auth dialog. On a page of its own (a form route after a no-JS
 * post, /activate, /reset-password) it leads to the home page's dialog; elsewhere it keeps the URL.
 */
export function AuthSwitchLink({
  to,
  children,
  onSwitch,
  className = "link",
}: {
  to: AuthView;
  children: React.ReactNode;
  onSwitch?: (view: AuthView) => void;
  className?: string;
}) {
  const location = useLocation();
  const standalone = /^\/(auth|activate|reset-password)(\/|$)/.test(location.pathname);
  const params = new URLSearchParams(standalone ? "" : location.search);
  params.set("auth", to);
  return (
    <Link
      to={`${standalone ? "/" : location.pathname}?${params}`}
      replace={!standalone}
      preventScrollReset
      className={className}
      onClick={() => onSwitch?.(to)}
    >
      {children}
    </Link>
  );
}
