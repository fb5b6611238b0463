import { useEffect, useLayoutEffect, useRef } from "react";
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
  inPage,
}: {
  title: string;
  closeTo: string;
  onClose?: () => void;
  children: React.ReactNode;
  wide?: boolean;
  /** The dialog is the page's only content (a no-JS form's answer): before it is modal it sits in the page. */
  inPage?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const opener = useRef<HTMLElement | null>(null);
  // Before the browser paints: a dialog React has just shown is modal from its first frame, so an Escape
  // pressed as soon as it appears closes it (with a passive effect it could land on the non-modal copy).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    opener.current = document.activeElement as HTMLElement | null;
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
  }, []);
  // Focus goes back once the dialog has left the page: while it is still there and modal, the rest is inert.
  useEffect(() => {
    const focusBack = opener;
    return () => focusBack.current?.focus?.();
  }, []);
  const close = () => {
    onClose?.();
    void navigate(closeTo, { replace: true, preventScrollReset: true });
  };
  return (
    <dialog
      ref={ref}
      open
      className={["modal", wide ? "modal-wide" : "", inPage ? "modal-in-page" : ""].filter(Boolean).join(" ")}
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
