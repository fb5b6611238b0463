import { Link, useLocation } from "react-router";
import type { AuthView } from "../auth-dialog";

/** A link to another view of the auth dialog, keeping the rest of the URL. */
export function AuthSwitchLink({ to, children, onSwitch }: { to: AuthView; children: React.ReactNode; onSwitch?: (view: AuthView) => void }) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set("auth", to);
  return (
    <Link to={`${location.pathname}?${params}`} replace preventScrollReset className="link" onClick={() => onSwitch?.(to)}>
      {children}
    </Link>
  );
}
