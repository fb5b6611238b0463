import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useNavigation, useSubmit } from "react-router";
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

/** How long an application's documents must have been on screen before a key may decide it. */
export const KEY_DWELL_MS = 600;

/** Resolves once every document image of the page has loaded (or failed) and been painted. */
function documentsShown() {
  const images = [...document.querySelectorAll<HTMLImageElement>(".admin-documents img")];
  return Promise.all(
    images.map((img) =>
      img.complete
        ? Promise.resolve()
        : new Promise<void>((done) => {
            img.addEventListener("load", () => done(), { once: true });
            img.addEventListener("error", () => done(), { once: true });
          }),
    ),
  );
}

function rejectBox() {
  return document.querySelector<HTMLTextAreaElement>("[data-reject-box] textarea");
}

/** Focuses the shown page's reason box and puts in what was typed while it was opening. */
function openRejectBox(current: { opening: boolean; typed: string }) {
  const box = rejectBox();
  current.opening = false;
  if (!box) return;
  box.focus();
  if (current.typed) box.value += current.typed;
  current.typed = "";
}

/**
 * Keys of the review queue: j/k move, a approves (and opens the next), r jumps to the reject reason,
 * ? lists them. Every key only does what a visible link or button on the page also does without JS.
 * A deciding key acts only on the application shown: not while a page is loading, not before its
 * documents have been on screen for KEY_DWELL_MS, once per page, never from a held key. An `r` pressed
 * while the page loads opens the reason box once the page is there; what is typed meanwhile goes into it.
 */
export function useReviewShortcuts({
  applicationId,
  nextHref,
  previousHref,
  helpHref,
}: {
  applicationId: number;
  nextHref: string | null;
  previousHref: string | null;
  helpHref: string;
}) {
  const navigate = useNavigate();
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const state = useRef({
    readyFor: 0,
    decided: false,
    leaving: false,
    opening: false,
    typed: "",
    timer: 0,
    arm: () => {},
  });

  useEffect(() => {
    const current = state.current;
    let cancelled = false;
    // Live once the documents are shown and no key has been pressed for KEY_DWELL_MS (typing restarts it).
    current.arm = () => {
      current.readyFor = 0;
      // Marks the page for tests and tooling: the deciding keys are live.
      delete document.documentElement.dataset.reviewKeys;
      window.clearTimeout(current.timer);
      void documentsShown().then(() => {
        if (cancelled) return;
        window.clearTimeout(current.timer);
        current.timer = window.setTimeout(() => {
          if (cancelled) return;
          current.readyFor = applicationId;
          document.documentElement.dataset.reviewKeys = String(applicationId);
          if (current.opening) openRejectBox(current);
        }, KEY_DWELL_MS);
      });
    };
    current.decided = false;
    current.leaving = false;
    current.arm();
    return () => {
      cancelled = true;
      window.clearTimeout(current.timer);
      current.readyFor = 0;
      delete document.documentElement.dataset.reviewKeys;
    };
  }, [applicationId]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const current = state.current;
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      // The reason box is opening: what is typed belongs in it, not to the shortcuts.
      if (current.opening) {
        if (event.key.length === 1) current.typed += event.key;
        event.preventDefault();
        return;
      }
      if (event.repeat) return event.preventDefault();
      if (document.querySelector("dialog[open]") && event.key !== "?") return;
      const key = event.key;
      const loading = busy || current.leaving;
      if (key === "r" && loading) {
        // Meant for the application being opened: its reason box gets focus once it is shown.
        current.opening = true;
        return event.preventDefault();
      }
      if (loading || current.readyFor !== applicationId) {
        // Not shown yet, or the admin is typing somewhere that lost focus: keys stay dead a while longer.
        if (key.length === 1) {
          current.arm();
          event.preventDefault();
        }
        return;
      }
      if (key === "j" && nextHref) {
        current.leaving = true;
        void navigate(nextHref);
      } else if (key === "k" && previousHref) {
        current.leaving = true;
        void navigate(previousHref);
      } else if (key === "a") {
        // The approve form has two buttons ("and open the next" and plain); the key is the first.
        const form = document.querySelector<HTMLFormElement>("#approve-next");
        const button = form?.querySelector<HTMLButtonElement>("button[name=next]");
        if (!form || !button || current.decided) return event.preventDefault();
        current.decided = true;
        current.leaving = true;
        const data = new FormData(form, button);
        data.set("via", "key");
        void submit(data, { method: "post", action: form.getAttribute("action") ?? undefined });
      } else if (key === "r") {
        if (!rejectBox()) return;
        current.opening = true;
        openRejectBox(current);
      } else if (key === "?") void navigate(helpHref, { preventScrollReset: true });
      else return;
      event.preventDefault();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, submit, busy, applicationId, nextHref, previousHref, helpHref]);
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
export function QueueNav({
  previousHref,
  nextHref,
  helpHref,
  position,
  total,
}: {
  previousHref: string | null;
  nextHref: string | null;
  helpHref: string;
  position: number | null;
  total: number;
}) {
  const { t } = useTranslation("admin");
  return (
    <nav className="admin-queue-nav" aria-label={t("queue.nav")}>
      {previousHref ? (
        <Link className="btn btn-outline" to={previousHref} rel="prev">
          {t("queue.previous")} <kbd>k</kbd>
        </Link>
      ) : null}
      <span className="field-hint">
        {position ? t("queue.position", { position, total }) : t("queue.waiting", { count: total })}
      </span>
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
