import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";

/** Log out is a post (a link could be fetched by a prefetcher or a crawler); it works without JS. */
export function LogoutButton({
  className = "btn btn-outline",
  children,
}: {
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/auth/logout">
      <button type="submit" className={className}>
        {children ?? t("account.logout")}
      </button>
    </Form>
  );
}
