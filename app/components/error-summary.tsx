import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export type SummaryError = { id: string; message: string };

/**
 * Whether a submit event is the person's own submit. Conform checks a field on blur by submitting the
 * form through a temporary `__intent__` button; counting that as an attempt showed the summary on a
 * blur, and the box pushed the real submit button from under a click already under way.
 */
export function isOwnSubmit(event: { nativeEvent: Event }) {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  return submitter?.getAttribute("name") !== "__intent__";
}

/**
 * The GOV.UK error summary: a box first in the form, titled "There is a problem", one link per
 * field error to the field itself. It takes the focus when it appears, so a keyboard or screen
 * reader user starts from it: server-rendered (no JS) through `autofocus`, with JS through an
 * effect (give it a new `key` per failed attempt, so it takes the focus again). With JS a link focuses the field
 * and scrolls its label into view; without JS it is a plain fragment link.
 */
export function ErrorSummary({ errors }: { errors: SummaryError[] }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;
  useEffect(() => {
    if (!shown) return;
    // After the frame: the form library focuses the first invalid field on submit, the summary goes first.
    const frame = requestAnimationFrame(() => box.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [shown]);
  if (!shown) return null;
  return (
    <div
      ref={box}
      className="error-summary"
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
      autoFocus
      data-testid="error-summary"
    >
      <h2 id="error-summary-title" className="error-summary-title">
        {t("errorSummary.title")}
      </h2>
      <ul className="error-summary-list">
        {errors.map((error) => (
          <li key={error.id}>
            <a href={`#${error.id}`} onClick={(event) => focusField(event, error.id)}>
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function focusField(event: React.MouseEvent<HTMLAnchorElement>, id: string) {
  const field = document.getElementById(id);
  if (!field) return;
  event.preventDefault();
  // The label (or a group's legend) above the input is what tells the reader which field this is.
  const around = field.closest("fieldset, .field, .doc-input") ?? field;
  around.scrollIntoView({ block: "start" });
  field.focus({ preventScroll: true });
  history.replaceState(history.state, "", `#${id}`);
}
