import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { checkPhoto, fitsUploadLimit, PHOTO_ACCEPT } from "~/domain/photo";
import { FileInput } from "~/components/file-input";
import { FieldError } from "../form-messages";
import { RequiredMark } from "./field-error";
import { shrinkPhoto, uploadDocument, type ShrunkPhoto } from "./photo-upload";
import { documentFieldId, type DocumentKind } from "~/domain/documents";

type Draft = { id: number; kind: string; width: number | null; height: number | null };

type Upload =
  | { state: "idle" }
  | { state: "preparing"; name: string }
  | { state: "uploading"; name: string; progress: number; preview: string | null }
  | { state: "failed"; name: string; message: string; photo: ShrunkPhoto | null; preview: string | null };

/**
 * One identity document. A file kept from an earlier attempt (or carried over from a rejected
 * application) shows "uploaded ✓ — replace": the hidden marker lets the browser's validation count
 * it (the server checks its own records). With JS a chosen photo is checked, shrunk and uploaded at
 * once in its own request, with a preview, a progress bar, cancel and retry; a failure names the
 * file and touches only this field. Without JS the file goes with the form.
 */
export function DocumentInput({
  name,
  draft,
  errors,
  required,
  mustReplace = false,
  onBusyChange,
}: {
  name: DocumentKind;
  draft: Draft | undefined;
  errors: string[] | undefined;
  required: boolean;
  mustReplace?: boolean;
  onBusyChange?: (name: string, busy: boolean) => void;
}) {
  const { t } = useTranslation("dashboard");
  const errorId = `${name}-error`;
  const [kept, setKept] = useState<Draft | undefined>(draft);
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const abort = useRef<(() => void) | null>(null);
  // Each choice is one attempt; the answer of an attempt that a newer choice replaced is ignored.
  const attempt = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  // A photo chosen before the page hydrated goes the way of one chosen after.
  const takeOverEarlyChoice = useEffectEvent(() => {
    const file = input.current?.files?.[0];
    if (file) void choose(file);
  });
  useEffect(() => {
    takeOverEarlyChoice();
  }, []);
  useEffect(() => setKept(draft), [draft]);
  const busy = upload.state === "preparing" || upload.state === "uploading";
  useEffect(() => onBusyChange?.(name, busy), [busy, name, onBusyChange]);
  const preview = upload.state === "uploading" || upload.state === "failed" ? upload.preview : null;
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function send(fileName: string, photo: ShrunkPhoto, previewUrl: string | null) {
    if (!fitsUploadLimit(photo.blob.size)) {
      return setUpload({
        state: "failed",
        name: fileName,
        message: t("photoUpload.fileTooLarge", { name: fileName }),
        photo: null,
        preview: previewUrl,
      });
    }
    const mine = ++attempt.current;
    setUpload({ state: "uploading", name: fileName, progress: 0, preview: previewUrl });
    const request = uploadDocument(name, photo, (progress) =>
      setUpload((u) => (u.state === "uploading" ? { ...u, progress } : u)),
    );
    abort.current = request.abort;
    const outcome = await request.done;
    if (mine !== attempt.current) return;
    abort.current = null;
    if (outcome.ok) {
      setKept(outcome.document);
      setUpload({ state: "idle" });
    } else if (outcome.reason === "aborted") {
      setUpload({
        state: "failed",
        name: fileName,
        message: t("photoUpload.cancelled", { name: fileName }),
        photo,
        preview: previewUrl,
      });
    } else {
      const why = outcome.reason === "refused" ? outcome.message : t("errors:network");
      setUpload({
        state: "failed",
        name: fileName,
        message: t("photoUpload.failed", { name: fileName, reason: why }),
        photo: outcome.reason === "network" ? photo : null,
        preview: previewUrl,
      });
    }
  }

  async function choose(file: File) {
    // With JS the file travels on its own; the final submit only references it. A new choice replaces one still uploading.
    abort.current?.();
    if (input.current) input.current.value = "";
    const problem = checkPhoto(file);
    if (problem)
      return setUpload({
        state: "failed",
        name: file.name,
        message: t(problem === "badType" ? "photoUpload.badTypeNamed" : "photoUpload.fileTooLarge", {
          name: file.name,
        }),
        photo: null,
        preview: null,
      });
    setUpload({ state: "preparing", name: file.name });
    const photo = await shrinkPhoto(file);
    await send(file.name, photo, photo.previewable ? URL.createObjectURL(photo.blob) : null);
  }

  const failed = upload.state === "failed" ? upload.message : null;
  const fieldErrors = failed ? [failed] : errors;
  return (
    <div className="doc-input" data-testid={`doc-${name}`} data-upload={upload.state}>
      <label className="field">
        <span>
          {t(`apply.documents.${name}`)}
          {required || mustReplace ? <RequiredMark /> : null}
        </span>
        {mustReplace && !kept ? <span className="field-hint doc-replace">{t("resubmit.mustReplace")}</span> : null}
        {kept && upload.state === "idle" ? (
          <span className="doc-kept">
            <img src={`/files/${kept.id}`} alt="" width={48} height={48} className="doc-thumb" />
            <span>{t("apply.uploadedReplace")}</span>
          </span>
        ) : null}
        <FileInput
          resetOnNavigation={false}
          ref={input}
          id={documentFieldId(name)}
          name={name}
          accept={PHOTO_ACCEPT}
          aria-invalid={fieldErrors?.length ? true : undefined}
          aria-describedby={fieldErrors?.length ? errorId : undefined}
          // Attached from the hydrating render on: a photo chosen between it and the effect that takes
          // over an earlier choice is uploaded too.
          onChange={(event) => void (event.currentTarget.files?.[0] && choose(event.currentTarget.files[0]))}
        />
      </label>
      {upload.state !== "idle" ? (
        <div className="doc-upload" data-testid={`upload-${name}`}>
          {preview ? <img src={preview} alt="" width={48} height={48} className="doc-thumb" /> : null}
          <div className="doc-upload-main">
            <span className="doc-upload-name">{upload.name}</span>
            {upload.state === "uploading" || upload.state === "preparing" ? (
              <progress
                max={1}
                value={upload.state === "uploading" ? upload.progress : undefined}
                aria-label={t("photoUpload.progress", { name: upload.name })}
              />
            ) : null}
          </div>
          {busy ? (
            <button type="button" className="btn btn-ghost" onClick={() => abort.current?.()}>
              {t("photoUpload.cancel")}
            </button>
          ) : upload.state === "failed" && upload.photo ? (
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => upload.photo && void send(upload.name, upload.photo, upload.preview)}
            >
              {t("photoUpload.retry")}
            </button>
          ) : null}
        </div>
      ) : null}
      {kept && upload.state !== "uploading" ? <input type="hidden" name={name} value="kept" /> : null}
      {failed ? (
        <span id={errorId} className="field-error" role="alert">
          {failed}
        </span>
      ) : (
        <FieldError ns="dashboard" id={errorId} errors={errors} />
      )}
    </div>
  );
}
