import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { UrlDialog } from "~/components/dialog";

export const SHORTCUTS = [
  ["j", "next"],
  ["k", "previous"],
  ["a", "approve"],
  ["r", "reject"],
  ["?", "help"],
] as const;

function typing(target: EventTarget | null) {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));
}

/**
 * Keys of the review queue: j/k move, a approves (and opens the next), r jumps to the reject reason,
 * ? lists them. Every key only does what a visible link or button on the page also does without JS.
 */
export function useReviewShortcuts({ nextHref, previousHref, helpHref }: { nextHref: string | null; previousHref: string | null; helpHref: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      if (document.querySelector("dialog[open]") && event.key !== "?") return;
      const key = event.key;
      if (key === "j" && nextHref) void navigate(nextHref);
      else if (key === "k" && previousHref) void navigate(previousHref);
      else if (key === "a") {
        // The approve form has two buttons ("and open the next" and plain); the key is the first.
        const form = document.querySelector<HTMLFormElement>("#approve-next");
        form?.requestSubmit(form.querySelector<HTMLButtonElement>("button[name=next]") ?? undefined);
      }
      else if (key === "r") document.querySelector<HTMLTextAreaElement>("[data-reject-box] textarea")?.focus();
      else if (key === "?") void navigate(helpHref, { preventScrollReset: true });
      else return;
      event.preventDefault();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, nextHref, previousHref, helpHref]);
}

export function ShortcutsDialog({ closeTo }: { closeTo: string }) {
  const { t } = useTranslation("admin");
  return (
    <UrlDialog title={t("queue.shortcuts")} closeTo={closeTo}>
      <dl className="admin-keys">
        {SHORTCUTS.map(([key, name]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{t(`queue.keys.${name}`)}</dd>
          </div>
        ))}
      </dl>
      <p className="field-hint">{t("queue.keysNoJs")}</p>
    </UrlDialog>
  );
}

/** Previous / next in the queue and the shortcuts link, as plain links. */
export function QueueNav({ previousHref, nextHref, helpHref, position, total }: { previousHref: string | null; nextHref: string | null; helpHref: string; position: number | null; total: number }) {
  const { t } = useTranslation("admin");
  return (
    <nav className="admin-queue-nav" aria-label={t("queue.nav")}>
      {previousHref ? (
        <Link className="btn btn-outline" to={previousHref} rel="prev">
          {t("queue.previous")} <kbd>k</kbd>
        </Link>
      ) : null}
      <span className="field-hint">{position ? t("queue.position", { position, total }) : t("queue.waiting", { count: total })}</span>
      {nextHref ? (
        <Link className="btn btn-outline" to={nextHref} rel="next">
          {t("queue.next")} <kbd>j</kbd>
        </Link>
      ) : null}
      <Link className="btn btn-ghost" to={helpHref} preventScrollReset>
        {t("queue.shortcuts")} <kbd>?</kbd>
      </Link>
    </nav>
  );
}
