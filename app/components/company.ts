import { useRouteLoaderData } from "react-router";
import type { CompanyContact } from "~/domain/company-profile";

/** The company's public facts from the root loader (footer, `mailto:`/`tel:` links); each absent until set. */
export function useCompany(): CompanyContact {
  return (useRouteLoaderData("root") as { company?: CompanyContact } | undefined)?.company ?? {};
}
