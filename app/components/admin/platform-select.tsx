import { useTranslation } from "react-i18next";

/** The labelled platform choice of the pay forms (posted as `platformId`). */
export function PlatformSelect({ platforms }: { platforms: { id: number; name: string }[] }) {
  const { t } = useTranslation("admin");
  return (
    <label className="field">
      {t("pay.platform")}
      <select name="platformId" required>
        {platforms.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
