import { type FormEvent, useCallback, useEffect, useState } from "react";
import { isOwnSubmit } from "../error-summary";

/** What each DocumentInput marks on its own element; its render follows the choice at once. */
const RUNNING = '[data-upload="preparing"], [data-upload="uploading"]';

function uploadsRunningIn(form: HTMLFormElement | null) {
  return form?.querySelector(RUNNING) != null;
}

/**
 * A submit made while photos still shrink or upload is kept and sent once they are done. A disabled
 * button dropped it: a tap (or the keyboard's Go) just after choosing the last photo did nothing,
 * and the moment before the button turned disabled sent the form without the photos.
 */
export function useSubmitAfterUploads() {
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const onBusyChange = useCallback(
    (name: string, busy: boolean) => setUploading((u) => (u[name] === busy ? u : { ...u, [name]: busy })),
    [],
  );
  const running = Object.values(uploading).some(Boolean);
  // A new object per held submit, so holding it again re-runs the effect below.
  const [held, setHeld] = useState<{ form: HTMLFormElement; submitter: HTMLElement | null } | null>(null);

  /** For `onSubmitCapture`, before the form library sees the submit; true when it was held. */
  const holdWhileUploading = (event: FormEvent<HTMLFormElement>) => {
    // The form library's own checks on blur are submits too; only the person's submit waits.
    if (!isOwnSubmit(event) || !uploadsRunningIn(event.currentTarget)) return false;
    event.preventDefault();
    event.stopPropagation();
    setHeld({ form: event.currentTarget, submitter: (event.nativeEvent as SubmitEvent).submitter });
    return true;
  };

  useEffect(() => {
    // `running` follows the inputs one effect later than their own marks, so both must say done.
    if (!held || running || uploadsRunningIn(held.form)) return;
    setHeld(null);
    const submitter = held.submitter?.isConnected ? held.submitter : null;
    held.form.requestSubmit(submitter);
  }, [held, running]);

  return { onBusyChange, waiting: running || held !== null, holdWhileUploading };
}
