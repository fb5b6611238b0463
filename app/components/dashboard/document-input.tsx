import { useTranslation } from "react-i18next";
import type { DocumentField } from "~/domain/application-schema";
import { FileInput } from "~/components/file-input";
import { FieldError, RequiredMark } from "./field-error";

type Draft = { id: number; kind: string; width: number | null; height: number | null };

/**
 * One identity document. A file kept from an earlier attempt shows "uploaded ✓ — replace": the
 * hidden marker lets the browser's validation count it (the server checks its own records).
 */
export function DocumentInput({
  name,
  draft,
  errors,
  required,
}: {
  name: DocumentField;
  draft: Draft | undefined;
  errors: string[] | undefined;
  required: boolean;
}) {
  const { t } = useTranslation("dashboard");
  const errorId = `${name}-error`;
  return (
    <div className="doc-input" data-testid={`doc-${name}`}>
      <label className="field">
        <span>
          {t(`apply.documents.${name}`)}
          {required ? <RequiredMark /> : null}
        </span>
        {draft ? (
          <span className="doc-kept">
            <img src={`/files/${draft.id}`} alt="" width={48} height={48} className="doc-thumb" />
            <span>{t("apply.uploadedReplace")}</span>
          </span>
        ) : null}
        <FileInput
          name={name}
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? errorId : undefined}
        />
      </label>
      {draft ? <input type="hidden" name={name} value="kept" /> : null}
      <FieldError id={errorId} errors={errors} />
    </div>
  );
}
