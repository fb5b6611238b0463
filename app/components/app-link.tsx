import { useEffect, type AnchorHTMLAttributes } from "react";
import { useNavigate } from "react-router";

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A path of this app, absolute (`/admin/users?page=2`): it is the href as it stands, nothing to resolve. */
  to: `/${string}`;
};

/**
 * A link to a page of the app, for the places that render dozens of them (admin tables, pagers, the
 * admin navigation). React Router's <Link> runs several router hooks per link on the server and resolves
 * its path twice with a JSON.stringify of the route matches each time — a tenth of the admin users
 * page's render. This renders the same <a href> with no hooks; <ClientNavigation /> in the root turns
 * a click on it into the client-side navigation <Link> would make. Without JavaScript it is a plain link.
 */
export function AppLink({ to, children, ...rest }: AppLinkProps) {
  return (
    <a href={to} data-app-link="" {...rest}>
      {children}
    </a>
  );
}

/** The admin navigation's entry: AppLink marked as <NavLink> marks the current section (`active`, aria-current). */
export function AppNavLink({ to, pathname, className, ...rest }: AppLinkProps & { pathname: string }) {
  const active = pathname === to || pathname.startsWith(`${to}/`);
  return (
    <AppLink
      to={to}
      className={[className, active ? "active" : ""].filter(Boolean).join(" ") || undefined}
      aria-current={active ? "page" : undefined}
      {...rest}
    />
  );
}

/** Whether a click on an AppLink is one the app should handle: a plain left click on a same-origin link in this tab. */
function isAppNavigationClick(
  event: Pick<MouseEvent, "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "defaultPrevented">,
  link: HTMLAnchorElement,
  origin: string,
) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
    return false;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return false;
  return new URL(link.href).origin === origin;
}

/** One click listener for every AppLink on the page (rendered once, in the root). */
export function ClientNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-app-link]") : null;
      if (!link || !isAppNavigationClick(event, link, window.location.origin)) return;
      event.preventDefault();
      const url = new URL(link.href);
      const to = url.pathname + url.search + url.hash;
      const current = window.location.pathname + window.location.search + window.location.hash;
      // As <Link> does: a link to the page already shown replaces the history entry instead of adding one.
      void navigate(to, { replace: to === current });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
  return null;
}
