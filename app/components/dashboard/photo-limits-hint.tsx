import { useHydrated } from "../use-hydrated";
import { useTranslation } from "react-i18next";

/** The photo limits; the promise to shrink large photos only where the script that shrinks them runs. */
export function PhotoLimitsHint() {
  const { t } = useTranslation("dashboard");
  const hydrated = useHydrated();
  return (
    <p className="field-hint" data-testid="photo-limits">
      {t("apply.limits")}
      {hydrated ? ` ${t("apply.limitsShrink")}` : null}
    </p>
  );
}
