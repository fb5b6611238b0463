import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useNavigation, useSubmit } from "react-router";
import { UrlDialog } from "~/components/dialog";
import { useNonce } from "~/components/nonce";
import { useHydrated } from "~/components/use-hydrated";
import { reviewKeyAction } from "./review-keys";

export const SHORTCUTS = [
  ["j", "next"],
  ["k", "previous"],
  ["a Enter", "approve"],
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

/**
 * Keys pressed before the page's scripts ran, kept by an inline script: only an `r` is replayed (the reason
 * box opens with what was typed after it); no other key is, least of all a deciding one.
 */
const EARLY_KEYS =
  "(function(){var k=window.__reviewEarlyKeys=[];function on(e){var t=e.target;" +
  "if(window.__reviewEarlyKeys!==k)return removeEventListener('keydown',on,true);" +
  "if(e.ctrlKey||e.metaKey||e.altKey||e.key.length!==1||(t&&(t.isContentEditable||/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))))return;" +
  "k.push(e.key)}addEventListener('keydown',on,true)})()";

export function EarlyKeys() {
  const nonce = useNonce();
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_KEYS }} />;
}

/** What was typed before the scripts ran, from its first `r` on; the inline script stops keeping keys. */
function takeEarlyKeys() {
  const holder = window as { __reviewEarlyKeys?: string[] | null };
  const keys = holder.__reviewEarlyKeys ?? [];
  holder.__reviewEarlyKeys = null;
  const at = keys.indexOf("r");
  return at === -1 ? null : keys.slice(at + 1).join("");
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
 * Keys of the review queue: j/k move, a then Enter approves (and opens the next), r jumps to the reject
 * reason, ? lists them (which key does what: `reviewKeyAction`). Until the page has hydrated no key is shown
 * beside its link or button (`Key`), and of the keys pressed meanwhile only an `r` is replayed (`EarlyKeys`). Every key only does what a visible link or button on the page also does without JS.
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
    armed: false,
    arm: () => {},
  });
  // `a` asks before it approves: the page shows the question until Enter or any other key.
  const [armed, setArmedState] = useState(false);
  const setArmed = useCallback((on: boolean) => {
    state.current.armed = on;
    setArmedState(on);
  }, []);

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
    setArmed(false);
    current.arm();
    const early = takeEarlyKeys();
    if (early !== null && rejectBox()) {
      current.typed = early;
      openRejectBox(current);
    }
    return () => {
      cancelled = true;
      window.clearTimeout(current.timer);
      current.readyFor = 0;
      delete document.documentElement.dataset.reviewKeys;
    };
  }, [applicationId, setArmed]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const current = state.current;
      if (event.defaultPrevented) return;
      const inField = typing(event.target);
      // The reason box is opening: what is typed belongs in it, not to the shortcuts.
      if (current.opening && !inField && !event.ctrlKey && !event.metaKey && !event.altKey) {
        if (event.key.length === 1) current.typed += event.key;
        event.preventDefault();
        return;
      }
      const key = event.key;
      const loading = busy || current.leaving;
      if (key === "r" && loading && !inField) {
        // Meant for the application being opened: its reason box gets focus once it is shown.
        current.opening = true;
        return event.preventDefault();
      }
      const action = reviewKeyAction({
        key,
        repeat: event.repeat,
        modified: event.ctrlKey || event.metaKey || event.altKey,
        inField,
        dialogOpen: !!document.querySelector("dialog[open]"),
        live: !loading && current.readyFor === applicationId,
        approveArmed: current.armed,
      });
      if (action === "none") return;
      if (action === "typing") {
        // Not shown yet, or the admin is typing somewhere that lost focus: keys stay dead a while longer.
        current.arm();
        return event.preventDefault();
      }
      if (action === "disarm") {
        setArmed(false);
        return event.preventDefault();
      }
      if (action === "armApprove") setArmed(!current.decided);
      else if (action === "approve") {
        setArmed(false);
        // The approve form has two buttons ("and open the next" and plain); the key is the first.
        const form = document.querySelector<HTMLFormElement>("#approve-next");
        const button = form?.querySelector<HTMLButtonElement>("button[name=next]");
        if (!form || !button || current.decided) return event.preventDefault();
        current.decided = true;
        current.leaving = true;
        const data = new FormData(form, button);
        data.set("via", "key");
        void submit(data, { method: "post", action: form.getAttribute("action") ?? undefined });
      } else if (action === "next" && nextHref) {
        current.leaving = true;
        void navigate(nextHref);
      } else if (action === "previous" && previousHref) {
        current.leaving = true;
        void navigate(previousHref);
      } else if (action === "reject") {
        if (!rejectBox()) return;
        current.opening = true;
        openRejectBox(current);
      } else if (action === "help") void navigate(helpHref, { preventScrollReset: true });
      else if (action !== "swallow") return;
      event.preventDefault();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [navigate, submit, busy, applicationId, nextHref, previousHref, helpHref, setArmed]);
  return { approveArmed: armed };
}

export function ShortcutsDialog({ closeTo }: { closeTo: string }) {
  const { t } = useTranslation("admin");
  return (
    <UrlDialog title={t("queue.shortcuts")} closeTo={closeTo}>
      <dl className="admin-keys">
        {SHORTCUTS.map(([key, name]) => (
          <div key={key}>
            <dt>
              {key.split(" ").map((part) => (
                <kbd key={part}>{part}</kbd>
              ))}
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
          {t("queue.previous")} <Key name="k" />
        </Link>
      ) : null}
      <span className="field-hint">
        {position ? t("queue.position", { position, total }) : t("queue.waiting", { count: total })}
      </span>
      {nextHref ? (
        <Link className="btn btn-outline" to={nextHref} rel="next">
          {t("queue.next")} <Key name="j" />
        </Link>
      ) : null}
      <Link className="btn btn-ghost" to={helpHref} preventScrollReset>
        {t("queue.shortcuts")} <Key name="?" />
      </Link>
    </nav>
  );
}

/** A shortcut's key beside its link or button, shown only once the keys work (after hydration). */
export function Key({ name }: { name: string }) {
  return useHydrated() ? <kbd>{name}</kbd> : null;
}
