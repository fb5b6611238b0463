import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The full link as selectable text (all a browser without JS needs); with JS a button copies it to
 * the clipboard.
 */
export function CopyLink({ url }: { url: string }) {
  const { t } = useTranslation("admin");
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);
  return (
    <span className="admin-copy">
      <input
        className="admin-copy-text"
        readOnly
        value={url}
        aria-label={t("referrals.fullLink")}
        onFocus={(e) => e.currentTarget.select()}
      />
      {canCopy ? (
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => {
            void navigator.clipboard.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            );
          }}
        >
          {copied ? t("referrals.copied") : t("referrals.copy")}
        </button>
      ) : null}
    </span>
  );
}
