import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";

/**
 * A modal with its own URL: rendered open on the server (works without JS), upgraded to a real
 * modal with a focus trap and Escape once React runs. Closing navigates to `closeTo`.
 */
export function UrlDialog({
  title,
  closeTo,
  onClose,
  children,
  wide,
}: {
  title: string;
  closeTo: string;
  onClose?: () => void;
  children: React.ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    return () => opener?.focus?.();
  }, []);
  const close = () => {
    onClose?.();
    void navigate(closeTo, { replace: true, preventScrollReset: true });
  };
  return (
    <dialog
      ref={ref}
      open
      className={wide ? "modal modal-wide" : "modal"}
      aria-labelledby="dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <div className="modal-head">
        <h2 id="dialog-title">{title}</h2>
        <Link
          to={closeTo}
          replace
          preventScrollReset
          className="icon-btn"
          aria-label={t("dialog.close")}
          onClick={(event) => {
            event.preventDefault();
            close();
          }}
        >
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Link>
      </div>
      {children}
    </dialog>
  );
}
